import Foundation
import Flipbook
@testable import FlipbookLottie
import FlipbookScenes
import Testing

/// The expressions the importer evaluates (`loopOut`, `loopIn`, `value`, constants, a transform
/// property naming itself, a link to another path of the layer), against lottie-web's definitions
/// written out here: loopOut('cycle') shows value(t₀ + (t − t₀) mod d), 'pingpong' the stretches
/// after the last key backwards and forwards in turn, 'offset' the cycle plus the change over the
/// loop times the stretches passed; loopIn the same before the first key.
@Suite struct LottieExpressionTests {
    /// A composition at 10 fps, frames 0 to 40, of one shape layer whose position is `p`.
    static func file(p: String, shapes: String = LottieImportTests.square + "," + LottieImportTests.redFill, op: Int = 40) -> String {
        #"{"v":"5.7.0","fr":10,"ip":0,"op":"# + "\(op)" + #","w":200,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":"# + "\(op)"
            + #","st":0,"ks":{"p":"# + p + #"},"shapes":["# + shapes + "]}]}"
    }

    /// cubic-bezier(x1, y1, x2, y2) at progress u, by bisection on x (independent of the engine's solver).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ u: Double) -> Double {
        func x(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 { let mid = (lo + hi) / 2; if x(mid) < u { lo = mid } else { hi = mid } }
        let s = (lo + hi) / 2
        return 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s
    }

    /// Position x moving 0 → 100 over frames `from` to `from + 10` eased by cubic-bezier(0.42, 0,
    /// 1, 1), with the expression `expression`.
    static func moving(from: Int, expression: String) -> String {
        #"{"a":1,"k":[{"t":"# + "\(from)" + #","s":[0,50],"o":{"x":[0.42],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":"# + "\(from + 10)"
            + #","s":[100,50]}],"x":"# + "\"\(expression)\"}"
    }

    /// How far a position may be from the closed form: the engine solves a cubic-bezier to the
    /// browsers' tolerance in x, 1e-7, and this curve's slope stays under 10 where it is read, so
    /// 100 px · 10 · 1e-7 = 1e-4 px.
    static let tolerance = 1e-4

