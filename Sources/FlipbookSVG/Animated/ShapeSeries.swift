import Flipbook

/// One shape item of the scene (a layer's slot and the item's index in its node) at any instant: the
/// item where the instant's snapshot holds a shape there, else `fallback` (its value at the first
/// instant it is present).
///
/// How the compiler's tracks read shapes: `read` hands the shape to a closure where the snapshot
/// holds it, so a track that needs one colour or one width takes that value without copying the
/// whole `ShapeDrawing` (its path, dashes, gradient and semantic shape). A compile reads shapes about
/// 20,000 times for the rings.
struct ShapeSeries {
    let sampler: Sampler
    let key: ItemKey
    let fallback: ShapeDrawing

    /// `body` applied to the shape at `t`, seconds (or to `fallback` where the item is absent or not
    /// a shape).
    @inline(__always)
    func read<R>(_ t: Double, _ body: (borrowing ShapeDrawing) -> R) -> R {
        (key.text == nil ? sampler.withShape(key.slot, key.index, at: t, body) : nil) ?? body(fallback)
    }

    /// Whether the item is a shape at `t`, and `test` holds for it (false where it is absent).
    @inline(__always)
    func present(at t: Double, where test: (borrowing ShapeDrawing) -> Bool) -> Bool {
        key.text == nil ? sampler.withShape(key.slot, key.index, at: t, test) ?? false : false
    }

    /// A copy of the shape at `t`, seconds.
    func callAsFunction(_ t: Double) -> ShapeDrawing { read(t) { copy $0 } }
}
