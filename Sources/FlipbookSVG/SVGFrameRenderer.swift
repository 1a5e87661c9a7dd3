import Flipbook

/// SVG frames of one scene in sequence, writing again only the layers that changed since the last
/// frame: the frame writer's output, byte for byte, for frame after frame.
///
/// ## How
/// It walks the presentation tree itself (each layer's own render node) instead of building the whole
/// render tree: a presentation layer (`documentBytes(for:)`), or the nodes of a `RetainedPresentation`
/// (`documentBytes(at:of:)`, what the command line uses), which keep each layer's own render node
/// while its values stay the same. A leaf layer (one without sublayers) that equals its value in the
/// previous frame at the same position of the walk has its bytes kept after it is written, and reused
/// while it stays equal: the track of a ring gauge is written once, its value arc every frame. A render
/// node is a pure function of its presentation layer (layer behaviours are stateless), so equal layers
/// write equal bytes; the one state a frame's writing carries, the numbering of gradients and clip
/// paths, is why a leaf that defines either is never kept.
///
/// A group (a layer with sublayers) walked through a retained presentation keeps its opening the same
/// way: its `<g>` tag and its own items (`SVGFrameWriter.openGroup`), reused while its retained node
/// keeps its own render node (`ownNodeVersion`), so a ring gauge's group is not formatted again as its
/// fraction moves. A group that clips or defines a gradient is never kept, for the same numbering.
///
/// "Equal" is the same retained node at the same `version` (no values of it changed since), or else
/// `PropertyTable.isUnchanged` on the properties (bit for bit, and `==` for values that hold storage,
/// such as a path rebuilt with the same points) with the same id, type and timing: stricter than `==`,
/// never looser.
///
/// A leaf that changes every frame costs at most one comparison more than the plain writer (none when
/// its retained node is the last frame's); everything else is the writer's own code
/// (`SVGFrameWriter.openGroup` and `closeGroup`), so the two cannot drift apart, and the tests compare
/// them on every frame of every scene.
public struct SVGFrameRenderer {
    /// Writes the groups, items and the document around them.
    public let writer: SVGFrameWriter
    /// Leaves by their position in the walk, as the last frame wrote them (`Leaf`).
    private var leaves: [Leaf] = []
    private var visited = 0
    /// How many leaves were compared by their values (for the tests: a leaf whose retained node is the
    /// last frame's is not).
    private(set) var valueComparisons = 0
    /// How many group openings were written from kept bytes (for the tests).
    private(set) var keptOpenings = 0

    /// A leaf as last written: its retained node at that version, or else (no retained tree) its
    /// layer; and its bytes once it has been the same in two frames running.
    private struct Leaf {
        var layer: Layer?
        var node: RetainedPresentation.Node?
        var version: Int
        var bytes: SVGBuffer?

        /// The layer written: the one kept, or the retained node's while it is at the version written
        /// (a node of a tree replaced since is not updated again); nil when neither can say.
        var writtenLayer: Layer? {
            if let layer { return layer }
            if let node, node.version == version { return node.leafLayer }
            return nil
        }
    }

    /// Groups (layers with sublayers) by their position in the walk, as the last frame wrote them.
    private var groups: [Group] = []
    private var groupsVisited = 0

    /// A group as last written: its retained node at that own-node version (`ownNodeVersion`); and,
    /// once it has been the same in two frames running, its opening (`SVGFrameWriter.openGroup`: the
    /// `<g>` tag and the node's items, or nothing) with its bytes.
    private struct Group {
        var node: RetainedPresentation.Node?
        var ownNodeVersion: Int
        var isKept = false
        /// The opening with its mark at 0; nil when the group writes nothing.
        var opening: SVGFrameWriter.GroupOpening?
        var bytes = SVGBuffer()
    }

    /// The length of the last document, bytes (the next one's buffer is made as large).
    private var lastCount = 0

    /// The root element's opening tag and the background (`SVGFrameWriter.writeHead`,
    /// `writeBackdrop`), the same for every frame.
    private let head: SVGBuffer, backdrop: SVGBuffer

