/// The presentation tree of one scene, instant after instant, rebuilt only where it changed since the
/// instant before: what outputs that evaluate many instants (frames, the animated compiler) use
/// instead of building every layer, component and render node again.
///
/// `presentation(at:)` equals `Scene.presentation(at:)` and `renderTree(at:)` equals its
/// `renderNode()`, at any instant and in any order of instants (the tests compare them at every frame
/// and half frame of every scene, forwards, backwards and shuffled, and the fuzzer on every accepted
/// input). What is kept from one instant to the next:
/// - **A layer's presentation copy.** Its animations are evaluated at every instant and the result
///   compared with the last (`PropertyTable.isUnchanged`, bit for bit); a layer without animations
///   keeps its model's values.
/// - **A component's derived sublayers**, derived again only when the layer they come from changed
///   (its values or its presented sublayers): behaviours are stateless, so equal inputs derive equal
///   sublayers. A type with `derivationParts` derives again only the parts whose named properties
///   changed (a ring gauge's track stays while its fraction moves). A derived sublayer equal to the
///   last one (same id, type, timing, animations and sublayers, and unchanged values) keeps its
///   presentation.
/// - **Render nodes.** A layer's own node (`renderNodeWithoutChildren`) is rebuilt only when its
///   values changed (for a type that draws nothing, only when a base property changed: a ring
///   gauge's group is not made again as its fraction moves), and a subtree's render tree only when
///   something in it changed.
///
/// The model is shared by every instant between two timed changes (`Scene.model(at:)`); an instant
/// with another model starts afresh. A ring gauge's track arc is thus derived and drawn once, and an
/// instant where nothing moves costs the evaluation of the animations and one comparison per layer.
///
/// A class with state, for one thread: each worker of a parallel render keeps its own.
public final class RetainedPresentation {
    public let scene: Scene
    /// The number of timed changes in the model `root` was built from; -1 before the first instant.
    private var changes = -1
    private var root: Node?

    public init(scene: Scene) {
        self.scene = scene
    }

    /// The presentation tree at `time`, seconds: equal to `scene.presentation(at: time)`.
    public func presentation(at time: Double) -> Layer {
        node(at: time).presentedLayer
    }

    /// The render tree at `time`, seconds: equal to `scene.presentation(at: time).renderNode()`.
    public func renderTree(at time: Double) -> RenderNode? {
        let before = rendered
        let node = node(at: time)
        renderTreeRepeats = node === before && node.keepsRenderTree
        rendered = node
        return node.renderTree()
    }

    /// Whether the last `renderTree(at:)` gave the tree the call before it gave: nothing drawn changed
    /// between the two instants (a still drawing, a held end), so what was made of that tree (pixels,
    /// a PNG) serves again. False after a timed change (another model) or a call to `tree(at:)` between
    /// them, where it is not known (the tree may still be equal). Default false.
    public private(set) var renderTreeRepeats = false
    /// The root the last `renderTree(at:)` read, nil when `tree(at:)` was called since.
    private var rendered: Node?

    /// The retained tree at `time`, seconds, for renderers that keep output per layer between instants
    /// (`SVGFrameRenderer`): its nodes say which layers changed since the instant before. Valid until
    /// the next call on this presentation.
    public func tree(at time: Double) -> Node {
        rendered = nil
        return node(at: time)
    }

    private func node(at time: Double) -> Node {
        let count = scene.changeCount(at: time)
        if let root, count == changes {
            // The same model as the tree was built from: each node brings its own source to `time`.
            root.update(parentTime: time)
            return root
        }
        let fresh = Node(scene.model(afterChanges: count), parentTime: time)
        root = fresh
        changes = count
        return fresh
    }
}
