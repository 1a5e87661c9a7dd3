import Dispatch
import Easing
import FlipbookSupport

/// Sibling layers written on several threads.
extension AnimatedSVGCompiler.Context {
    /// `writeNode` for each of `ids` (siblings, or the top-level layers), in order: on up to `jobs`
    /// threads when there are several, giving the bytes, report and definitions one thread writes
    /// (the tests compare the two on every scene).
    ///
    /// Each thread writes with a copy of this context (`forked()`: the snapshots kept so far, shared;
    /// a sampler and a spline cache of its own; one thread, so the layers below are written in turn),
    /// one layer at a time in the order of `ids`, and numbers its gradients and clip paths from 1;
    /// here, in order, each layer's numbers are shifted to follow those written before it
    /// (`renumbering`). A layer's tracks depend on nothing else the layers before it wrote, and its
    /// numbers only name its definitions.
    mutating func writeNodes(_ ids: [String], children: [String: [String]]) -> [AnimatedDocument.Element] {
        guard jobs > 1 && ids.count > 1 else {
            var body: [AnimatedDocument.Element] = []
            for id in ids { writeNode(id, children: children, into: &body) }
            return body
        }
        let threads = min(jobs, ids.count)
        let results = UnsafeMutableBufferPointer<Written?>.allocate(capacity: ids.count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        let shared = SharedWork(results: results, base: self, ids: ids, children: children)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var context = shared.base.forked()
            while let index = shared.nextIndex() {
                context.report = []
                context.defs = []
                context.gradients = 0
                context.clips = 0
                var body: [AnimatedDocument.Element] = []
                context.writeNode(shared.ids[index], children: shared.children, into: &body)
                shared.results[index] = Written(body: body, report: context.report, defs: context.defs,
                                                gradients: context.gradients, clips: context.clips)
            }
        }
        var body: [AnimatedDocument.Element] = []
        for index in ids.indices {
            let written = results[index]!
            // Track checks name their report entries, and definitions their numbers: both shifted
            // after those written before them.
            let offset = report.count, clipsBefore = clips, gradientsBefore = gradients
            let shift = { (e: AnimatedDocument.Element) in e.shiftingChecks(by: offset).renumbering(clips: clipsBefore, gradients: gradientsBefore) }
            body += written.body.map(shift)
            report += written.report
            defs += written.defs.map(shift)
            gradients += written.gradients
            clips += written.clips
        }
        return body
    }

    /// A copy for another thread: its own sampler (`Sampler.fork`) and spline cache, and one job.
    func forked() -> Self {
        var copy = self
        copy.sampler = sampler.fork()
        copy.splines = SplineSolutions()
        copy.jobs = 1
        return copy
    }
}

/// What writing one layer (and the layers below it) adds to the output.
private struct Written {
    var body: [AnimatedDocument.Element] = []
    var report: [AnimatedSVG.Entry] = []
    var defs: [AnimatedDocument.Element] = []
    var gradients = 0
    var clips = 0
}

/// What the threads of `writeNodes` share: the context they copy, the layers, and the slots each
/// fills (a thread writes only the slots of the indices it took).
private final class SharedWork: @unchecked Sendable {
    let results: UnsafeMutableBufferPointer<Written?>
    let base: AnimatedSVGCompiler.Context
    let ids: [String]
    let children: [String: [String]]
    private var next = 0
    private let lock = CacheLock()

    init(results: UnsafeMutableBufferPointer<Written?>, base: AnimatedSVGCompiler.Context, ids: [String], children: [String: [String]]) {
        self.results = results
        self.base = base
        self.ids = ids
        self.children = children
    }

    /// The next layer's index to write, or nil when every one has been taken.
    func nextIndex() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < ids.count else { return nil }
        next += 1
        return next - 1
    }
}

extension AnimatedDocument.Element {
    /// This element with the compiler's definition ids (`c<n>` clip paths, masks and filters, `g<n>`
    /// gradients: `AnimatedSVGCompiler.Context.clips`, `gradients`) shifted by `clips` and
    /// `gradients`, in its `id` and in every reference (attributes, discrete and set animations), its
    /// children's too. Other names are kept.
    func renumbering(clips: Int, gradients: Int) -> Self {
        guard clips + gradients > 0 else { return self }
        func shifted(_ name: String) -> String {
            guard let kind = name.first, kind == "c" || kind == "g", let n = Int(name.dropFirst()), n > 0,
                  name.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return name }
            return "\(kind)\(n + (kind == "c" ? clips : gradients))"
        }
        func value(_ v: AnimatedDocument.Value) -> AnimatedDocument.Value {
            if case .reference(let name) = v { return .reference(shifted(name)) }
            return v
        }
        var copy = self
        for i in copy.attributes.indices {
            if copy.attributes[i].name == "id", case .keyword(let name) = copy.attributes[i].value {
                copy.attributes[i].value = .keyword(shifted(name))
            } else {
                copy.attributes[i].value = value(copy.attributes[i].value)
            }
        }
        copy.animations = animations.map { animation in
            switch animation {
            case .discrete(var d):
                d.values = d.values.map(value)
                d.single = d.single.map { (value($0.value), $0.begin) }
                return .discrete(d)
            case .set(let attribute, let v, let begin): return .set(attribute: attribute, value: value(v), begin: begin)
            default: return animation
            }
        }
        copy.children = children.map { $0.renumbering(clips: clips, gradients: gradients) }
        return copy
    }
}
