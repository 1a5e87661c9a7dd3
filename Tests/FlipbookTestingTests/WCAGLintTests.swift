import Flipbook
import FlipbookScenes
import FlipbookTesting
import Testing

/// WCAG 2.3.1 and 2.2.2 on scenes built for them, counts from the scenes' own timing.
@Suite struct WCAGLintTests {
    /// A `w` × `h` layer at the top left of a 400 × 300 black canvas toggling between two colours
    /// every `half` seconds (discrete keyframes), for 2 s at 30 fps.
    func flashing(_ a: String, _ b: String, half: Double, size: (Double, Double) = (400, 300), scale: Double = 1) throws -> [LintFinding] {
        let text = """
        {"flipbook": 1, "canvas": [400, 300], "background": "#000000", "duration": 2, "fps": 30, "layers": [
          {"id": "flash", "frame": [0, 0, \(size.0), \(size.1)], "backgroundColor": "\(a)", "animations": [
            {"property": "backgroundColor", "values": ["\(a)", "\(b)"], "calculationMode": "discrete", "duration": \(2 * half), "repeatCount": "infinite"}]}]}
        """
        let scene = try SceneLoader().decode(Array(text.utf8), file: "flash.json")
        return try SceneLint(scene: scene, wcag: true, viewingScale: scale).findings()
    }

    @Test func fiveGeneralFlashesASecondFail() throws {
        // Black and white every 0.1 s: ten opposing changes in any second, five flashes.
        let f = try flashing("#000000", "#ffffff", half: 0.1)
        #expect(f.map(\.rule) == [.flashes])
        #expect(f.first?.message.hasPrefix("5 general flashes in the second from ") == true)
        // Every 0.25 s: four changes a second, two flashes: allowed.
        #expect(try flashing("#000000", "#ffffff", half: 0.25).isEmpty)
        // Dark grey to black: a change of luminance below 0.1 is no flash (#595959 is L = 0.0998).
        #expect(try flashing("#000000", "#595959", half: 0.1).isEmpty)
        // Light grey to white: the darker state above 0.8 is no flash (#e8e8e8 is L = 0.807).
        #expect(try flashing("#e8e8e8", "#ffffff", half: 0.1).isEmpty)
    }

    @Test func theAreaDecides() throws {
        // 50 × 50 px = 2,500 px², under a quarter of the 341 × 256 field (21,824 px²)...
        #expect(try flashing("#000000", "#ffffff", half: 0.1, size: (50, 50)).isEmpty)
        // ...but seen four times larger it covers 40,000 screen px² in a field of 86 × 64 scene pixels.
        #expect(try flashing("#000000", "#ffffff", half: 0.1, size: (50, 50), scale: 4).map(\.rule) == [.flashes])
        // 150 × 150 = 22,500 px² at scale 1: over the quarter.
        #expect(try flashing("#000000", "#ffffff", half: 0.1, size: (150, 150)).map(\.rule) == [.flashes])
        // 140 × 140 = 19,600: under it.
        #expect(try flashing("#000000", "#ffffff", half: 0.1, size: (140, 140)).isEmpty)
    }

    @Test func redFlashesWithoutALuminanceFlash() throws {
        // #ff0000 (L 0.2126) and #c80000 (L 0.1229): 0.09 of luminance, no general flash; red − green − blue
        // changes by 1 − 0.578 = 0.42, × 320 = 135 > 20, and both are saturated red: red flashes.
        let f = try flashing("#ff0000", "#c80000", half: 0.1)
        #expect(f.count == 1 && f.first?.message.hasPrefix("5 red flashes") == true)
    }

    func moving(duration: Double, loop: Bool) throws -> [LintFinding] {
        let text = """
        {"flipbook": 1, "canvas": [100, 100], "duration": \(duration), "fps": 10, "loop": \(loop), "layers": [
          {"id": "dot", "type": "shape", "frame": [0, 40, 20, 20], "path": "M0 0H20V20H0Z", "fillColor": "#000000", "animations": [
            {"property": "translation", "from": [0, 0], "to": [80, 0], "duration": \(duration), "autoreverses": \(loop), "repeatCount": \(loop ? "\"infinite\"" : "1"), "timing": "linear"}]}]}
        """
        let scene = try SceneLoader().decode(Array(text.utf8), file: "move.json")
        return try SceneLint(scene: scene, wcag: true).findings().filter { $0.rule == .pauseStopHide }
    }

    @Test func motionLongerThanFiveSeconds() throws {
        let long = try moving(duration: 7, loop: false)
        #expect(long.map(\.message) == ["warning: the motion starts by itself and moves from 0 s to 7 s, more than five seconds (WCAG 2.2.2 asks for a way to pause, stop or hide it)"])
        #expect(try moving(duration: 4, loop: false).isEmpty)
        #expect(try moving(duration: 6, loop: true).count == 1)
        #expect(try moving(duration: 2, loop: true).isEmpty)
    }
}
