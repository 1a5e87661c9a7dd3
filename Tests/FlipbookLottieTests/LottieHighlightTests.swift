import Flipbook
import FlipbookLottie
import Testing

/// A radial gradient's highlight (`h`, percent of the radius; `a`, degrees) imported as its focus,
/// where lottie-web puts it: from the centre `s` at the angle of the line s → e plus `a` (clockwise
/// on a y-down screen), h / 100 of the radius away, that fraction held within ±0.99.
@Suite struct LottieHighlightTests {
    static func layer(end: [Double], length: String, angle: String) -> String {
        #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[80,80]}},"#
            + #"{"ty":"gf","o":{"a":0,"k":100},"r":1,"t":2,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[\#(end[0]),\#(end[1])]},"#
            + #""h":\#(length),"a":\#(angle),"g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}}}]}"#
    }

    static func focus(_ layer: String, at t: Double = 0) throws -> (Point?, [String]) {
        let (scene, imported) = try LottieImportTests.importScene(LottieImportTests.file(layer))
        let node = try #require(LottieImportTests.find("l0", in: scene.presentation(at: t).renderNode()))
        var found: Gradient?
        func walk(_ n: RenderNode) {
            for case .shape(let s) in n.items where s.fillGradient.kind == .radial { found = s.fillGradient }
            n.children.forEach(walk)
        }
        walk(node.node)
        return (try #require(found).drawnFocus, imported.omissions.map(\.path))
    }

    static func near(_ p: Point?, _ x: Double, _ y: Double) -> Bool {
        guard let p else { return false }
        return abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9
    }

    @Test func stillHighlights() throws {
        // s → e points right (0°); 90° more is straight down on screen: half of 40 px below the centre.
        let (down, omitted) = try Self.focus(Self.layer(end: [40, 0], length: #"{"a":0,"k":50}"#, angle: #"{"a":0,"k":90}"#))
        #expect(Self.near(down, 0, 20) && omitted.isEmpty, "\(String(describing: down)) \(omitted)")
        // s → e points down (90°); a further 90° points left.
        let (left, _) = try Self.focus(Self.layer(end: [0, 40], length: #"{"a":0,"k":50}"#, angle: #"{"a":0,"k":90}"#))
        #expect(Self.near(left, -20, 0), "\(String(describing: left))")
        // A negative length points the other way; 150 % is held at 99 %.
        let (back, _) = try Self.focus(Self.layer(end: [40, 0], length: #"{"a":0,"k":-50}"#, angle: #"{"a":0,"k":0}"#))
        #expect(Self.near(back, -20, 0), "\(String(describing: back))")
        let (rim, _) = try Self.focus(Self.layer(end: [40, 0], length: #"{"a":0,"k":150}"#, angle: #"{"a":0,"k":0}"#))
        #expect(Self.near(rim, 39.6, 0), "\(String(describing: rim))")
        // No highlight: the centre.
        let (none, _) = try Self.focus(Self.layer(end: [40, 0], length: #"{"a":0,"k":0}"#, angle: #"{"a":0,"k":45}"#))
        #expect(none == nil)
    }

    /// A keyed highlight is read at every frame: linear keys from 0 % to 80 % at 0° over 60 frames
    /// put the focus 16 px right of the centre at frame 30 (1 s at 30 fps).
    @Test func keyedHighlight() throws {
        let keyed = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[80]}]}"#
        let (middle, omitted) = try Self.focus(Self.layer(end: [40, 0], length: keyed, angle: #"{"a":0,"k":0}"#), at: 1)
        #expect(Self.near(middle, 16, 0) && omitted.isEmpty, "\(String(describing: middle)) \(omitted)")
    }
}
