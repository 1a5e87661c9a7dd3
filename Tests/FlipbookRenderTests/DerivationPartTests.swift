import Flipbook
import FlipbookComponents
import Testing

/// A component's derivation parts read what they name and nothing else (`DerivationPart`'s contract,
/// which `RetainedPresentation` relies on to keep a part whose properties stayed).
struct DerivationPartTests {
    /// A value of the same kind as `value` and different from it (for a choice, another allowed name).
    static func other(_ value: PropertyValue, choices: [String]) -> PropertyValue? {
        switch value {
        case .number(let x): .number(x == 0 ? 0.375 : x * 1.5 + 0.25)
        case .angle(let a): .angle(Angle(radians: a.radians + 0.5))
        case .point(let p): .point(Point(p.x + 3, p.y - 2))
        case .size(let s): .size(Size(s.width + 3, s.height + 1))
        case .rect(let r): .rect(Rect(x: r.origin.x + 5, y: r.origin.y + 1, width: r.size.width + 40, height: r.size.height + 30))
        case .color(let c): .color(Color(red: 1 - c.red, green: c.green * 0.5 + 0.25, blue: 1 - c.blue, alpha: 1 - c.alpha * 0.5))
        case .transform(let t): .transform(Transform2D(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx + 7, ty: t.ty - 3))
        case .numbers(let xs): .numbers(xs + [7])
        case .colors(let cs): .colors(cs + [Color(red: 0.2, green: 0.4, blue: 0.6)])
        case .flag(let b): .flag(!b)
        case .text(let t): .text(t + "x")
        case .choice(let c): choices.first { $0 != c }.map { .choice($0) }
        case .path(let p): .path(Path(p.elements + [.move(Point(1, 2)), .line(Point(5, 7)), .close]))
        case .gradient(let g):
            .gradient(Gradient(kind: g.kind, stops: g.stops + [.init(1, Color(red: 0.2, green: 0.4, blue: 0.6))],
                               start: Point(g.start.x + 1, g.start.y), end: Point(g.end.x + 9, g.end.y + 4)))
        default: nil
        }
    }

    /// Every built-in type with parts (the ring gauge): its `derivedSublayers` is its parts' sublayers
    /// in order; each part derives the same sublayers when any property it does not name changes, or
    /// the layer's sublayers, timing or animations do; and each property it names changes what it
    /// derives (so no name is listed for nothing).
    @Test func partsReadWhatTheyNameAndNothingElse() {
        var checked = 0
        for behavior in LayerTypes.builtIn where !behavior.derivationParts.isEmpty {
            let type = LayerType(behavior)
            // Every property set, each to a value other than its default.
            var layer = Layer(id: "g", type: type)
            for key in type.allProperties {
                layer.properties[key.propertyName] = Self.other(key.defaultValue, choices: key.choices) ?? key.defaultValue
            }
            let parts = behavior.derivationParts
            #expect(behavior.derivedSublayers(layer) == parts.flatMap { $0.derive(layer) }, "\(type)")
            for (p, part) in parts.enumerated() {
                let before = part.derive(layer)
                #expect(!before.isEmpty)
                for key in type.allProperties {
                    guard let value = layer.properties[key.propertyName], let changed = Self.other(value, choices: key.choices) else { continue }
                    var moved = layer
                    moved.properties[key.propertyName] = changed
                    let named = part.inputs.contains(key.propertyName)
                    #expect((part.derive(moved) != before) == named, "\(type) part \(p): \(key.name) \(named ? "named but not read" : "read but not named")")
                    checked += 1
                }
                var elsewhere = layer
                elsewhere.sublayers = [Layer(id: "s", type: PlainLayer.self)]
                elsewhere.timing.beginTime = 3
                elsewhere.timing.speed = 2
                elsewhere.add(.basic(PropertyKey<Double>.opacity, from: 0, to: 1, duration: 1))
                #expect(part.derive(elsewhere) == before, "\(type) part \(p) reads sublayers, timing or animations")
            }
        }
        // The ring gauge: 29 properties, two parts.
        #expect(checked == 2 * (Layer.baseProperties.count + RingGauge.properties.count))
    }

    /// Every built-in part with `refresh` (the ring gauge's two): refreshing the sublayer it derived
    /// from one input with another gives, in place, the sublayer it derives from the other, bit for bit
    /// and with its names in the same order (`isUnchanged`), and the table's `changes` marks exactly
    /// the entries whose values changed. Inputs: no values set, every value set, each of those
    /// changed, and the fraction below, at and past its ends (clamped: 2 and 3 derive the same arc).
    @Test func refreshedPartsAreTheDerivedOnes() {
        var pairs = 0, unchangedPairs = 0
        for behavior in LayerTypes.builtIn where behavior.derivationParts.contains(where: { $0.refresh != nil }) {
            let type = LayerType(behavior)
            var inputs = [Layer(id: "g", type: type)]
            var all = Layer(id: "g", type: type)
            for key in type.allProperties {
                all.properties[key.propertyName] = Self.other(key.defaultValue, choices: key.choices) ?? key.defaultValue
            }
            inputs.append(all)
            for key in type.allProperties {
                guard let value = all.properties[key.propertyName], let changed = Self.other(value, choices: key.choices) else { continue }
                var moved = all
                moved.properties[key.propertyName] = changed
                inputs.append(moved)
            }
            for fraction in [-1, 0, 0.3, 1, 2, 3] {
                var layer = all
                layer[.fraction] = fraction
                inputs.append(layer)
            }
            for part in behavior.derivationParts {
                guard let refresh = part.refresh else { continue }
                for a in inputs {
                    let made = part.derive(a)
                    #expect(made.count == 1)
                    for b in inputs {
                        let wanted = part.derive(b)[0]
                        var refreshed = made[0]
                        refreshed.properties.changes = 0
                        refresh(b, &refreshed)
                        #expect(refreshed.properties.isUnchanged(from: wanted.properties) && refreshed == wanted, "\(type)")
                        let same = made[0].properties.isUnchanged(from: wanted.properties)
                        #expect((refreshed.properties.changes != 0) == !same, "\(type)")
                        for (i, name) in wanted.properties.keys.enumerated() {
                            let marked = refreshed.properties.changes >> UInt64(i) & 1 == 1
                            #expect(marked == (made[0].properties[name] != wanted.properties[name]), "\(type) \(name)")
                        }
                        pairs += 1
                        if same { unchangedPairs += 1 }
                    }
                }
            }
        }
        // The ring gauge: two parts, 2 + 29 + 6 inputs each (29 properties: 22 every layer has, 7 its
        // own), every pair; some derive the same sublayer.
        #expect(pairs == 2 * 37 * 37)
        #expect(unchangedPairs > 2 * 37 && unchangedPairs < pairs)
    }
}
