import Flipbook

/// One path of a shape group: its value as the model holds it, and its path morph when animated.
struct LottiePath {
    let value: String
    let animation: JSONText?
    /// The trim paths items that cut it (those listed after it in its group and after its groups
    /// in theirs), nearest first.
    var trims: [LottieValue] = []
    /// At most the bytes a paint of it writes: its path data, the strings of its morph's keys and a
    /// byte for each other value in them.
    let bytes: Int

    init(value: String, animation: JSONText?, trims: [LottieValue] = []) {
        self.value = value
        self.animation = animation
        self.trims = trims
        func strings(_ j: JSONText) -> Int {
            switch j {
            case .string(let s), .written(let s): s.utf8.count
            case .array(let items): items.reduce(0) { $0 + strings($1) }
            case .object(let members): members.reduce(0) { $0 + strings($1.1) }
            default: 1
            }
        }
        bytes = value.utf8.count + (animation.map(strings) ?? 0)
    }
}
