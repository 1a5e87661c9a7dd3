import Easing
import Flipbook
import Testing

/// The names a Core Animation programmer types first (seed 003's slice, written from scratch as one
/// would in UIKit) compile and mean what Core Animation's do: values from Apple's documentation (the
/// named timing functions' control points, UIColor's components, CGAffineTransform's matrices) and
/// CALayer's geometry (setting `bounds` keeps `position`).
@Suite struct CoreAnimationNamesTests {
    /// `Layer(id:frame:)`, `Rect` without labels, `bounds` settable as CALayer's: the frame's centre is
    /// the position (anchor ½, ½); new bounds of 50 × 20 keep it, so the frame is 50 × 20 about (50, 50).
    @Test func layerGeometry() {
        var layer = Layer(id: "slice", frame: Rect(10, 0, 100, 100))
        #expect(layer.bounds == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(layer[.position] == Point(60, 50))
        layer.bounds = Rect(0, 0, 50, 20)
        #expect(layer[.position] == Point(60, 50))
        #expect(layer.frame == Rect(35, 40, 50, 20))
    }

    /// `.pi / 4` is an angle (45°); `Transform2D(rotationAngle:)` is CGAffineTransform(rotationAngle:)'s
    /// matrix (cos θ, sin θ, −sin θ, cos θ); `translationX:y:` and `scaleX:y:` likewise.
    @Test func anglesAndTransforms() {
        var layer = Layer(id: "spinner")
        layer[.rotation] = .pi / 4
        #expect(abs(layer[.rotation].degrees - 45) < 1e-12)
        #expect((2 * Angle.pi).radians == 2 * Double.pi)
        let t = Transform2D(rotationAngle: .pi / 6)
        #expect(abs(t.a - 3.0.squareRoot() / 2) < 1e-15 && abs(t.b - 0.5) < 1e-15 && abs(t.c + 0.5) < 1e-15 && abs(t.d - 3.0.squareRoot() / 2) < 1e-15)
        #expect(Transform2D(translationX: 3, y: -4) == Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: -4))
        #expect(Transform2D(scaleX: 2, y: 0.5) == Transform2D(a: 2, b: 0, c: 0, d: 0.5, tx: 0, ty: 0))
    }

    /// `.easeInEaseOut` is Core Animation's (0.42, 0, 0.58, 1); `animation.fillMode = .forwards` and
    /// the other CAMediaTiming names set the animation's timing, which then holds the end.
    @Test func animationNames() {
        #expect(TimingFunction.easeInEaseOut == .cubicBezier(0.42, 0, 0.58, 1))
        var fade = Animation.basic(.opacity, from: 0, to: 1, timingFunction: .easeInEaseOut)
        fade.duration = 2
        fade.beginTime = 0.5
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        fade.repeatCount = 1
        fade.autoreverses = false
        #expect(fade.timing == MediaTiming(beginTime: 0.5, duration: 2, repeatCount: 1, fillMode: .forwards))
        var layer = Layer(id: "fade")
        layer[.opacity] = 0
        layer.add(fade)
        #expect(layer.presentation(atParentTime: 10)[.opacity] == 1)          // held at the end
        #expect(abs(layer.presentation(atParentTime: 1.5)[.opacity] - 0.5) < 1e-9)  // half way: symmetric curve
    }

    /// UIColor's named colours, with their documented components.
    @Test func namedColours() {
        #expect(Color.red == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(Color.orange == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(Color.purple == Color(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        #expect(Color.gray == Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        let c: Color = .blue
        #expect(c.blue == 1 && c.red == 0)
    }

    /// A key belongs to the layer types that declare it (CAShapeLayer has `strokeEnd`, not
    /// `fontSize`): `has` answers from the type's list and the base layer's; reading a foreign key gives
    /// its default, setting one stops a debug build.
    @Test func keysBelongToTheirLayerTypes() async {
        let shape = LayerType(ShapeLayer.self), text = LayerType(TextLayer.self)
        #expect(shape.has(PropertyKey<Double>.strokeEnd.propertyName))
        #expect(!shape.has(PropertyKey<Double>.fontSize.propertyName))
        #expect(text.has(PropertyKey<Double>.fontSize.propertyName))
        #expect(!text.has(PropertyKey<Double>.strokeEnd.propertyName))
        #expect(shape.has(PropertyKey<Point>.position.propertyName) && text.has(PropertyKey<Double>.opacity.propertyName))
        #expect(Layer(id: "s", type: ShapeLayer.self)[.fontSize] == 16)
        #if DEBUG
        await #expect(processExitsWith: .failure) {
            var layer = Layer(id: "s", type: ShapeLayer.self)
            layer[.fontSize] = 20
        }
        #endif
    }
}
