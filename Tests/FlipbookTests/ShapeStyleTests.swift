@testable import Flipbook
import FlipbookSupport
import Testing

/// `ShapeStyle.drawing` reads the twelve style properties in one pass; each must be what the layer's
/// typed subscript reads, property by property.
struct ShapeStyleTests {
    /// A type that declares its own style defaults, two of them of the wrong kind (which the reads
    /// ignore for the key's default).
    enum Styled: LayerBehavior {
        static let typeName = "styledForTests"
        static let properties = ShapeStyle.properties.overriding(
            AnyPropertyKey(name: "lineWidth", defaultValue: .text("wide")),
            AnyPropertyKey(name: "lineCap", defaultValue: .choice("round")),
            AnyPropertyKey(name: "lineJoin", defaultValue: .choice("no such join")),
            AnyPropertyKey(name: "strokeColor", defaultValue: .color(Color(red: 0, green: 0.5, blue: 1))),
            AnyPropertyKey(name: "lineDashPattern", defaultValue: .dashPattern(DashPattern([4, 2]))))
        static func draw(_ layer: Layer) -> [DrawItem] { [] }
    }

    /// The drawing built by reading each property through its key (the reference).
    static func keyByKey(_ path: Path, _ layer: Layer) -> ShapeDrawing {
        ShapeDrawing(path: path, fill: layer[.fillColor], fillGradient: layer[.fillGradient], fillRule: layer[.fillRule],
                     stroke: layer[.strokeColor], strokeGradient: layer[.strokeGradient], lineWidth: max(layer[.lineWidth], 0), lineCap: layer[.lineCap],
                     lineJoin: layer[.lineJoin], miterLimit: layer[.miterLimit], dashPattern: layer[.lineDashPattern],
                     dashPhase: layer[.lineDashPhase], strokeStart: min(max(layer[.strokeStart], 0), 1),
                     strokeEnd: min(max(layer[.strokeEnd], 0), 1))
    }

    /// For every primitive type and one with declared defaults, 400 random tables: each style property
    /// unset, set to a value of its kind (edge values among them), or set to a value of another kind,
    /// among other properties; the one-pass drawing equals the key-by-key one, to the last bit.
    @Test func onePassReadsAsKeyByKey() {
        var random = SplitMix64(seed: 2611)
        let numbers: [Double] = [0, -0.0, 1, 2.5, -3, 0.5, 1e9, .nan, .infinity]
        let stops = Gradient(stops: [Gradient.Stop(0, .black), Gradient.Stop(1, .white)], start: Point(0, 0), end: Point(1, 0))
        let values: [String: [PropertyValue]] = [
            "fillColor": [.color(.white), .color(Color(red: 2, green: -1, blue: 0.5, alpha: 0.5))],
            "strokeColor": [.color(Color(red: 1, green: 0, blue: 0)), .color(.clear)],
            "lineWidth": numbers.map(PropertyValue.number), "miterLimit": numbers.map(PropertyValue.number),
            "lineDashPhase": numbers.map(PropertyValue.number), "strokeStart": numbers.map(PropertyValue.number),
            "strokeEnd": numbers.map(PropertyValue.number),
            "lineCap": [.choice("round"), .choice("square"), .choice("butt"), .choice("nonsense")],
            "lineJoin": [.choice("bevel"), .choice("round"), .choice("miter")],
            "fillRule": [.choice("evenOdd"), .choice("nonZero")],
            "lineDashPattern": [.dashPattern(DashPattern([3, 1])), .dashPattern(DashPattern([-1, 2])), .dashPattern(.solid)],
            "fillGradient": [.gradient(stops), .gradient(.none)],
            "strokeGradient": [.gradient(.conic(center: Point(10, 10), startAngle: .degrees(-90), stops: stops.stops)), .gradient(stops), .gradient(.none)],
        ]
        let wrongKind: [PropertyValue] = [.text("x"), .number(4), .flag(true), .choice("round"), .color(.black)]
        let path = Path.circle(center: Point(10, 10), radius: 5)
        for behavior in LayerTypes.primitives + [Styled.self] {
            for trial in 0..<400 {
                var layer = Layer(id: "l\(trial)", type: behavior)
                layer.properties["opacity"] = .number(0.5)
                for name in ShapeStyle.properties.map(\.name).shuffledDeterministically(&random) {
                    let pick = random.next(0, 1)
                    if pick < 0.4 { continue }
                    let pool = pick < 0.85 ? values[name]! : wrongKind
                    layer.properties[name] = pool[Int(random.next(0, Double(pool.count)))]
                }
                layer.properties["radius"] = .number(3)
                let onePass = ShapeStyle.drawing(path, of: layer), reference = Self.keyByKey(path, layer)
                #expect(String(reflecting: onePass) == String(reflecting: reference), "\(behavior.typeName) \(layer.properties)")
            }
        }
        // The declared defaults of the kind of their key are read; the others are not.
        let styled = ShapeStyle.drawing(path, of: Layer(id: "s", type: Styled.self))
        #expect(styled.lineWidth == 1 && styled.lineCap == .round && styled.lineJoin == .miter)
        #expect(styled.stroke == Color(red: 0, green: 0.5, blue: 1) && styled.dashPattern == DashPattern([4, 2]))
    }
}

extension Array {
    /// The elements in an order drawn from `random` (Fisher–Yates).
    func shuffledDeterministically(_ random: inout SplitMix64) -> [Element] {
        var copy = self
        for i in stride(from: copy.count - 1, to: 0, by: -1) {
            copy.swapAt(i, Int(random.next(0, Double(i + 1))))
        }
        return copy
    }
}

extension ShapeStyleTests {
    /// The style names are found by their codes' low bits: each name at its place, other names (5,000,
    /// some sharing a name's low bits, and the style names spelt otherwise) nowhere; a slot shared by
    /// two names is searched.
    @Test func styleNamesAreFoundByTheirCodes() {
        let index = ShapeStyle.Defaults.names, names = index.names
        #expect(names.map(\.string) == ShapeStyle.properties.map(\.name))
        for (i, name) in names.enumerated() { #expect(index.index(of: name) == i) }
        var sharing = 0
        for k in 0..<5_000 {
            let other = PropertyName("other\(k)")
            #expect(index.index(of: other) == nil)
            if index.slots[Int(other.code & 63)] != -2 { sharing += 1 }
        }
        #expect(sharing > 500, "other names share the style names' low bits")
        for name in names { #expect(index.index(of: PropertyName(name.string.uppercased())) == nil) }
        for bits in 0..<64 {
            let holders = names.indices.filter { Int(names[$0].code & 63) == bits }
            #expect(index.slots[bits] == (holders.isEmpty ? -2 : holders.count == 1 ? holders[0] : -1))
        }
        // Names that share their low bits: the shared slot is searched.
        let candidates = (0..<200).map { PropertyName("n\($0)") }
        let bits = candidates[0].code & 63
        let shared = candidates.filter { $0.code & 63 == bits }
        #expect(shared.count >= 2)
        let some = ShapeStyle.NameIndex(Array(shared.prefix(3)) + [PropertyName("alone")])
        #expect(some.slots[Int(bits)] == -1)
        for (i, name) in (Array(shared.prefix(3)) + [PropertyName("alone")]).enumerated() { #expect(some.index(of: name) == i) }
        for name in shared.dropFirst(3) { #expect(some.index(of: name) == nil) }
    }
}
