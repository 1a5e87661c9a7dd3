import Flipbook
import FlipbookScenes
import Testing

/// Malformed scenes and the exact messages users see.
struct SceneErrorTests {
    static func scene(_ layers: String = "[]", changes: String = "[]", extra: String = "") -> String {
        "{\"flipbook\": 1, \"canvas\": [100, 100], \"duration\": 1\(extra), \"layers\": \(layers), \"changes\": \(changes)}"
    }

    static let cases: [(String, String)] = [
        ("", "s.json: line 1, column 1: expected a value, found end of file"),
        ("{\"flipbook\": 1,}", "s.json: line 1, column 16: expected a string key in the object, found '}'"),
        ("[1, 2", "s.json: line 1, column 6: expected ',' or ']' in the array, found end of file"),
        ("{\"canvas\": [1, 1], \"duration\": 1}", "s.json: missing \"flipbook\" (the format version, \"flipbook\": 1)"),
        ("{\"flipbook\": 2, \"canvas\": [1, 1], \"duration\": 1}", "s.json: flipbook: unsupported format version 2; this Flipbook reads version 1"),
        ("{\"flipbook\": 1, \"canvas\": [0, 1], \"duration\": 1}", "s.json: canvas[0]: expected a side > 0 and ≤ 16384 pixels, got 0"),
        ("{\"flipbook\": 1, \"canvas\": [10, 10], \"duration\": -1}", "s.json: duration: expected a duration ≥ 0 in seconds, got -1"),
        ("{\"flipbook\": 1, \"canvas\": [10, 10], \"duration\": 1, \"fsp\": 30}", "s.json: fsp: unknown key \"fsp\"; did you mean 'fps'?"),
        ("{\"flipbook\": 1, \"flipbook\": 1}", "s.json: flipbook: duplicate key \"flipbook\""),
        ("{\"flipbook\": 1, \"canvas\": [10, 10], \"duration\": 1e999}", "s.json: line 1, column 49: the number 1e999 is too large"),
        (scene("[{\"type\": \"arc\"}]"), "s.json: layers[0]: missing \"id\" (a unique name for the layer)"),
        (scene("[{\"id\": \"a\"}, {\"id\": \"a\"}]"), "s.json: layers[1].id: duplicate id \"a\" (already used by layers[0])"),
        (scene("[{\"id\": \"" + String(repeating: "a", count: 257) + "\"}]"), "s.json: layers[0].id: an id of 257 bytes is over the limit of 256"),
        (scene("[{\"id\": \"a\", \"type\": \"arcs\"}]"), "s.json: layers[0].type: unknown layer type \"arcs\"; did you mean 'arc'?; expected one of layer, shape, arc, pieSlice, text, gradient, replicator, ringGauge, pieChart, lineGraph"),
        (scene("[{\"id\": \"a\", \"type\": \"arc\", \"radius\": \"big\"}]"), "s.json: layers[0].radius: expected a number, got a string"),
        (scene("[{\"id\": \"a\", \"type\": \"arc\", \"raduis\": 3}]"), "s.json: layers[0].raduis: unknown key \"raduis\"; did you mean 'radius'?"),
        (scene("[{\"id\": \"a\", \"maskMode\": \"invert\", \"mask\": {\"id\": \"m\"}}]"), "s.json: layers[0].maskMode: unknown mask mode \"invert\"; did you mean 'inverted'?; expected one of alpha, inverted, luminance, invertedLuminance"),
        (scene("[{\"id\": \"a\", \"maskMode\": \"inverted\"}]"), "s.json: layers[0].maskMode: a maskMode without a mask: give the layer a \"mask\" or leave maskMode out"),
        (scene("[{\"id\": \"a\", \"type\": \"shape\", \"lineCap\": \"rounded\"}]"), "s.json: layers[0].lineCap: expected one of \"butt\", \"round\", \"square\" for lineCap, got \"rounded\"; did you mean 'round'?"),
        (scene("[{\"id\": \"a\", \"type\": \"shape\", \"fillColor\": \"#12345\"}]"), "s.json: layers[0].fillColor: expected a colour (\"#rrggbb\", \"#rrggbbaa\", \"rgb(52 120 246 / 50%)\", \"hsl(210, 50%, 40%)\", a name such as \"orange\" or \"none\", [r, g, b, a] in 0…1, or {\"hue\", \"saturation\", \"brightness\"}), got \"#12345\""),
        (scene("[{\"id\": \"a\", \"type\": \"shape\", \"path\": \"M0 0 L 10\"}]"), "s.json: layers[0].path: invalid SVG path data: expected a number at character 10"),
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacity\", \"to\": 0, \"duration\": -2}]}]"), "s.json: layers[0].animations[0].duration: expected a duration ≥ 0 in seconds, got -2"),
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacty\", \"to\": 0}]}]"), "s.json: layers[0].animations[0].property: a layer layer has no property \"opacty\"; did you mean 'opacity'?"),
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacity\", \"values\": []}]}]"), "s.json: layers[0].animations[0].values: expected at least one value"),
        // Core Animation's key paths into a value's parts name the property that holds it whole.
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"transform.rotation.z\", \"to\": 3.14}]}]"), "s.json: layers[0].animations[0].property: a layer layer has no property \"transform.rotation.z\"; Core Animation's key path \"transform.rotation.z\" is \"rotation\" here, in degrees, clockwise (Core Animation's are radians)"),
        (scene("[{\"id\": \"a\"}]", changes: "[{\"at\": 1, \"layer\": \"a\", \"set\": {\"position.x\": 3}}]"), "s.json: changes[0].set.position.x: a layer layer has no property \"position.x\"; Core Animation's key path \"position.x\" is \"position\" here, a point [x, y]: animate both, the other at its value"),
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacity\", \"values\": [0, 1], \"keyTimes\": [0, 0.5, 1]}]}]"), "s.json: layers[0].animations[0].keyTimes: linear needs 2 keyTimes for 2 values, got 3"),
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacity\", \"to\": 0, \"timing\": \"ease-inn\"}]}]"), "s.json: layers[0].animations[0].timing: invalid easing: unknown easing 'ease-inn' (did you mean 'ease-in'?); expected a CSS easing (linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, cubic-bezier(), steps(), linear()), a Core Animation name (default, easeIn, easeOut, easeInEaseOut), a Penner curve (ease-in-sine … ease-in-out-bounce) or spring at column 1 of \"ease-inn\""),
        // Found by Tools/fuzz: a spring that never settles trapped in Spring.init before it was checked.
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacity\", \"to\": 0, \"spring\": {\"damping\": 1e-310}}]}]"), "s.json: layers[0].animations[0].spring: this spring never settles in a usable time (settling duration inf s); give a duration or more damping"),
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacity\", \"to\": 0, \"from\": 1, \"by\": 1}]}]"), "s.json: layers[0].animations[0].by: from, to and by cannot all be set (Core Animation leaves it undefined); remove one"),
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacity\", \"to\": 0, \"fillMode\": \"forward\"}]}]"), "s.json: layers[0].animations[0].fillMode: expected one of removed, forwards, backwards, both, got \"forward\"; did you mean 'forwards'?"),
        (scene("[{\"id\": \"a\", \"type\": \"shape\", \"animations\": [{\"property\": \"path\", \"from\": \"M0 0 L1 1\", \"to\": \"M0 0 L1 1 L2 2\"}]}]"), "s.json: layers[0].animations[0].to: paths with 2 and 3 commands cannot morph; they need the same commands in the same order"),
        (scene(changes: "[{\"at\": 1, \"layer\": \"b\", \"set\": {\"opacity\": 0}}]"), "s.json: changes[0].layer: no layer has the id \"b\""),
        (scene("[{\"id\": \"pie\", \"type\": \"pieChart\"}]", changes: "[{\"at\": 1, \"layer\": \"pie\", \"set\": {\"value\": [1]}}]"), "s.json: changes[0].set.value: a pieChart layer has no property \"value\"; did you mean 'values'?"),
        (scene(changes: "[{\"at\": -1, \"layer\": \"root\", \"set\": {\"opacity\": 0}}]"), "s.json: changes[0].at: expected a time ≥ 0 in seconds, got -1"),
        // Layers that come and go: the parent, the removed id, an added id that is taken, a stray key.
        (scene(changes: "[{\"at\": 1, \"add\": {\"id\": \"n\"}, \"to\": \"pei\"}]"), "s.json: changes[0].to: no layer has the id \"pei\""),
        (scene(changes: "[{\"at\": 1, \"remove\": \"b\"}]"), "s.json: changes[0].remove: no layer has the id \"b\""),
        (scene("[{\"id\": \"a\"}]", changes: "[{\"at\": 1, \"add\": {\"id\": \"a\"}}]"), "s.json: changes[0].add.id: duplicate id \"a\" (already used by layers[0])"),
        (scene(changes: "[{\"at\": 1, \"add\": {\"id\": \"n\"}, \"index\": -1}]"), "s.json: changes[0].index: expected a sublayer index ≥ 0 (0: at the bottom), got -1"),
        (scene(changes: "[{\"at\": 1, \"add\": {\"id\": \"n\"}, \"set\": {\"opacity\": 0}}]"), "s.json: changes[0].set: unknown key \"set\"; did you mean 'at'?"),
        // maskedCorners is a list of corner names, each once.
        (scene("[{\"id\": \"a\", \"maskedCorners\": [\"minXMinY\", \"maxYMinX\"]}]"), "s.json: layers[0].maskedCorners[1]: expected one of \"minXMinY\", \"maxXMinY\", \"minXMaxY\", \"maxXMaxY\" in maskedCorners, got \"maxYMinX\"; did you mean 'maxXMinY'?"),
        (scene("[{\"id\": \"a\", \"maskedCorners\": [\"minXMinY\", \"minXMinY\"]}]"), "s.json: layers[0].maskedCorners[1]: maskedCorners names \"minXMinY\" twice"),
        (scene("[{\"id\": \"a\", \"cornerCurve\": \"squircle\"}]"), "s.json: layers[0].cornerCurve: expected one of \"circular\", \"continuous\" for cornerCurve, got \"squircle\""),
        // Replicators: instances count against the layer limit, named by the count; instance properties are not animated.
        (scene("[{\"id\": \"r\", \"type\": \"replicator\", \"instanceCount\": 1e9, \"sublayers\": [{\"id\": \"d\"}]}]"), "s.json: layers[0].instanceCount: 1000000000 instances of 2 layers each (the sublayers and the instance) draw 2000000001 layers, over the limit of 100000 (lower instanceCount or raise --max-layers)"),
        (scene("[{\"id\": \"r\", \"type\": \"replicator\", \"animations\": [{\"property\": \"instanceDelay\", \"from\": 0, \"to\": 1}]}]"), "s.json: layers[0].animations[0]: instanceDelay takes effect at once and is not animated (a timed change may set it)"),
        // A change may not name a layer before it is added.
        (scene(changes: "[{\"at\": 0.2, \"remove\": \"n\"}, {\"at\": 0.5, \"add\": {\"id\": \"n\"}}]"), "s.json: changes[0].remove: \"n\" is added at 0.5 s, after this change at 0.2 s"),
        // A change may name a layer a later-listed change adds.
        (scene(changes: "[{\"at\": 1, \"layer\": \"n\", \"set\": {\"opacity\": 2}}, {\"at\": 0.5, \"add\": {\"id\": \"n\", \"type\": \"arc\"}}]"), "s.json: changes[0].set.opacity: expected an opacity between 0 and 1, got 2"),
        (scene(extra: ", \"fps\": 1000", ) .replacingOccurrences(of: "\"duration\": 1", with: "\"duration\": 1000"), "s.json: duration: 1000001 frames (duration × fps + 1) is over the limit of 100000; shorten the scene, lower fps or raise --max-frames"),
        // The engine's names (tensionValues) never leak: the message names the scene's key.
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacity\", \"values\": [0, 1], \"calculationMode\": \"cubic\", \"tension\": [0]}]}]"), "s.json: layers[0].animations[0].tension: needs one entry per value (2), got 1"),
        (scene("[{\"id\": \"a\", \"animations\": [{\"property\": \"opacity\", \"values\": [0, 1], \"calculationMode\": \"cubic\", \"bias\": [0, 0.5, 1]}]}]"), "s.json: layers[0].animations[0].bias: needs one entry per value (2), got 3"),
        // Text SVG cannot carry is refused at load with its path (XML 1.0: no C0 controls but tab, LF, CR).
        (scene("[{\"id\": \"t\", \"type\": \"text\", \"string\": \"a\\u0001b\"}]"), "s.json: layers[0].string: the string holds U+0001, a character SVG (XML 1.0) cannot carry; remove it"),
        (scene("[{\"id\": \"t\", \"type\": \"text\", \"string\": \"a\\uffffb\"}]"), "s.json: layers[0].string: the string holds U+FFFF, a character SVG (XML 1.0) cannot carry; remove it"),
        // A long string names the text limit, not a keyframe count.
        (scene("[{\"id\": \"t\", \"type\": \"text\", \"string\": \"" + String(repeating: "x", count: 1_048_577) + "\"}]"), "s.json: layers[0].string: a string of 1048577 bytes is over the limit of 1048576 bytes for one string (raise --max-text)"),
        // Keys and values reach the message escaped: no ESC, BEL, CR or LF from the file on a terminal.
        ("{\"flipbook\": 1, \"canvas\": [10, 10], \"duration\": 1, \"x\\u001b]0;t\\u0007\\r\\nforged\": 1}", "s.json: x\\u{1B}]0;t\\u{7}\\r\\nforged: unknown key \"x\\u{1B}]0;t\\u{7}\\r\\nforged\""),
        // A long key is shortened in the path and in the message alike.
        ("{\"flipbook\": 1, \"canvas\": [10, 10], \"duration\": 1, \"" + String(repeating: "k", count: 1000) + "\": 1}", "s.json: " + String(repeating: "k", count: 53) + "…(920 bytes)…" + String(repeating: "k", count: 27) + ": unknown key \"" + String(repeating: "k", count: 53) + "…(920 bytes)…" + String(repeating: "k", count: 27) + "\""),
    ]

    @Test(arguments: cases.indices)
    func message(_ i: Int) {
        let (text, expected) = Self.cases[i]
        do {
            _ = try SceneLoader().decode(Array(text.utf8), file: "s.json")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func invalidUTF8AndDepth() {
        var bytes = Array("{\"flipbook\": 1, \"title\": \"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8)
        #expect(throws: SceneError.self) { try SceneLoader().decode(bytes, file: "s.json") }
        bytes = Array(String(repeating: "[", count: 100_000).utf8)
        do {
            _ = try SceneLoader().decode(bytes, file: "s.json")
        } catch {
            #expect(error.description == "s.json: line 1, column 258: nesting deeper than 256 levels")
        }
    }

    @Test func missingFile() {
        #expect(throws: SceneError(file: "/nonexistent/x.json", path: "", message: "no such file")) {
            try SceneLoader().load(contentsOf: "/nonexistent/x.json")
        }
    }
}

extension String {
    func replacingOccurrences(of a: String, with b: String) -> String {
        components(separatedBy: a).joined(separator: b)
    }

    func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.range(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
