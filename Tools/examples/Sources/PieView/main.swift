import Foundation
import Flipbook
import FlipbookOutput
import FlipbookScenes

// Usage: PieView OUTPUT-FOLDER — writes OUTPUT/svg/, OUTPUT/png/, OUTPUT/pie.svg and the scene as a
// file, OUTPUT/pie-view.json, with its frames as read back from the file in OUTPUT/svg-from-file/.
let output = CommandLine.arguments.dropFirst().first ?? "pie-view"
var pie = PieView(size: Size(200, 200), duration: 3)
do {
    try pie.setSliceValues([3, 1, 2], at: 0)
    try pie.setSliceValues([1, 1, 1, 1, 2], at: 1)  // two slices added
    try pie.setSliceValues([4, 1], at: 2)           // three removed
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let svg = try pie.scene.writeFrames(to: output + "/svg")
    let png = try pie.scene.writeFrames(to: output + "/png", format: .png, frames: 0..<pie.scene.frameCount)
    let animated = try pie.scene.writeAnimatedSVG(to: output + "/pie.svg")
    let file = try SceneEncoder(adding: [PieSlice.self]).encode(pie.scene, title: "Seed 003's PieView, from Swift")
    try Data(file.utf8).write(to: URL(fileURLWithPath: output + "/pie-view.json"))
    let loaded = try SceneLoader(adding: [PieSlice.self]).load(contentsOf: output + "/pie-view.json")
    try loaded.writeFrames(to: output + "/svg-from-file")
    print("\(svg.count) SVG frames, \(png.count) PNG frames, animated SVG of \(animated.svg.utf8.count) bytes")
    let encodings = Dictionary(grouping: animated.report, by: \.encoding.rawValue).mapValues(\.count)
    print("animated tracks by encoding: \(encodings.sorted { $0.key < $1.key })")
} catch {
    print("PieView: error: \(error)")
    exit(1)
}
