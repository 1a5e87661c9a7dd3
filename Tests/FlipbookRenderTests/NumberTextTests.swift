import Easing
import Flipbook
import FlipbookScenes
@testable import FlipbookSVG
import FlipbookSupport
import Testing

/// Live numbers: a text layer's number shown through a format (`TextLayer.format`).
struct NumberTextTests {
    /// printf's own output for the same conversions (C99 §7.19.6.1, the C locale), worked out by hand.
    static let table: [(String, Double, String)] = [
        ("%.0f%%", 49.4, "49%"), ("%.0f%%", 49.6, "50%"), ("%.0f%%", 0.5, "0%"), ("%.0f%%", 1.5, "2%"), ("%.0f%%", 2.5, "2%"),
        ("%.1f km", 12.25, "12.2 km"), ("%.1f km", 12.35, "12.3 km"), ("%+.2f", 3, "+3.00"), ("%05.1f", 2.25, "002.2"),
        ("%d pts", 99.99, "99 pts"), ("%d pts", -3.7, "-3 pts"), ("%3d", 7, "  7"), ("%.2e", 12345, "1.23e+04"), ("%g", 0.0001, "0.0001"),
        ("%d", 1e30, "9223372036854775807"), ("%.0f", .infinity, "inf"),
        // The ' flag: Python's format() with ',' (its own grouping, ties to even on the binary value).
        ("%'d", 1234567, "1,234,567"), ("%'d", -1234567.9, "-1,234,567"), ("%'d", 999, "999"), ("%'d", 1000, "1,000"), ("%'d", 0, "0"),
        ("%'.2f", 1234.5, "1,234.50"), ("%'+.0f", 1e6, "+1,000,000"), ("%'10d", 12345, "    12,345"), ("%'-10d|", 12345, "12,345    |"),
        ("%'g", 123456, "123,456"), ("%'g", 1234567, "1.23457e+06"), ("%'.1f", -999.95, "-1,000.0"), ("%'.1f", 1234567.25, "1,234,567.2"),
        ("%% %'d steps, 100%%", 12345, "% 12,345 steps, 100%"), ("%'.0f\u{301}", 1234, "1,234\u{301}"), ("%'.0f", .infinity, "inf"), ("%'.2e", 12345, "1.23e+04"),
    ]

    @Test(arguments: 0..<table.count) func formatsAsPrintfDoes(_ i: Int) throws {
        let (format, value, expected) = Self.table[i]
        let f = try #require(NumberFormat(format))
        #expect(f.string(value) == expected, "\(format) of \(value)")
    }

    @Test func aFormatReadsOnlyTheNumberItIsGiven() {
        for bad in ["%s", "%n", "%d %d", "no conversion", "%", "%5", "%.3q", "%100f", "%.100f", "%ld", "%*d", "%1$d", "%'05d", "%0'5d"] {
            #expect(NumberFormat(bad) == nil, "\(bad)")
        }
        #expect(NumberFormat("%% done: %.0f%%") != nil)
    }

    /// The cost model counts each state of a formatted number as an element the animated compiler
    /// checks at every instant. A count with more states than it looks for between frames
    /// (`SceneCost.maxNumberStates`, 300) is observed at the frames and knots only: at most one
    /// element for each (`gridNumberStates`). A count from 0 to 1,000 over 1 s at 10 fps: 1,000
    /// states, 11 frames and the animation's 2 knots, so 13 (all 1,000 had been left out); a count
    /// to 200: 200 states, 0 of them at the grid.
    @Test func aCountPastTheLimitIsCostedAsItsObservedInstants() throws {
        func cost(to n: Int) throws -> SceneCost {
            let text = """
            {"flipbook": 1, "canvas": [100, 40], "duration": 1, "fps": 10, "layers": [{"id": "t", "type": "text", "format": "%d",
             "number": \(n), "animations": [{"property": "number", "from": 0, "to": \(n), "duration": 1}]}]}
            """
            return SceneCost(scene: try SceneLoader().decode(Array(text.utf8), file: "n.json"))
        }
        let many = try cost(to: 1000), few = try cost(to: 200)
        #expect(many.numberStates == 0 && many.gridNumberStates == 13 && many.animatedFrames + many.knots == 13, "\(many.gridNumberStates) \(many.animatedFrames) \(many.knots)")
        #expect(few.numberStates == 200 && few.gridNumberStates == 0, "\(few.numberStates) \(few.gridNumberStates)")
    }

    @Test func aBadFormatIsRefusedWithItsPath() throws {
        let text = #"{"flipbook": 1, "canvas": [100, 40], "duration": 1, "layers": [{"id": "t", "type": "text", "format": "%s"}]}"#
        do {
            _ = try SceneLoader().decode(Array(text.utf8), file: "n.json")
            Issue.record("%s was accepted")
        } catch {
            #expect(error.description.hasPrefix("n.json: layers[0].format: expected a format showing one number"))
        }
    }

    /// A count from 0 to 100 over 1 s with 10 frames: the animated SVG holds all 101 texts, and at
    /// instants between the frames shows the text the closed form gives (round(100 t) %), so it
    /// switches where the shown text changes, not only at frames.
    @Test func aCountIsEveryStateSwitchedWhereTheTextChanges() throws {
        let text = #"{"flipbook": 1, "canvas": [100, 40], "duration": 1, "fps": 10, "layers": [{"id": "t", "type": "text", "frame": [0, 0, 100, 40], "format": "%.0f%%", "number": 100, "animations": [{"property": "number", "from": 0, "to": 100, "duration": 1}]}]}"#
        let scene = try SceneLoader().decode(Array(text.utf8), file: "n.json")
        let svg = scene.animatedSVG().svg
        // Each <text …>…</text>: its content, its initial display and its display animations.
        var texts: [(content: String, hidden: Bool, tracks: [SMILTrack])] = []
        var rest = Substring(svg)
        while let open = rest.range(of: "<text"), let close = rest[open.upperBound...].range(of: "</text>") {
            let element = rest[open.lowerBound..<close.lowerBound]
            let startTag = element[..<element.firstIndex(of: ">")!]
            let content = String(element[element.lastIndex(of: ">")!...].dropFirst())
            var tracks: [SMILTrack] = []
            var body = element[element.firstIndex(of: ">")!...]
            while let a = body.range(of: "<set") ?? body.range(of: "<animate") {
                let end = body[a.lowerBound...].firstIndex(of: ">")!
                if let track = SMILTrack(String(body[a.lowerBound...end])) { tracks.append(track) }
                body = body[body.index(after: end)...]
            }
            texts.append((content, startTag.contains("display=\"none\""), tracks))
            rest = rest[close.upperBound...]
        }
        #expect(Set(texts.map(\.content)) == Set((0...100).map { "\($0)%" }))
        #expect(texts.count == 101)
        func shown(_ t: Double) -> [String] {
            texts.filter { text in
                var hidden = text.hidden
                for track in text.tracks where track.attribute == "display" {
                    if case .text(let v)? = track.value(at: t) { hidden = v == "none" }
                }
                return !hidden
            }.map(\.content)
        }
        // Instants off the switches (k ± 0.5 hundredths): the text is printf's of 100 t.
        for k in 0..<400 {
            let t = (Double(k) + 0.3) / 400
            #expect(shown(t) == [String(printf: "%.0f%%", 100 * t)], "at \(t)")
        }
    }
}
