@testable import Flipbook
import Testing

/// The property table: lookups, order-free equality, and the stricter unchanged test the frame
/// renderer uses to skip unchanged layers.
struct PropertyTableTests {
    @Test func lookupsAndRemoval() {
        var table = PropertyTable()
        for i in 0..<40 { table["p\(i)"] = .number(Double(i)) }
        for i in 0..<40 { #expect(table["p\(i)"] == .number(Double(i))) }
        #expect(table["p40"] == nil && table["missing"] == nil)
        table["p7"] = nil
        #expect(table["p7"] == nil && table.count == 39 && table["p8"] == .number(8))
        table["p8"] = .text("eight")
        #expect(table["p8"] == .text("eight") && table.count == 39)
    }

    @Test func equalityIgnoresOrderUnchangedDoesNot() {
        var a = PropertyTable(), b = PropertyTable()
        a["x"] = .number(1); a["y"] = .angle(.degrees(90)); a["z"] = .choice("round")
        b["z"] = .choice("round"); b["y"] = .angle(.degrees(90)); b["x"] = .number(1)
        #expect(a == b)
        #expect(!a.isUnchanged(from: b), "other order")
        var c = a
        #expect(c.isUnchanged(from: a))
        c["x"] = .number(2)
        #expect(c != a && !c.isUnchanged(from: a))
        // Built again from the same values: unchanged (bit for bit).
        var d = PropertyTable()
        d["x"] = .number(1); d["y"] = .angle(.degrees(90)); d["z"] = .choice("round")
        #expect(d.isUnchanged(from: a) && d == a)
        // -0 equals 0 but is not the same bits: the unchanged test is the stricter one.
        var e = PropertyTable(), f = PropertyTable()
        e["x"] = .number(0); f["x"] = .number(-0.0)
        #expect(e == f && !e.isUnchanged(from: f))
        // Arrays with equal contents in different storage: different bits, compared by value.
        var g = PropertyTable(), h = PropertyTable()
        g["v"] = .numbers([1, 2, 3]); h["v"] = .numbers(Array([1, 2, 3, 4].prefix(3)))
        #expect(g == h && g.isUnchanged(from: h))
        h["v"] = .numbers([1, 2, 4])
        #expect(g != h && !g.isUnchanged(from: h))
        // A path rebuilt with the same points is unchanged; one point moved is not.
        var p = PropertyTable(), q = PropertyTable()
        p["path"] = .path(.circle(center: Point(5, 5), radius: 3)); q["path"] = .path(.circle(center: Point(5, 5), radius: 3))
        #expect(p.isUnchanged(from: q))
        q["path"] = .path(.circle(center: Point(5, 5.001), radius: 3))
        #expect(!p.isUnchanged(from: q))
    }
}

extension PropertyTableTests {
    @Test func emptyTablesAreUnchanged() {
        #expect(PropertyTable().isUnchanged(from: PropertyTable()))
        var one = PropertyTable()
        one["x"] = .flag(true)
        #expect(!PropertyTable().isUnchanged(from: one) && !one.isUnchanged(from: PropertyTable()))
    }

    /// The choice types' names, as scene files and the SVG spell them (SVG 1.1 §11.4 stroke-linecap and
    /// stroke-linejoin, §11.3 fill-rule in the scene format's camel case), read back to their cases;
    /// any other spelling is refused, case and spaces included. A choice read from a layer comes back as set.
    @Test func choiceNamesReadBack() {
        #expect(["butt", "round", "square"].map(LineCap.init(rawValue:)) == [.butt, .round, .square])
        #expect(["miter", "round", "bevel"].map(LineJoin.init(rawValue:)) == [.miter, .round, .bevel])
        #expect(["nonZero", "evenOdd"].map(FillRule.init(rawValue:)) == [.nonZero, .evenOdd])
        #expect(["left", "center", "right"].map(TextAlignment.init(rawValue:)) == [.left, .center, .right])
        for name in ["Round", "round ", "", "nonzero", "evenodd", "middle", "mitre"] {
            #expect(LineCap(rawValue: name) == nil && LineJoin(rawValue: name) == nil && FillRule(rawValue: name) == nil
                        && TextAlignment(rawValue: name) == nil, "\(name)")
        }
        var layer = Layer(id: "a", type: ShapeLayer.self)
        #expect(layer[.lineCap] == .butt && layer[.lineJoin] == .miter && layer[.fillRule] == .nonZero)
        layer[.lineCap] = .square
        layer[.lineJoin] = .bevel
        layer[.fillRule] = .evenOdd
        #expect(layer.properties["lineCap"] == .choice("square") && layer[.lineCap] == .square)
        #expect(layer[.lineJoin] == .bevel && layer[.fillRule] == .evenOdd)
        layer.properties["lineCap"] = .choice("Square")   // not a name: the key's default
        #expect(layer[.lineCap] == .butt)
    }
}

