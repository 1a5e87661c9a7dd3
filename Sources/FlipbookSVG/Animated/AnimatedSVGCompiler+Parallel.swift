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
    /// one layer at a time in the order of `ids`, and numbers its gradients and clip paths from 1. A
    /// layer that numbers any, written after layers that numbered some, is written again here, in
    /// order, so that its numbers follow theirs. A layer's tracks depend on nothing else the layers
    /// before it wrote.
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
        for (index, id) in ids.enumerated() {
            let written = results[index]!
            if written.gradients + written.clips > 0 && gradients + clips > 0 {
                // On this thread alone, as the threads wrote it: written with all of this context's
                // jobs, its sublayers would be handed to threads of their own again, each level of
                // clipped layers below writing its layers again (an imported file of 1,285 layers,
                // nested clips: 2 minutes, against 6 s on one thread).
                let all = jobs
                jobs = 1
                writeNode(id, children: children, into: &body)
                jobs = all
                continue
            }
            // Track checks name their report entries: renumbered after the entries before them.
            let offset = report.count
            body += written.body.map { $0.shiftingChecks(by: offset) }
            report += written.report
            defs += written.defs.map { $0.shiftingChecks(by: offset) }
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