    static func x(_ text: String, frames: [Double]) throws -> ([Double], [LottieImporter.Omission]) {
        let (scene, imported) = try LottieImportTests.importScene(text)
        let xs = try frames.map { f in try #require(LottieImportTests.find("l0", in: scene.presentation(at: f / 10).renderNode())).node.parts.offset.x }
        return (xs, imported.omissions)
    }

    /// loopOut of each type against its closed form at frames within the first stretches (not at
    /// their seams), with an eased segment so a backward stretch must mirror the easing.
    @Test func loopOutFollowsItsDefinition() throws {
        func v(_ u: Double) -> Double { 100 * Self.bezier(0.42, 0, 1, 1, u / 10) }
        let frames: [Double] = [3, 13, 17, 27, 33, 38.5]
        let expected: [String: (Double) -> Double] = [
            "cycle": { f in v(f.truncatingRemainder(dividingBy: 10)) },
            "pingpong": { f in Int(f / 10) % 2 == 1 ? v(10 - f.truncatingRemainder(dividingBy: 10)) : v(f.truncatingRemainder(dividingBy: 10)) },
            "offset": { f in 100 * (f / 10).rounded(.down) + v(f.truncatingRemainder(dividingBy: 10)) },
        ]
        for (type, closed) in expected {
            for expression in ["var $bm_rt;\\n$bm_rt = loopOut('\(type)');", "loopOut(\\\"\(type)\\\", 0)",
                               "var $bm_rt; if (thisProperty.numKeys > 1) { $bm_rt = thisProperty.loopOut('\(type)'); } else { $bm_rt = value; }"] {
                let (xs, omissions) = try Self.x(Self.file(p: Self.moving(from: 0, expression: expression)), frames: frames)
                #expect(omissions.isEmpty, "\(expression): \(omissions)")
                for (f, x) in zip(frames, xs) { #expect(abs(x - closed(f)) < Self.tolerance, "\(expression) at frame \(f): \(x), not \(closed(f))") }
            }
        }
        // The default type is cycle; at a seam whose ends differ the loop's first value shows.
        let (xs, _) = try Self.x(Self.file(p: Self.moving(from: 0, expression: "loopOut()")), frames: [13, 20, 30])
        #expect(abs(xs[0] - v(3)) < Self.tolerance && xs[1] == 0 && xs[2] == 0, "\(xs)")
    }

    /// loopIn before the first key (keys at frames 20 to 30): δ frames before it, cycle shows
    /// u = 10 − δ mod 10 into the loop, pingpong u = δ mod 10 in an even stretch and 10 − δ mod 10 in
    /// an odd one, offset the cycle's value less 100 for each stretch reached (⌊δ / 10⌋ + 1).
    @Test func loopInFollowsItsDefinition() throws {
        func v(_ u: Double) -> Double { 100 * Self.bezier(0.42, 0, 1, 1, u / 10) }
        let frames: [Double] = [3, 7, 13, 17, 25]
        func split(_ f: Double) -> (Double, Int) { let d = max(20 - f, 0); return (d.truncatingRemainder(dividingBy: 10), Int(d / 10)) }
        let expected: [String: (Double) -> Double] = [
            "cycle": { f in f >= 20 ? v(f - 20) : v(10 - split(f).0) },
            "pingpong": { f in f >= 20 ? v(f - 20) : split(f).1 % 2 == 0 ? v(split(f).0) : v(10 - split(f).0) },
            "offset": { f in f >= 20 ? v(f - 20) : v(10 - split(f).0) - 100 * Double(split(f).1 + 1) },
        ]
        for (type, closed) in expected {
            let (xs, omissions) = try Self.x(Self.file(p: Self.moving(from: 20, expression: "loopIn('\(type)')")), frames: frames)
            #expect(omissions.isEmpty, "\(type): \(omissions)")
            for (f, x) in zip(frames, xs) { #expect(abs(x - closed(f)) < Self.tolerance, "loopIn \(type) at frame \(f): \(x), not \(closed(f))") }
        }
    }

    /// loopOut('cycle', 1) loops the last two keys only: keys 0 at frame 0, 100 at 10, 40 at 20
    /// (linear): at frame 25, 100 + (40 − 100) · ½ = 70; at frame 33, 100 − 60 · 0.3 = 82. A seamless
    /// cycle (0 → 100 → 0) joins at one key.
    @Test func loopOfTheLastKeysAndSeamlessCycles() throws {
        let linear = #""o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}"#
        let three = #"{"a":1,"k":[{"t":0,"s":[0,50],"# + linear + #"},{"t":10,"s":[100,50],"# + linear + #"},{"t":20,"s":[40,50]}],"x":"loopOut('cycle', 1)"}"#
        let (xs, omissions) = try Self.x(Self.file(p: three), frames: [5, 25, 33])
        #expect(omissions.isEmpty && abs(xs[0] - 50) < 1e-9 && abs(xs[1] - 70) < 1e-9 && abs(xs[2] - 82) < 1e-9, "\(xs) \(omissions)")
        let seamless = #"{"a":1,"k":[{"t":0,"s":[0,50],"# + linear + #"},{"t":10,"s":[100,50],"# + linear + #"},{"t":20,"s":[0,50]}],"x":"loopOut('cycle')"}"#
        let (ys, _) = try Self.x(Self.file(p: seamless), frames: [20, 25, 35])
        #expect(abs(ys[0]) < 1e-9 && abs(ys[1] - 50) < 1e-9 && abs(ys[2] - 50) < 1e-9, "\(ys)")
        let json = try SceneLoader().parse(Array(Self.file(p: seamless).utf8), file: "t.json")
        let text = try LottieImporter(json, file: "t.json").sceneText
        // Frames 0 to 40: the keys 0, 10, 20, then 30 and 40 — five times, no seam written twice.
        #expect(text.contains(#""keyTimes":[0,0.25,0.5,0.75,1]"#), "\(text)")
    }

    /// `value`, a constant, the layer's own transform property and a link to another path of the
    /// layer read as After Effects evaluates them; loopOut('continue') and a loop past the budget are
    /// reported by path, their keys played once; other expressions stay reported where they are read.
    @Test func otherFormsAndReports() throws {
        let still = #"{"a":0,"k":[30,40],"x":"# + "\"%@\"}"
        func run(_ expression: String, p: String? = nil, shapes: String? = nil, op: Int = 40) throws -> ([Double], [String]) {
            let text = Self.file(p: p ?? still.replacingAll("%@", with: expression), shapes: shapes ?? LottieImportTests.square + "," + LottieImportTests.redFill, op: op)
            let (xs, omissions) = try Self.x(text, frames: [0])
            return (xs, omissions.map(\.description))
        }
        #expect(try run("value") == ([30], []))
        #expect(try run("var $bm_rt;\\n$bm_rt = [\\n    12,\\n    7\\n];") == ([12], []))
        #expect(try run("transform.position") == ([30], []))
        #expect(try run("transform.rotation").1 == ["layers[0].ks.p.x: an expression: the property's own keys or value are used instead"])
        #expect(try run("wiggle(2, 10)").1 == ["layers[0].ks.p.x: an expression: the property's own keys or value are used instead"])
        #expect(try run("", p: Self.moving(from: 0, expression: "loopOut('continue')")).1
                == ["layers[0].ks.p.x: loopOut('continue') is not imported: the keys play once"])
        let oneFrame = #"{"a":1,"k":[{"t":0,"s":[0,50]},{"t":1,"s":[100,50]}],"x":"loopOut()"}"#
        #expect(try run("", p: oneFrame, op: 20_000).1.first?.hasPrefix("layers[0].ks.p.x: a loopOut('cycle') of over 10000 keys") == true)
        // A path linked to the group "A"'s path "P": drawn where P is (x from 10 to 40), not where its own keys are.
        let square = LottieMaskTests.square(10, 40), elsewhere = LottieMaskTests.square(150, 190)
        let shapes = #"{"ty":"gr","nm":"A","it":[{"ty":"sh","nm":"P","ks":{"a":0,"k":"# + square + #"}},{"ty":"tr"}]},"#
            + #"{"ty":"gr","nm":"B","it":[{"ty":"sh","nm":"Q","ks":{"a":0,"k":"# + elsewhere + #","x":"var $bm_rt;\n$bm_rt = content('A').content('P').path;"}},"#
            + LottieImportTests.redFill + #",{"ty":"tr"}]}"#
        let text = Self.file(p: #"{"a":0,"k":[0,0]}"#, shapes: shapes)
        let (scene, imported) = try LottieImportTests.importScene(text)
        #expect(imported.omissions.isEmpty, "\(imported.omissions)")
        let found = try #require(LottieImportTests.find("l0_g_2", in: scene.presentation(at: 0).renderNode()))
        var node = found.node
        while node.items.isEmpty, let child = node.children.first { node = child }
        let xs = LottieImportTests.points(node).map(\.x)
        #expect(!xs.isEmpty && xs.allSatisfy { $0 >= 10 && $0 <= 40 }, "\(xs)")
    }

    /// Arithmetic over `time` (frame / fps seconds), `value`, `index` and numbers, against the same
    /// arithmetic written out here: exact at each frame, straight between frames.
    @Test func formulasOfTimeAndValue() throws {
        func run(_ expression: String, p: String? = nil, at frames: [Double]) throws -> ([Double], [String]) {
            let property = p ?? #"{"a":0,"k":[30,40],"x":"# + "\"\(expression)\"}"
            let (xs, omissions) = try Self.x(Self.file(p: property), frames: frames)
            return (xs, omissions.map(\.description))
        }
        // A straight motion: 30 + 100 t, at and between frames.
        let (a, ra) = try run("var $bm_rt;\\n$bm_rt = [\\n    sum(value[0], mul(time, 100)),\\n    value[1]\\n];", at: [0, 5, 12.5, 40])
        #expect(ra.isEmpty && zip(a, [30.0, 80, 155, 430]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(a) \(ra)")
        // A sine: exact at frames, the chord between them.
        let (b, _) = try run("[value[0] + Math.sin(time * Math.PI) * 20, value[1]]", at: [5, 2.5])
        let s2: Double = sin(0.2 * Double.pi), s3: Double = sin(0.3 * Double.pi)
        let chord = 30 + 20 * (s2 + s3) / 2
        #expect(abs(b[0] - 50) < 1e-9 && abs(b[1] - chord) < 1e-9, "\(b)")
        // value of a moving property (0 → 100 over frames 0…10, linear) doubled.
        let moving = #"{"a":1,"k":[{"t":0,"s":[0,50]},{"t":10,"s":[100,50]}],"x":"$bm_mul(value, 2)"}"#
        let (c, _) = try run("", p: moving, at: [5, 10, 20])
        #expect(c == [100, 200, 200], "\(c)")
        // linear(t, tMin, tMax, a, b), JavaScript's % and Math.round, index; still when time and value are unread.
        #expect(try run("linear(time, 0, 1, [0, 0], [100, 50])", at: [4, 20]).0 == [40, 100])
        #expect(try run("[(-7) % 3 + Math.round(-2.5), Math.round(2.5)]", at: [0]).0 == [-3])
        #expect(try run("[index * 10, 0]", at: [0]).0 == [10])
        let json = try SceneLoader().parse(Array(Self.file(p: #"{"a":0,"k":[30,40],"x":"[index * 10, 0]"}"#).utf8), file: "t.json")
        #expect(!(try LottieImporter(json, file: "t.json").sceneText.contains("animations")))
        // A constant over keys replaces them: still.
        let overKeys = #"{"a":1,"k":[{"t":0,"s":[0,50]},{"t":10,"s":[100,50]}],"x":"var $bm_rt;\n$bm_rt = [\n    7,\n    0\n];"}"#
        let constant = try SceneLoader().parse(Array(Self.file(p: overKeys).utf8), file: "t.json")
        #expect(!(try LottieImporter(constant, file: "t.json").sceneText.contains("animations")))
        #expect(try run("", p: overKeys, at: [0, 5]).0 == [7, 7])
        // What cannot be read stays reported: an unknown function, a list of another size, a list times a list.
        let generic = ["layers[0].ks.p.x: an expression: the property's own keys or value are used instead"]
        // (Nesting past 64 levels and formulas of over 2,000 nodes are not read: bounded, never a crash.)
        let deep = "[" + String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000) + ", 0]"
        let long = "[" + Array(repeating: "1", count: 5_000).joined(separator: " + ") + ", 0]"
        for expression in ["foo(1)", "[1, 2, 3]", "[1, 2] * [3, 4]", "wiggle(2, 10)", "value + ", deep, long] {
            #expect(try run(expression, at: [0]).1 == generic, "\(expression.prefix(40))")
        }
        let overBudget = try Self.x(Self.file(p: #"{"a":0,"k":[30,40],"x":"[time, 0]"}"#, op: 20_000), frames: [])
        #expect(overBudget.1.map(\.description).first?.hasPrefix("layers[0].ks.p.x: an expression read at over 10000 frames") == true, "\(overBudget.1)")
    }
}
