import Easing
import Flipbook
import FlipbookScenes
import FlipbookSupport
import FlipbookTesting
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A dot fading in linearly over 2 s and moving from x = 10 to 110 with a linear timing, its colour
/// from black to white: every traced value has a closed form.
let lineScene = """
{"flipbook": 1, "canvas": [200, 100], "duration": 2, "fps": 4, "layers": [
  {"id": "dot", "type": "shape", "frame": [0, 0, 20, 20], "path": "M0 0H20V20Z", "fillColor": "#000000",
   "animations": [
     {"property": "opacity", "from": 0, "to": 1, "duration": 2, "timing": "linear"},
     {"property": "position", "from": [10, 50], "to": [110, 50], "duration": 2, "timing": "linear"},
     {"property": "fillColor", "from": "#000000", "to": "#ffffff", "duration": 2, "timing": "linear"}]},
  {"id": "label, \\"quoted\\"", "type": "text", "frame": [0, 80, 200, 20], "string": "a, \\"b\\"", "fontSize": 12}
]}
"""

func scene(_ text: String = lineScene) throws -> Scene {
    try SceneLoader().decode(Array(text.utf8), file: "test.json")
}

/// A fresh folder under /tmp for golden files.
func temporaryFolder() -> String {
    var template = Array("/tmp/flipbook-testing-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
}

@Suite struct TraceTests {
    @Test func valuesAreTheClosedForms() throws {
        let trace = try Trace(scene(), layers: ["dot"], properties: ["opacity", "position", "fillColor"], times: [0, 0.5, 1.5, 2])
        // opacity t/2, x 10 + 50 t, each channel 255 t/2 rounded; at 2 s the animations are over and
        // removed (Core Animation's default): the model values, opacity 1, position the frame's centre.
        #expect(trace.series(layer: "dot", property: "opacity").map(\.value) == ["0", "0.25", "0.75", "1"])
        #expect(trace.series(layer: "dot", property: "position").map(\.value) == ["[10, 50]", "[35, 50]", "[85, 50]", "[10, 10]"])
        #expect(trace.series(layer: "dot", property: "fillColor").map(\.value) == ["\"#000000\"", "\"#404040\"", "\"#bfbfbf\"", "\"#000000\""])
        #expect(trace.samples.map(\.time) == [0, 0, 0, 0.5, 0.5, 0.5, 1.5, 1.5, 1.5, 2, 2, 2])
    }

    @Test func everyFrameIsTheFrameInstants() throws {
        let s = try scene()
        let trace = try Trace(everyFrameOf: s, layers: ["dot"], properties: ["opacity"])
        #expect(trace.samples.map(\.time) == [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2])
        #expect(trace.samples.map(\.value) == ["0", "0.125", "0.25", "0.375", "0.5", "0.625", "0.75", "0.875", "1"])
    }

    @Test func unknownNamesAreRefusedWithWhatExists() throws {
        #expect(throws: TraceError("no layer \"dott\" in the scene; did you mean 'dot'?")) {
            try Trace(scene(), layers: ["dott"], times: [0])
        }
        #expect(throws: TraceError("no property \"opacty\" on the layer dot; did you mean 'opacity'?")) {
            try Trace(scene(), layers: ["dot"], properties: ["opacty"], times: [0])
        }
        #expect(throws: TraceError.self) { try Trace(scene(), times: [.nan]) }
    }

    @Test func csvRoundTripsCommasAndQuotes() throws {
        let trace = try Trace(scene(), times: [0, 1])
        let text = trace.csv
        #expect(text.hasPrefix("time,layer,property,value\n0,root,position,\"[0, 0]\"\n0,root,bounds,\"[0, 0, 200, 100]\"\n"))
        #expect(text.contains("\n1,\"label, \"\"quoted\"\"\",string,\"\"\"a, \\\"\"b\\\"\"\"\"\"\n"))
        #expect(try Trace(csv: Array(text.utf8), file: "g.csv") == trace)
        #expect(throws: TraceError("g.csv: line 1: a trace's header is time,layer,property,value")) {
            try Trace(csv: Array("t,layer,property,value\n0,a,b,1\n".utf8), file: "g.csv")
        }
        #expect(throws: TraceError("g.csv: line 2: expected a time in seconds, a layer, a property and a value")) {
            try Trace(csv: Array("time,layer,property,value\nnan,a,b,1\n".utf8), file: "g.csv")
        }
    }
}

@Suite struct ComparisonTests {
    func sample(_ t: Double, _ p: String, _ v: String) -> Trace.Sample { Trace.Sample(time: t, layer: "dot", property: p, value: v) }

    @Test func componentsOfEachKind() {
        #expect(TraceComparison.components("0.25") == [0.25])
        #expect(TraceComparison.components("[1, -2.5, 3]") == [1, -2.5, 3])
        #expect(TraceComparison.components("\"#ff8000\"") == [255, 128, 0, 255])
        #expect(TraceComparison.components("\"#ff800040\"") == [255, 128, 0, 64])
        #expect(TraceComparison.components("\"M0 0L1 1\"") == nil)
        #expect(TraceComparison.difference("\"#ff8000\"", "\"#fd8000\"") == 2)
        #expect(TraceComparison.difference("[1, 2]", "[1, 2, 3]") == .infinity)
        #expect(TraceComparison.difference("\"abc\"", "\"abd\"") == .infinity)
    }

