import Flipbook
import FlipbookOutput
import FlipbookSVG

/// The README's Swift example, as written (its imports are this file's): the lines between the markers
/// are the README's, indented (`Tools/check-readme` compares them).
enum ReadmeExample {
    static func run() throws -> AnimatedSVG {
        // begin README example
        var box = Layer(id: "box", frame: Rect(20, 80, 40, 40))
        box[.backgroundColor] = .red
        var slide = Animation.basic(.position, from: Point(40, 100), to: Point(160, 100), duration: 2,
                                    timingFunction: .easeInEaseOut)
        slide.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        box.add(slide)
        let scene = Scene(canvas: Size(200, 200), background: .white, duration: 2, fps: 30, layers: [box])
        try scene.writeFrames(to: "box-svg")                        // frame_0000.svg …, all or nothing
        let animated = try scene.writeAnimatedSVG(to: "box.svg")    // animated.reportText: each track's error
        // end README example
        return animated
    }
}
