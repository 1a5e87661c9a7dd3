@testable import Flipbook
import Testing

/// The property table: lookups, order-free equality, and the bitwise identity test the frame
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

    @Test func equalityIgnoresOrderAndIdentityDoesNot() {
        var a = PropertyTable(), b = PropertyTable()
        a["x"] = .number(1); a["y"] = .angle(.degrees(90)); a["z"] = .choice("round")
        b["z"] = .choice("round"); b["y"] = .angle(.degrees(90)); b["x"] = .number(1)
        #expect(a == b)
        #expect(!a.isIdentical(to: b), "other order")
        var c = a
        #expect(c.isIdentical(to: a))
        c["x"] = .number(2)
        #expect(c != a && !c.isIdentical(to: a))
        // Built again from the same values: identical, bit for bit.
        var d = PropertyTable()
        d["x"] = .number(1); d["y"] = .angle(.degrees(90)); d["z"] = .choice("round")
        #expect(d.isIdentical(to: a) && d == a)
        // -0 equals 0 but is not the same bits: identity is the stricter test.
        var e = PropertyTable(), f = PropertyTable()
        e["x"] = .number(0); f["x"] = .number(-0.0)
        #expect(e == f && !e.isIdentical(to: f))
        // Arrays with equal contents in different storage: equal, not identical.
        var g = PropertyTable(), h = PropertyTable()
        g["v"] = .numbers([1, 2, 3]); h["v"] = .numbers(Array([1, 2, 3, 4].prefix(3)))
        #expect(g == h && !g.isIdentical(to: h))
    }
}