    @Test func firstLargestAndCountOfDifferences() {
        let golden = Trace(samples: [sample(0, "opacity", "0"), sample(0.5, "opacity", "0.25"), sample(1, "opacity", "0.5"), sample(1.5, "opacity", "0.75")])
        var actual = golden
        actual.samples[1].value = "0.2501"   // within 0.001
        actual.samples[2].value = "0.52"
        actual.samples[3].value = "0.8"
        #expect(TraceComparison(actual, golden: golden, tolerance: Tolerance(1)).matches)
        let c = TraceComparison(actual, golden: golden, tolerance: Tolerance(1e-6, ["opacity": 0.001]))
        #expect(!c.matches)
        let m = try! #require(c.mismatches.first)
        #expect(m.time == 1 && m.actual == "0.52" && m.expected == "0.5")
        #expect(abs(m.largest - 0.05) < 1e-12 && m.largestTime == 1.5 && m.differing == 2 && m.instants == 4)
        #expect(c.description == "dot.opacity: first differs at t = 1 s: 0.52 where the golden has 0.5 (tolerance 0.001); largest difference 0.05 at t = 1.5 s; 2 of 4 instants differ")
    }

    @Test func missingExtraAndMovedInstants() {
        let golden = Trace(samples: [sample(0, "opacity", "0"), sample(1, "opacity", "1")])
        let other = Trace(samples: [sample(0, "strokeEnd", "0")])
        let c = TraceComparison(other, golden: golden)
        #expect(c.missing.map(\.description) == ["dot.opacity"] && c.extra.map(\.description) == ["dot.strokeEnd"])
        let moved = Trace(samples: [sample(0, "opacity", "0"), sample(1.1, "opacity", "1")])
        #expect(TraceComparison(moved, golden: golden).instants == "dot.opacity: 2 instants recorded, 2 in the golden; the first that differs is t = 1.1 s against t = 1 s")
    }
}

@Suite struct GoldenTests {
    @Test func recordsThenPassesThenFailsWithAPlot() throws {
        let folder = temporaryFolder()
        let path = folder + "/new/dot.csv"
        let trace = try Trace(everyFrameOf: scene(), layers: ["dot"], properties: ["opacity", "position"])
        // No golden yet: recorded, and the check fails.
        let recorded = #expect(throws: GoldenFailure.self) { try Golden.check(trace, against: path) }
        #expect(recorded?.message.hasPrefix("recorded 18 samples into '\(path)' (it did not exist)") == true)
        #expect(try Trace(csv: LocalFile.contents(atPath: path) ?? [], file: path) == trace)
        try Golden.check(trace, against: path)
        // The golden changed by hand: one position at t = 0.75 s moved by 3 px.
        let text = String(decoding: LocalFile.contents(atPath: path) ?? [], as: UTF8.self)
        let tampered = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 == "0.75,dot,position,\"[47.5, 50]\"" ? "0.75,dot,position,\"[44.5, 50]\"" : String($0) }
        #expect(tampered.joined(separator: "\n") != text)
        try FileBytes.write(tampered.joined(separator: "\n"), to: path)
        let failure = #expect(throws: GoldenFailure.self) { try Golden.check(trace, against: path, tolerance: Tolerance(0.01)) }
        let message = failure?.message ?? ""
        #expect(message.contains("dot.position: first differs at t = 0.75 s: [47.5, 50] where the golden has [44.5, 50] (tolerance 0.01); largest difference 3 at t = 0.75 s; 1 of 9 instants differ"))
        #expect(message.contains("plot of both curves: \(folder)/new/dot.diff.svg"))
        let plot = String(decoding: LocalFile.contents(atPath: folder + "/new/dot.diff.svg") ?? [], as: UTF8.self)
        #expect(plot.hasPrefix("<svg") && plot.contains("dot.position[0]: golden (grey) and recorded (red)"))
        // Within a looser tolerance it passes, and the stale plot goes.
        try Golden.check(trace, against: path, tolerance: Tolerance(3))
        #expect(LocalFile.kind(atPath: folder + "/new/dot.diff.svg") == .missing)
        // Recording on request overwrites and still fails.
        #expect(throws: GoldenFailure.self) { try Golden.check(trace, against: path, record: true) }
        try Golden.check(trace, against: path)
    }

    @Test func plotPathReplacesTheExtension() {
        #expect(Golden.plotPath(for: "a/b.csv") == "a/b.diff.svg")
        #expect(Golden.plotPath(for: "a.b/c") == "a.b/c.diff.svg")
        #expect(Golden.plotPath(for: ".hidden") == ".hidden.diff.svg")
    }
}

/// Writes test files (the golden tampered with by hand).
enum FileBytes {
    static func write(_ text: String, to path: String) throws {
        guard let f = fopen(path, "w") else { throw TraceError("cannot open \(path)") }
        defer { fclose(f) }
        _ = text.utf8CString.withUnsafeBufferPointer { fputs($0.baseAddress!, f) }
    }
}
