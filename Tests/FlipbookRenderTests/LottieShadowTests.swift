import Foundation
import Easing
import Flipbook
import FlipbookScenes
import Testing
@testable import FlipbookSVG

/// A layer's shadow as Lottie's drop-shadow effect, against the scene's own numbers (shadow-card: the
/// card's shadowRadius 4 → 14 → 4, shadowOffset [0, 3] → [0, 16] → [0, 3], shadowOpacity 0.3 → 0.18 →
/// 0.3 at key times 0, 0.5, 1 of 2 s, ease-in-out over the whole animation, as Core Animation times a
/// keyframe animation). `Tools/check-lottie` plays the effect in ThorVG against the frames.
struct LottieShadowTests {
    static func member(_ json: JSON, _ key: String) -> JSON? {
        guard case .object(let fields) = json else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    static func items(_ json: JSON?) -> [JSON] {
        guard case .array(let items)? = json else { return [] }
        return items
    }

    /// The engine's value of a three-key track [a, b, a] at time t of 2 s, eased by CSS's ease-in-out
    /// (cubic-bezier(0.42, 0, 0.58, 1)) over the whole animation: progress p = E(t / 2), the first
    /// segment for p ≤ 0.5 (a + (b − a) · 2p), the second after (b + (a − b) · (2p − 1)).
    static func expected(_ a: Double, _ b: Double, at t: Double) -> Double {
        let p = CubicBezier(0.42, 0, 0.58, 1).value(at: t / 2, epsilon: 1e-12)
        return p <= 0.5 ? a + (b - a) * 2 * p : b + (a - b) * (2 * p - 1)
    }

    @Test func theCardsShadowIsADropShadowEffect() throws {
        let scene = try AnimatedCompileTests.scene("shadow-card")
        let lottie = scene.animatedSVGForLottie().lottie(fps: scene.fps, frames: scene.frameCount)
        // The ring's shadow is inside the card's (a layer with a shadow holds its content as shapes) and
        // the badge's is a shadowPath's: both reported, by layer.
        #expect(Set(lottie.omissions.map { "\($0.feature) \($0.layer ?? "")" }) == ["shadow ring", "shadowPath badge"])
        var reader = LottieJSONReader(bytes: Array(lottie.json.utf8))
        let root = try reader.document()
        let withEffects = Self.items(Self.member(root, "layers")).filter { Self.member($0, "ef") != nil }
        try #require(withEffects.count == 1)
        let effect = try #require(Self.items(Self.member(withEffects[0], "ef")).first)
        guard case .read(25)? = Self.member(effect, "ty") else { Issue.record("not a drop shadow: \(String(describing: Self.member(effect, "ty")))"); return }
        var parameters: [String: LottieProperty] = [:]
        for p in Self.items(Self.member(effect, "ef")) {
            guard case .string(let name)? = Self.member(p, "nm"), let v = Self.member(p, "v") else { continue }
            parameters[name] = LottieProperty(v)
        }
        let color = try #require(parameters["Shadow Color"]), opacity = try #require(parameters["Opacity"])
        let direction = try #require(parameters["Direction"]), distance = try #require(parameters["Distance"])
        let softness = try #require(parameters["Softness"])
        // The key instants exactly (the track's keys): 0, the peak at 1 s (E(0.5) = 0.5), the end.
        for (t, dy, sigma, alpha) in [(0.0, 3.0, 4.0, 0.3), (1, 16, 14, 0.18), (2, 3, 4, 0.3)] {
            let f = t * scene.fps
            #expect(Array(color.value(at: f).prefix(3)) == [0, 0, 0])
            #expect(direction.value(at: f) == [180], "down, as the offset [0, dy]")
            #expect(abs(distance.value(at: f)[0] - dy) < 1e-3, "t = \(t)")
            #expect(abs(softness.value(at: f)[0] - sigma / 0.3) < 1e-3, "t = \(t): σ / 0.3")
            #expect(abs(opacity.value(at: f)[0] - alpha * 255) < 1e-2, "t = \(t): 0…255")
        }
        // Between keys, within the tracks' bound (0.25 px; the opacity's 1/255 of 255).
        for t in stride(from: 0.1, to: 2, by: 0.2) {
            let f = t * scene.fps
            #expect(abs(distance.value(at: f)[0] - Self.expected(3, 16, at: t)) <= 0.25, "t = \(t)")
            #expect(abs(softness.value(at: f)[0] * 0.3 - Self.expected(4, 14, at: t)) <= 0.25, "t = \(t)")
            #expect(abs(opacity.value(at: f)[0] - Self.expected(0.3, 0.18, at: t) * 255) <= 1, "t = \(t)")
        }
    }

    /// A shadow whose offset is not along one ray cannot be the effect's direction and distance with
    /// the tracks' keys: it is left out, reported, never written approximately.
    @Test func aTurningOffsetIsReported() throws {
        let scene = try SceneLoader().decode(Array("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10, "layers": [
          {"id": "box", "frame": [20, 20, 40, 40], "backgroundColor": "#ff0000", "shadowOpacity": 0.5,
           "animations": [{"property": "shadowOffset", "from": [4, 0], "to": [0, 4], "duration": 1}]}]}
        """.utf8), file: "t.json")
        let lottie = scene.animatedSVGForLottie().lottie(fps: scene.fps, frames: scene.frameCount)
        #expect(lottie.omissions.map(\.feature) == [.shadow])
        #expect(!lottie.json.contains("\"ef\""))
        // Along one ray (its length changing; the model value, shown once the animation ends, on it too),
        // it is the effect.
        let along = try SceneLoader().decode(Array("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10, "layers": [
          {"id": "box", "frame": [20, 20, 40, 40], "backgroundColor": "#ff0000", "shadowOpacity": 0.5, "shadowOffset": [6, 8],
           "animations": [{"property": "shadowOffset", "from": [3, 4], "to": [6, 8], "duration": 1}]}]}
        """.utf8), file: "t.json")
        let written = along.animatedSVGForLottie().lottie(fps: along.fps, frames: along.frameCount)
        #expect(written.omissions.isEmpty)
        #expect(written.json.contains("\"ef\""))
    }
}