    public init(canvas: Size, background: Color = .clear, text: SVGTextOptions = SVGTextOptions()) {
        writer = SVGFrameWriter(canvas: canvas, background: background, text: text)
        var head = SVGBuffer(capacity: 128), backdrop = SVGBuffer()
        writer.writeHead(into: &head)
        writer.writeBackdrop(into: &backdrop)
        self.head = head
        self.backdrop = backdrop
    }

    /// The SVG document for a presentation tree (`Scene.presentation(at:)`); the same bytes as
    /// `writer.documentBytes(for: presentation?.renderNode())`.
    public mutating func documentBytes(for presentation: Layer?) -> SVGBuffer {
        document(presentation)
    }

    /// The SVG document of `presentation`'s scene at `time`, seconds; the same bytes as
    /// `writer.documentBytes(for: presentation.renderTree(at: time))`. A layer whose retained node did
    /// not change since the last frame is not compared, and a group's own render node is made again
    /// only when its values change.
    public mutating func documentBytes(at time: Double, of presentation: RetainedPresentation) -> SVGBuffer {
        document(presentation.tree(at: time))
    }

    private mutating func document<Tree: FrameTree>(_ root: Tree?) -> SVGBuffer {
        var state = SVGFrameWriter.State()
        // The whole document in one buffer, as large as the last one (`SVGFrameWriter.finishDocument`).
        var out = SVGBuffer(capacity: max(2048, lastCount + 64))
        out.write(head)
        out.write(backdrop)
        visited = 0
        groupsVisited = 0
        if let root { write(root, into: &out, state: &state) }
        // Leaves and groups past this frame's last belong to layers that are gone.
        if leaves.count > visited { leaves.removeLast(leaves.count - visited) }
        if groups.count > groupsVisited { groups.removeLast(groups.count - groupsVisited) }
        writer.finishDocument(&out, headCount: head.count, state: state)
        lastCount = out.count
        return out
    }

    private mutating func write<Tree: FrameTree>(_ tree: Tree, into out: inout SVGBuffer, state: inout SVGFrameWriter.State) {
        if tree.isLeaf {
            writeLeaf(tree, into: &out, state: &state)
            return
        }
        guard let opening = openGroup(tree, into: &out, state: &state) else { return }
        tree.forEachSublayerInDrawingOrder { sublayer in write(sublayer, into: &out, state: &state) }
        writer.closeGroup(opening, into: &out, state: &state)
    }

    /// Opens the group of a layer with sublayers (`SVGFrameWriter.openGroup`): its opening tag and
    /// items as kept from the last frames while its retained node keeps its own render node (the same
    /// `ownNodeVersion`), else written from that node. Nil when the group writes nothing (hidden or
    /// transparent).
    private mutating func openGroup<Tree: FrameTree>(_ tree: Tree, into out: inout SVGBuffer,
                                                     state: inout SVGFrameWriter.State) -> SVGFrameWriter.GroupOpening? {
        let position = groupsVisited
        groupsVisited += 1
        let retained = tree.retainedNode
        var same = false
        if let retained, position < groups.count, let kept = groups[position].node, kept === retained {
            same = kept.ownNodeVersion == groups[position].ownNodeVersion
        }
        if same, groups[position].isKept {
            // The same own render node as when kept: the same opening, or none.
            guard var opening = groups[position].opening else { return nil }
            opening.mark = out.count
            opening.clipsBefore = state.clips
            opening.defsBefore = state.defs.count
            out.write(groups[position].bytes)
            keptOpenings += 1
            return opening
        }
        let start = out.count, gradients = state.gradients, clips = state.clips
        let mask = tree.maskRenderTree
        let opening = tree.ownRenderNode.flatMap { own in
            var node = own
            node.mask = mask
            node.maskMode = tree.maskMode
            return writer.openGroup(node, into: &out, state: &state)
        }
        if same {
            // Unchanged for two frames: keep the opening, unless it numbers a definition or has a
            // mask (which changes apart from the group's own node: one that draws nothing numbers
            // none, and takes the group away, or inverted takes nothing away, until it draws again).
            if state.gradients == gradients && state.clips == clips && mask == nil {
                groups[position].isKept = true
                groups[position].opening = opening.map { var kept = $0; kept.mark = 0; return kept }
                groups[position].bytes = out.suffix(from: start)
            }
        } else {
            let group = Group(node: retained, ownNodeVersion: retained?.ownNodeVersion ?? 0)
            if position < groups.count { groups[position] = group } else { groups.append(group) }
        }
        return opening
    }

