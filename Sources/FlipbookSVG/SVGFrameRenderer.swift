import Flipbook

/// SVG frames of one scene in sequence, writing again only the layers that changed since the last
/// frame: the frame writer's output, byte for byte, for frame after frame.
///
/// ## How
/// It walks the presentation tree itself (`renderNodeWithoutChildren` for each layer) instead of
/// building the whole render tree. A leaf layer (one without sublayers) that equals its value in the
/// previous frame at the same position of the walk has its bytes kept after it is written, and reused
/// while it stays equal: the track of a ring gauge is written once, its value arc every frame. A render
/// node is a pure function of its presentation layer (layer behaviours are stateless), so equal layers
/// write equal bytes; the one state a frame's writing carries, the numbering of gradients and clip
/// paths, is why a leaf that defines either is never kept.
///
/// "Equal" is `PropertyTable.isUnchanged` on the properties (bit for bit, and `==` for values that
/// hold storage, such as a path rebuilt with the same points) with the same id, type and timing:
/// stricter than `==`, never looser.
///
/// A leaf that changes every frame costs one comparison more than the plain writer; everything else
/// is the writer's own code (`SVGFrameWriter.writeGroup`), so the two cannot drift apart, and the tests
/// compare them on every frame of every scene.
public struct SVGFrameRenderer {
    /// Writes the groups, items and the document around them.
    public let writer: SVGFrameWriter
    /// Leaves by their position in the walk: the last frame's layer, and its bytes once it has been
    /// the same in two frames running.
    private var leaves: [Leaf] = []
    private var visited = 0

    private struct Leaf {
        var layer: Layer
        var bytes: SVGBuffer?
    }

    public init(canvas: Size, background: Color = .clear) {
        writer = SVGFrameWriter(canvas: canvas, background: background)
    }

    /// The SVG document for a presentation tree (`Scene.presentation(at:)`); the same bytes as
    /// `writer.documentBytes(for: presentation?.renderNode())`.
    public mutating func documentBytes(for presentation: Layer?) -> SVGBuffer {
        var state = SVGFrameWriter.State()
        var body = SVGBuffer(capacity: 2048)
        visited = 0
        if let presentation { write(presentation, into: &body, state: &state) }
        // Leaves past this frame's last belong to layers that are gone.
        if leaves.count > visited { leaves.removeLast(leaves.count - visited) }
        return writer.document(body: body, state: state)
    }

    private mutating func write(_ layer: Layer, into out: inout SVGBuffer, state: inout SVGFrameWriter.State) {
        if layer.sublayers.isEmpty {
            writeLeaf(layer, into: &out, state: &state)
            return
        }
        guard let node = layer.renderNodeWithoutChildren() else { return }
        let writer = self.writer
        writer.writeGroup(node, into: &out, state: &state) { out, state in
            layer.forEachSublayerInDrawingOrder { sublayer in write(sublayer, into: &out, state: &state) }
        }
    }

    /// Whether leaf `b` is leaf `a` again: unchanged properties and the same id, type and timing.
    private static func unchanged(_ a: Layer, _ b: Layer) -> Bool {
        a.properties.isUnchanged(from: b.properties) && a.id == b.id && a.type == b.type && a.timing == b.timing
            && a.animations == b.animations && a.sublayers == b.sublayers
    }

    private mutating func writeLeaf(_ layer: Layer, into out: inout SVGBuffer, state: inout SVGFrameWriter.State) {
        let position = visited
        visited += 1
        let same = position < leaves.count && Self.unchanged(leaves[position].layer, layer)
        if same, let bytes = leaves[position].bytes {
            out.write(bytes)
            return
        }
        let start = out.count, gradients = state.gradients, clips = state.clips
        if let node = layer.renderNode() { writer.write(node, into: &out, state: &state) }
        if same {
            // Unchanged for two frames: keep the bytes, unless they number a definition.
            if state.gradients == gradients && state.clips == clips { leaves[position].bytes = out.suffix(from: start) }
        } else if position < leaves.count {
            leaves[position] = Leaf(layer: layer, bytes: nil)
        } else {
            leaves.append(Leaf(layer: layer, bytes: nil))
        }
    }
}
