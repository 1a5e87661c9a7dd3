import Flipbook
import FlipbookSupport

extension SceneLoader.Context {
    /// A layer's `"maskMode"` (`MaskMode`'s names), nil when it gives none; an unknown name, or a mode
    /// without a `"mask"` beside it, is an error at its JSON path.
    static func maskMode(_ o: ObjectReader) throws(SceneError) -> MaskMode? {
        guard let reader = o.optional("maskMode") else { return nil }
        let name = try reader.string()
        let names = MaskMode.allCases.map(\.rawValue)
        guard let mode = MaskMode(rawValue: name) else {
            throw reader.error("unknown mask mode \"\(JSONReader.shown(name))\"\(DidYouMean.hint(for: name, among: names)); expected one of \(names.joined(separator: ", "))")
        }
        guard o.has("mask") else { throw reader.error("a maskMode without a mask: give the layer a \"mask\" or leave maskMode out") }
        return mode
    }
}
