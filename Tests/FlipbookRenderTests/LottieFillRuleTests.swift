import Flipbook
import FlipbookScenes
@testable import FlipbookSVG
import Foundation
import Testing

/// A fill's rule in Lottie (`r`: 1 non-zero, 2 even-odd), for colour fills and gradient fills: a star
/// whose points overlap (a pentagram, one contour crossing itself) keeps its hole even-odd.
struct LottieFillRuleTests {
    static let pentagram = "M50 5 L76.5 86.4 L7.2 36.1 L92.8 36.1 L23.5 86.4 Z"

    static func fills(_ paint: String, rule: String) throws -> [Int] {
        let text = #"{"flipbook": 1, "canvas": [100, 100], "duration": 1, "layers": [{"id": "star", "type": "shape", "frame": [0, 0, 100, 100], "path": ""#
            + pentagram + #"", "fillRule": ""# + rule + #"", "#  + paint + "}]}"
        let scene = try SceneLoader().decode(Array(text.utf8), file: "star.json")
        let lottie = scene.animatedSVGForLottie().lottie(fps: scene.fps, frames: scene.frameCount)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lottie.json.utf8)) as? [String: Any])
        var rules: [Int] = []
        func walk(_ x: Any) {
            if let o = x as? [String: Any] {
                if let ty = o["ty"] as? String, ty == "fl" || ty == "gf", let r = o["r"] as? Int { rules.append(r) }
                o.values.forEach(walk)
            } else if let a = x as? [Any] {
                a.forEach(walk)
            }
        }
        walk(object)
        return rules
    }

    @Test func colourAndGradientFillsKeepTheirRule() throws {
        let colour = ##""fillColor": "#1c7ed6""##
        let gradient = ##""fillGradient": {"type": "radial", "center": [50, 50], "radius": 45, "focus": [40, 30], "stops": [[0, "#ffffff"], [1, "#1c7ed6"]]}"##
        #expect(try Self.fills(colour, rule: "evenOdd") == [2])
        #expect(try Self.fills(colour, rule: "nonZero") == [1])
        #expect(try Self.fills(gradient, rule: "evenOdd") == [2])
        #expect(try Self.fills(gradient, rule: "nonZero") == [1])
    }
}