    private mutating func writeLeaf<Tree: FrameTree>(_ tree: Tree, into out: inout SVGBuffer, state: inout SVGFrameWriter.State) {
        let position = visited
        visited += 1
        let retained = tree.retainedNode
        var same = false
        if position < leaves.count {
            // The same retained node says it at once: at the same version it is unchanged, at another it
            // changed. Another node (the first frame after a timed change, or no retained tree) is
            // compared by its values.
            if let retained, let kept = leaves[position].node, kept === retained {
                same = kept.version == leaves[position].version
            } else if let written = leaves[position].writtenLayer {
                same = written.isUnchanged(from: tree.leafLayer)
                valueComparisons += 1
                // Found the same through another node (after a timed change, every node is new): keep
                // this one, so that the next frame asks it instead of comparing values again.
                if same, let retained {
                    leaves[position].node = retained
                    leaves[position].version = retained.version
                }
            }
        }
        if same, let bytes = leaves[position].bytes {
            out.write(bytes)
            return
        }
        let start = out.count, gradients = state.gradients, clips = state.clips
        // Made again (a retained node draws it on the base it keeps), not kept: the bytes are what this
        // renderer keeps of a leaf (keeping the node too cost 12 MB more at 10,000 changing leaves).
        tree.withLeafRenderNode { writer.write($0, into: &out, state: &state) }
        if same {
            // Unchanged for two frames: keep the bytes, unless they number a definition.
            if state.gradients == gradients && state.clips == clips { leaves[position].bytes = out.suffix(from: start) }
        } else {
            // A retained node keeps its layer: only a leaf without one keeps a copy.
            let leaf = Leaf(layer: retained == nil ? tree.leafLayer : nil, node: retained, version: retained?.version ?? 0, bytes: nil)
            if position < leaves.count { leaves[position] = leaf } else { leaves.append(leaf) }
        }
    }
}

/// What the frame renderer walks: a presentation layer, or a retained presentation's node.
protocol FrameTree {
    /// Whether the layer has no sublayers.
    var isLeaf: Bool { get }
    /// The presented layer, for a leaf.
    var leafLayer: Layer { get }
    /// The retained node, when walking a retained presentation.
    var retainedNode: RetainedPresentation.Node? { get }
    /// The layer's render node without children; nil when hidden.
    var ownRenderNode: RenderNode? { get }
    /// The render tree of the layer's mask, nil for none.
    var maskRenderTree: RenderNode? { get }
    /// How the mask masks (`Layer.maskMode`).
    var maskMode: MaskMode { get }
    /// Calls `body` with the layer's render node without children, made again for a leaf (a retained
    /// node draws it on the base it keeps); not when hidden.
    func withLeafRenderNode(_ body: (RenderNode) -> Void)
    func forEachSublayerInDrawingOrder(_ body: (Self) -> Void)
}

extension Layer: FrameTree {
    var isLeaf: Bool { sublayers.isEmpty }
    var leafLayer: Layer { self }
    var retainedNode: RetainedPresentation.Node? { nil }
    var ownRenderNode: RenderNode? { renderNodeWithoutChildren() }
    func withLeafRenderNode(_ body: (RenderNode) -> Void) { if let node = renderNodeWithoutChildren() { body(node) } }
}

extension RetainedPresentation.Node: FrameTree {
    var retainedNode: RetainedPresentation.Node? { self }
}
