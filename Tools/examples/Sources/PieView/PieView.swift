import Flipbook

/// Seed 003's PieView: one slice layer per value; setting `sliceValues` at a scene time adds missing
/// slices, removes extra ones and sets every slice's angles (which animate by the slice's action).
struct PieView {
    var scene: Scene
    private var sliceCount = 0

    init(size: Size, duration: Double) {
        scene = Scene(canvas: size, background: .white, duration: duration, fps: 30, layers: [])
    }

    mutating func setSliceValues(_ values: [Double], at time: Double) throws {
        let total = values.reduce(0, +)
        // A slice the chart has never shown is created hidden, so it can appear at `time`.
        while scene.root.sublayers.count < values.count {
            var slice = Layer(id: "slice\(scene.root.sublayers.count)", type: PieSlice.self)
            slice.frame = Rect(origin: .zero, size: scene.canvas)
            slice[.strokeColor] = Color(white: 0.25)
            slice[.lineWidth] = 0.5
            slice[.hidden] = true
            scene.root.sublayers.append(slice)
        }
        let shown = sliceCount
        try scene.transaction(at: time) { t in
            var start = Angle.zero
            for (index, value) in values.enumerated() {
                let id = "slice\(index)"
                let end = start + .fullTurn * (value / total)
                t.nested(disableActions: true) { now in
                    if index >= shown {  // addSublayer: appears at once and grows from 0
                        now.set(.hidden, to: false, onLayer: id)
                        now.set(PieSlice.startAngle, to: .zero, onLayer: id)
                        now.set(PieSlice.endAngle, to: .zero, onLayer: id)
                    }
                    now.set(.fillColor, to: Color(hue: Double(index) / Double(values.count), saturation: 0.5,
                                                  brightness: 0.75), onLayer: id)
                }
                t.set(PieSlice.startAngle, to: start, onLayer: id)
                t.set(PieSlice.endAngle, to: end, onLayer: id)
                start = end
            }
            for index in values.count..<max(shown, values.count) {  // removeFromSuperlayer: gone at once
                t.nested(disableActions: true) { $0.set(.hidden, to: true, onLayer: "slice\(index)") }
            }
        }
        sliceCount = values.count
    }
}
