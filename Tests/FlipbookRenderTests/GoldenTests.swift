import Flipbook
import FlipbookSVG
import FlipbookScenes
import Foundation
import Testing

/// Every scene in Scenes/ rendered at a few instants against golden SVGs in Goldens/.
///
/// Recorder (STYLE.md rule 11): a missing golden, or every golden when FLIPBOOK_RECORD=1, is written
/// from the current output and the test fails, so nobody records by accident; run again to compare.
struct GoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static let scenes: [String] = {
        let folder = root.appendingPathComponent("Scenes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && $0 != "scene.schema.json" }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test func everySeedSceneExists() {
        for name in ["activity-rings", "round-cap-chart", "line-graph", "pie-chart", "pie-semantic-vs-morph", "pie-from-pairs", "easing-gallery"] {
            #expect(Self.scenes.contains(name), "Scenes/\(name).json")
        }
    }

    @Test(arguments: scenes)
    func matchesGoldens(_ name: String) throws {
        let scene = try SceneLoader().load(contentsOf: Self.root.appendingPathComponent("Scenes/\(name).json").path)
        let record = ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"] == "1"
        for fraction in [0.0, 1.0 / 3, 0.5, 1.0] {
            let index = Int((Double(scene.frameCount - 1) * fraction).rounded())
            let svg = scene.svgFrame(index)
            let file = Self.goldens.appendingPathComponent("\(name)@\(index).svg")
            guard !record, let golden = try? String(contentsOf: file, encoding: .utf8) else {
                try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
                try svg.write(to: file, atomically: true, encoding: .utf8)
                Issue.record("recorded \(file.lastPathComponent); run the tests again to compare")
                continue
            }
            #expect(svg == golden, "\(name) frame \(index) differs from Goldens/\(file.lastPathComponent)")
        }
    }

    /// Determinism: the same scene gives byte-identical frames every time.
    @Test(arguments: scenes)
    func deterministic(_ name: String) throws {
        let path = Self.root.appendingPathComponent("Scenes/\(name).json").path
        let a = try SceneLoader().load(contentsOf: path), b = try SceneLoader().load(contentsOf: path)
        let index = a.frameCount / 2
        #expect(a.svgFrame(index) == b.svgFrame(index))
    }
}

/// Scenes/scene.schema.json is what `flipbook schema` generates from the layer types.
struct SchemaTests {
    @Test func committedSchemaIsCurrent() throws {
        let file = GoldenTests.root.appendingPathComponent("Scenes/scene.schema.json")
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(committed == SceneSchema.text(), "regenerate with: swift run flipbook schema > Scenes/scene.schema.json")
    }
}
