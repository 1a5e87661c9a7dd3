import Foundation
import Flipbook
import FlipbookLottie
import FlipbookScenes
import Testing

/// One layer evaluated alone (`LayerAlone`) against the whole tree: for every layer of every shipped
/// scene and of the Lottie files beside the tests (precompositions with their own timing, masks,
/// time remapping), at every frame and half frame, the node it finds is the retained tree's own node
/// for that layer, bit for bit, and a layer it calls absent is not in the tree's walk.
struct LayerAloneTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let files: [String] = {
        func list(_ folder: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted().map { "\(folder)/\($0)" }
        }
        return list("Scenes") + list("Tests/OutsideFiles/lottie")
    }()

    static func scene(_ file: String) throws -> Scene {
        let path = root.appendingPathComponent(file).path
        let loader = SceneLoader()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let json = try loader.parse(bytes, file: path)
        guard LottieImporter.isLottie(json) else { return try loader.decode(bytes, file: path) }
        return try loader.decode(Array(try LottieImporter(json, file: path).sceneText.utf8), file: path)
    }

    /// Each present layer's own node as the compiler's snapshots walk the retained tree
    /// (`forEachOwnRenderNode`), by id.
    static func walked(_ tree: RetainedPresentation.Node) -> [String: RenderNode] {
        var out: [String: RenderNode] = [:]
        tree.forEachOwnRenderNode { out[$0.id] = $0 }
        return out
    }

    @Test(arguments: files)
    func everyLayerAtEveryFrameAndHalfFrame(_ file: String) throws {
        let scene = try Self.scene(file)
        let retained = RetainedPresentation(scene: scene), alone = LayerAlone(scene: scene)
        let times = (0..<(2 * scene.frameCount)).map { Double($0) / 2 / scene.fps }.filter { $0 <= scene.duration }
        // Every id the walk meets at any of the instants, asked about at each of them.
        let trees = times.map { Self.walked(retained.tree(at: $0)) }
        let ids = Set(trees.flatMap(\.keys)).sorted()
        var found = 0, mismatches: [String] = []
        for (t, tree) in zip(times, trees) {
            for id in ids {
                switch alone.ownRenderNode(of: id, at: t) {
                case .node(let node):
                    found += 1
                    if tree[id] != node { mismatches.append("\(id) at \(t): \(tree[id] == nil ? "absent from the tree" : "another node")") }
                case .absent:
                    if tree[id] != nil { mismatches.append("\(id) at \(t): present in the tree") }
                case .cannotTell:
                    break
                }
            }
        }
        // (A count, not the list: a failure prints the first few, not thousands.)
        let wrong = mismatches.count
        #expect(wrong == 0, "\(file): \(mismatches.prefix(5).joined(separator: "; "))")
        // Every scene has model layers of its own (the root at least), found at every instant.
        #expect(found >= times.count, "\(file): \(found) nodes found alone")
    }
}
