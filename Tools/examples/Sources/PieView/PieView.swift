import Flipbook

/// Seed 003's PieView: one slice layer per value; setting `sliceValues` at a scene time adds the
/// slices it lacks (addSublayer), removes the extra ones (removeFromSuperlayer) and sets every slice's
/// angles (which animate by the slice's action).
struct PieView {
    var scene: Scene
    /// The ids of the slices shown, in order.
    private var slices: [String] = []
    /// Slices made so far: each new one takes a new id.
    private var made = 0

    init(size: Size, duration: Double) {
        scene = Scene(canvas: size, background: .white, duration: duration, fps: 30, layers: [])
    }

    mutating func setSliceValues(_ values: [Double], at time: Double) throws {
        let total = values.reduce(0, +)
        let canvas = scene.canvas
        var adding: [Layer] = []
        while slices.count + adding.count < values.count {
            // A new slice joins closed at angle 0 and opens by its action from there.
            var slice = Layer(id: "slice\(made)", type: PieSlice.self)
            made += 1
            slice.frame = Rect(origin: .zero, size: canvas)
            slice[.strokeColor] = Color(white: 0.25)
            slice[.lineWidth] = 0.5
            adding.append(slice)
        }
        let removing = slices.count > values.count ? Array(slices[values.count...]) : []
        slices = Array(slices.prefix(values.count)) + adding.map(\.id)
        let ids = slices
        try scene.transaction(at: time) { t in
            for slice in adding { t.add(slice, to: "root") }          // addSublayer:
            for id in removing { t.remove(id) }                       // removeFromSuperlayer
            var start = Angle.zero
            for (index, value) in values.enumerated() {
                let id = ids[index]
                let end = start + .fullTurn * (value / total)
                t.nested(disableActions: true) { now in
                    now.set(.fillColor, to: Color(hue: Double(index) / Double(values.count), saturation: 0.5,
                                                  brightness: 0.75), onLayer: id)
                }
                t.set(PieSlice.startAngle, to: start, onLayer: id)
                t.set(PieSlice.endAngle, to: end, onLayer: id)
                start = end
            }
        }
    }
}