extension PropertyTableTests {
    /// `isStored(as:)`, which a layer's typed setter asks before making a `PropertyValue`, is the table's
    /// unchanged test: bit for bit for the number types (so −0 over 0, or another NaN, is a change),
    /// `==` for flags and choices, and false against a value of another kind.
    @Test func storedTestIsTheTablesUnchangedTest() {
        let numbers: [Double] = [0, -0.0, 1, 1.0.nextUp, -2.5, .infinity, -.infinity, .nan, Double(nan: 7, signaling: false), 1e308]
        func sameBits(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern } }
        func check<V: PropertyValueConvertible>(_ values: [V], bits: (V) -> [Double]) {
            for v in values {
                #expect(!v.isStored(as: .text("0")), "another kind")
                for w in values {
                    let expected = sameBits(bits(v), bits(w))
                    #expect(v.isStored(as: w.propertyValue) == expected, "\(v) over \(w)")
                    #expect(PropertyTable.same(v.propertyValue, w.propertyValue) == expected, "\(v) over \(w)")
                }
            }
        }
        check(numbers) { [$0] }
        check(numbers.map(Angle.init(radians:))) { [$0.radians] }
        check(zip(numbers, numbers.reversed()).map { Point($0, $1) }) { [$0.x, $0.y] }
        check(zip(numbers, numbers.reversed()).map { Size($0, $1) }) { [$0.width, $0.height] }
        check(numbers.map { Rect(x: $0, y: 1, width: 2, height: -$0) }) { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }
        check(numbers.map { Color(red: $0, green: 0.5, blue: -$0, alpha: 1) }) { [$0.red, $0.green, $0.blue, $0.alpha] }
        for a in [false, true] {
            for b in [false, true] { #expect(a.isStored(as: .flag(b)) == (a == b)) }
            #expect(!a.isStored(as: .number(a ? 1 : 0)))
        }
        for a in LineCap.allCases {
            for b in LineCap.allCases { #expect(a.isStored(as: .choice(b.rawValue)) == (a == b)) }
            #expect(!a.isStored(as: .text(a.rawValue)))
        }
        // The types that keep the default compare as the table does: text byte for byte.
        #expect("é".isStored(as: .text("é")) && !"é".isStored(as: .text("e\u{301}")))
        #expect(DashPattern([2, 1]).isStored(as: .dashPattern(DashPattern([2, 1]))))
    }

    /// A layer's typed setter leaves a value it holds as it is (no entry marked changed) and replaces
    /// any other, −0 over 0 included; reads give what was set last.
    @Test func typedSetterMarksOnlyChanges() {
        var layer = Layer(id: "a", type: ArcLayer.self)
        layer[.lineWidth] = 0
        layer[.strokeColor] = Color(red: 1, green: 0, blue: 0)
        layer[.lineCap] = .round
        layer.properties.changes = 0
        layer[.lineWidth] = 0
        layer[.strokeColor] = Color(red: 1, green: 0, blue: 0)
        layer[.lineCap] = .round
        #expect(layer.properties.changes == 0)
        layer[.lineWidth] = -0.0
        #expect(layer.properties.changes == 1 && layer[.lineWidth].sign == .minus)
        layer[.lineCap] = .square
        #expect(layer.properties.changes == 0b101 && layer[.lineCap] == .square)
    }
}

extension PropertyTableTests {
    /// A code set answers as a search of its codes would: every code in it (including ones that share
    /// their filter bit with a code not in it) is found, and every other code is not.
    @Test func codeSetIsItsCodes() {
        let names = (0..<20).map { PropertyName("p\($0)") } + Layer.baseProperties.map(\.propertyName)
        let set = CodeSet(names)
        for name in names { #expect(set.contains(name)) }
        let others = (0..<2000).map { PropertyName("q\($0)") }
        var sharedBits = 0
        for name in others {
            #expect(set.contains(name) == names.contains { $0.code == name.code })
            if set.filter & (1 << (name.code % 64)) != 0 { sharedBits += 1 }
            #expect(name.filterBit == 1 << UInt64(name.bucket) && name.bucket == Int(name.code % 64))
        }
        #expect(sharedBits > 100, "the filter lets some codes through to the search")
        #expect(!CodeSet([]).contains(PropertyName("p0")) && CodeSet([]).filter == 0)
    }
}
