import Flipbook
import FlipbookLottie
import FlipbookScenes
import Testing

/// Hostile Lottie: every input either imports (and the scene it makes loads or is refused by the
/// loader with a located error) or is refused by the importer with a located error; never a crash.
@Suite struct LottieHostileTests {
    /// A file using most of what the importer reads: a precomposition, parenting, masks, a matte,
    /// trims, gradients, polystars, keys of every kind, a loop, an expression of time and a time remap.
    static let rich = LottieImportTests.file(
        #"{"ty":4,"ind":1,"td":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.3,0.1],"y":[0,0]},"i":{"x":[0.7,0.9],"y":[1,1]},"to":[10,0],"ti":[0,10]},{"t":30,"s":[50,50]}],"x":"loopOut('pingpong')"}},"#
        + #""shapes":[{"ty":"gr","it":[{"ty":"sr","sy":1,"p":{"a":0,"k":[0,0]},"or":{"a":1,"k":[{"t":0,"s":[10]},{"t":20,"s":[30]}]},"ir":{"a":0,"k":5},"os":{"a":0,"k":20},"is":{"a":0,"k":0},"r":{"a":0,"k":0},"pt":{"a":0,"k":5}},"#
        + #"{"ty":"gs","t":2,"w":{"a":0,"k":4},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[20,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0,1,1,0.5]}}},{"ty":"tr","p":{"a":0,"k":[50,50]}}]},"#
        + #"{"ty":"tm","s":{"a":0,"k":10},"e":{"a":1,"k":[{"t":0,"s":[0]},{"t":40,"s":[100]}]},"o":{"a":0,"k":45},"m":2}]},"#
        + #"{"ty":0,"ind":2,"tt":1,"refId":"comp","w":100,"h":100,"ip":0,"op":60,"st":5,"ks":{"a":{"a":0,"k":[50,50]},"p":{"a":0,"k":[100,50]}},"tm":{"a":1,"k":[{"t":0,"s":[1]},{"t":30,"s":[0]}]},"#
        + #""masksProperties":[{"mode":"a","pt":{"a":0,"k":{"v":[[0,0],[80,0],[80,80]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"c":true}},"o":{"a":0,"k":100}},{"mode":"s","inv":false,"pt":{"a":0,"k":{"v":[[10,10],[20,10],[20,20]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"c":true}},"o":{"a":0,"k":100}}]}"#
    ).replacingLast("]}", with: #"],"assets":[{"id":"comp","layers":[{"ty":4,"ind":1,"parent":2,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":4}},{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"d":[{"n":"d","v":{"a":0,"k":4}},{"n":"g","v":{"a":0,"k":2}}]}]},{"ty":3,"ind":2,"ip":0,"op":60,"st":0,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":10,"s":[90]}],"x":"var $bm_rt;\n$bm_rt = sum(value, mul(time, 90));"}}},{"ty":0,"ind":3,"refId":"comp","w":10,"h":10,"ip":0,"op":60,"st":0,"ks":{}}]}]}"#)

    @Test func theRichFileImports() throws {
        let loader = SceneLoader()
        let imported = try LottieImporter(try loader.parse(Array(Self.rich.utf8), file: "rich.json"), file: "rich.json")
        _ = try loader.decode(Array(imported.sceneText.utf8), file: "rich.json")
        // The precomposition inside itself is refused by name, nothing else left out.
        #expect(imported.omissions.map(\.message).filter { !$0.contains("contains itself") }.isEmpty, "\(imported.omissions)")
        #expect(imported.omissions.contains { $0.message.contains("contains itself") })
    }

    /// 1,500 mutants of the rich file (bytes flipped, cut, numbers made extreme, keys duplicated) go
    /// through parsing, the importer and the scene loader: each ends in a scene or a located error.
    @Test func mutantsNeverCrash() {
        var state: UInt64 = 20261127
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(n, 1)))
        }
        let base = Array(Self.rich.utf8)
        let inserts = ["1e308", "-1e308", "0", "-5", "1e9", "[]", "{}", "\"x\"", "null", "[[[[1]]]]", "999999999"].map { Array($0.utf8) }
        let loader = SceneLoader()
        var imported = 0, refused = 0
        for _ in 0..<1_500 {
            var bytes = base
            for _ in 0...next(3) {
                switch next(4) {
                case 0: bytes[next(bytes.count)] ^= UInt8(1 << next(8))
                case 1: bytes = Array(bytes.prefix(next(bytes.count) + 1))
                case 2:
                    // Replace a run of digits with an extreme or odd value.
                    let digits = bytes.indices.filter { (48...57).contains(bytes[$0]) }
                    if let at = digits.isEmpty ? nil : digits[next(digits.count)] {
                        var end = at
                        while end < bytes.count && (48...57).contains(bytes[end]) { end += 1 }
                        bytes.replaceSubrange(at..<end, with: inserts[next(inserts.count)])
                    }
                default:
                    let at = next(bytes.count)
                    bytes.insert(contentsOf: Array(#""ty":0,"refId":"comp","#.utf8), at: at)
                }
            }
            do {
                let json = try loader.parse(bytes, file: "m.json")
                guard LottieImporter.isLottie(json) else { refused += 1; continue }
                let made = try LottieImporter(json, file: "m.json")
                _ = try loader.decode(Array(made.sceneText.utf8), file: "m.json")
                imported += 1
            } catch {
                #expect(error.file == "m.json" && !error.message.isEmpty)
                refused += 1
            }
        }
        #expect(imported > 100 && refused > 100, "imported \(imported), refused \(refused)")
    }
}

extension String {
    /// The string with its last occurrence of `target` replaced.
    func replacingLast(_ target: String, with replacement: String) -> String {
        let chars = Array(self), t = Array(target)
        guard t.count <= chars.count else { return self }
        for start in stride(from: chars.count - t.count, through: 0, by: -1) where Array(chars[start..<(start + t.count)]) == t {
            return String(chars[..<start]) + replacement + String(chars[(start + t.count)...])
        }
        return self
    }

    /// A gradient keyed with an extreme easing handle (o.y −1e308, as Tools/fuzz-lottie found): its
    /// stops at the frames between are not finite, and were read past a table's end (a trap); the
    /// gradient is held at its first key, reported with its path.
    @Test func aGradientKeyedWithAnExtremeEasingIsHeldAndReported() throws {
        let keys = #"[{"t":0,"s":[0,1,0,0,1,0,0,1],"o":{"x":[0.2],"y":[-1e308]},"i":{"x":[0.8],"y":[1]}},{"t":20,"s":[0,0,0,1,1,0,1,0]}]"#
        let text = LottieImportTests.file(#"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"gf","t":1,"o":{"a":0,"k":100},"s":{"a":0,"k":[30,50]},"e":{"a":0,"k":[70,50]},"g":{"p":2,"k":{"a":1,"k":"# + keys + "}}}]}")
        let loader = SceneLoader()
        let imported = try LottieImporter(try loader.parse(Array(text.utf8), file: "g.json"), file: "g.json")
        _ = try loader.decode(Array(imported.sceneText.utf8), file: "g.json")
        #expect(imported.omissions.contains { $0.message.contains("a gradient whose keys cannot be read") }, "\(imported.omissions)")
    }
}
