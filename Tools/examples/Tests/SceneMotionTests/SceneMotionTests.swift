import Easing
import Flipbook
import FlipbookScenes
import FlipbookTesting
import Foundation
import Testing

/// A Flipbook user's motion tests: the repository's scenes, traced and checked as a user would check
/// their own. Golden files live in Goldens/ beside this file; FLIPBOOK_RECORD=1 rewrites them (and
/// fails, so a recording is always looked at).
struct SceneMotionTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let scenes = here.appendingPathComponent("../../../../Scenes").standardizedFileURL

    static func scene(_ name: String) throws -> Scene {
        try SceneLoader().load(contentsOf: scenes.appendingPathComponent("\(name).json").path)
    }

    static func golden(_ name: String) -> String { here.appendingPathComponent("Goldens/\(name).csv").path }

    /// The three rings' fractions at every frame, as recorded.
    @Test func activityRingsMatchTheirGolden() throws {
        let trace = try Trace(everyFrameOf: Self.scene("activity-rings"), layers: ["red", "yellow", "white"], properties: ["fraction"])
        try Golden.check(trace, against: Self.golden("activity-rings"), tolerance: Tolerance(1e-6))
    }

    /// The pie's slices: their angles at ten instants.
    @Test func pieChartMatchesItsGolden() throws {
        let scene = try Self.scene("pie-chart")
        let times = (0...10).map { scene.duration * Double($0) / 10 }
        let trace = try Trace(scene, properties: ["startAngle", "endAngle"], times: times)
        try Golden.check(trace, against: Self.golden("pie-chart"), tolerance: Tolerance(1e-6))
    }

    /// The outer ring fills without turning back, ends where its data says (0.95) and is there by the
    /// end of its 2.5 s; its ease-in-out is the CSS one.
    @Test func outerRingFillsMonotonically() throws {
        let scene = try Self.scene("activity-rings")
        let trace = try Trace(everyFrameOf: scene, layers: ["red"], properties: ["fraction"])
        let curve = try Curve(trace, layer: "red", property: "fraction")
        try curve.expectMonotonic()
        try curve.expectEnds(0, 0.95, within: 1e-6)
        try curve.expectOvershoot(atMost: 0)
        try curve.expectSettles(within: 1e-6, of: 0.95, by: 2.25)
    }

    /// The easings a designer picked, as curves.
    @Test func chosenEasings() throws {
        let easeOutBack = try TimingFunction(parsing: "ease-out-back")
        let curve = Curve(easeOutBack)
        try curve.expectEnds(0, 1)
        // Penner's back: s = 1.70158, the overshoot is 10 % (0.1000 at t = 0.5767...).
        try curve.expectOvershoot(atMost: 0.1001)
        #expect(throws: CurveFailure.self) { try curve.expectOvershoot(atMost: 0.09) }
        try Curve(.easeInOut).expectEquals(css: "cubic-bezier(0.42, 0, 0.58, 1)", within: 1e-9)
        let spring = Spring(mass: 1, stiffness: 170, damping: 26)
        try Curve("spring", from: 0, to: spring.settlingDuration, count: 2000) { spring.value(atTime: $0) }
            .expectSettles(within: Spring.settlingEpsilon, of: 1, by: spring.settlingDuration)
    }

    /// Every shipped scene lints clean.
    @Test(arguments: ["activity-rings", "pie-chart", "bar-chart", "spinner", "replicator-spinner", "mask-reveal"])
    func lintsClean(_ name: String) throws {
        let text = try Data(contentsOf: Self.scenes.appendingPathComponent("\(name).json"))
        let json = try SceneLoader().parse(Array(text), file: name)
        let allow = try SceneLoader.lintAllowances(in: json, file: name).map { try LintAllowance(parsing: $0.text) }
        let findings = try SceneLint(scene: Self.scene(name), allow: allow).findings()
        #expect(findings.isEmpty, "\(findings)")
    }
}
