import Foundation
import Flipbook
import FlipbookOutput

// Usage: PieView OUTPUT-FOLDER — writes OUTPUT/svg/, OUTPUT/png/ and OUTPUT/pie.svg.
let output = CommandLine.arguments.dropFirst().first ?? "pie-view"
var pie = PieView(frame: Rect(x: 0, y: 0, width: 200, height: 200), duration: 3)
do {
    try pie.setSliceValues([3, 1, 2], at: 0)
    try pie.setSliceValues([1, 1, 1, 1, 2], at: 1)  // two slices added
    try pie.setSliceValues([4, 1], at: 2)           // three removed
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let svg = try pie.scene.writeFrames(to: output + "/svg")
    let png = try pie.scene.writeFrames(to: output + "/png", format: .png, frames: 0..<pie.scene.frameCount)
    let animated = try pie.scene.writeAnimatedSVG(to: output + "/pie.svg")
    print("\(svg.count) SVG frames, \(png.count) PNG frames, animated SVG of \(animated.svg.utf8.count) bytes")
    print(animated.reportText, terminator: "")
} catch {
    print("PieView: error: \(error)")
    exit(1)
}
