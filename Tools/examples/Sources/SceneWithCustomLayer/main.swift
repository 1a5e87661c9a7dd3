import Flipbook
import FlipbookRaster
import FlipbookScenes
import FlipbookSVG
import Foundation

// Usage: SceneWithCustomLayer [OUTPUT-FOLDER] — loads star.json, whose layer type "star" is defined in
// this package, and writes OUTPUT/star.svg (animated) and OUTPUT/star-1.0.png (the frame at 1 s).
let output = CommandLine.arguments.dropFirst().first ?? "star"
let loader = SceneLoader(adding: [Star.self])
do {
    let file = Bundle.module.path(forResource: "star", ofType: "json")!
    let scene = try loader.load(contentsOf: file)
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let animated = scene.animatedSVG()
    try Data(animated.svg.utf8).write(to: URL(fileURLWithPath: output + "/star.svg"))
    try Data(scene.pngFrame(10)).write(to: URL(fileURLWithPath: output + "/star-1.0.png"))
    print("star: \(scene.frameCount) frames; animated SVG \(animated.svg.utf8.count) bytes")
    print(animated.reportText, terminator: "")
} catch {
    print("SceneWithCustomLayer: error: \(error)")
    exit(1)
}
