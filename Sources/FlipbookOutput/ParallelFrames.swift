import Dispatch
import Synchronization

/// Renders frames on several threads and hands their bytes over in frame order.
///
/// A frame is a pure function of its time, so frames render independently. Frames go in batches (8 ×
/// jobs by default): the workers, each with a renderer of its own (made once, kept across batches),
/// take the batch's frames one at a time from a shared counter, so a slow frame holds up no other,
/// while the calling thread consumes the batch before in order. So writing overlaps rendering, and at
/// most two batches are held in memory; the output does not depend on `jobs`.
struct ParallelFrames<Worker> {
    /// Threads, ≥ 1.
    let jobs: Int
    /// Frames a batch holds, ≥ jobs. Default 8 × jobs.
    var batchSize: Int

    init(jobs: Int, batchSize: Int? = nil) {
        self.jobs = max(1, jobs)
        self.batchSize = max(self.jobs, batchSize ?? 8 * self.jobs)
    }

    /// Threads and batch size for raster frames of `pixels` each: each thread keeps a renderer of
    /// about 12 bytes a pixel (its surfaces and the frame's RGBA and filtered rows), and the two batches
    /// held at once hold at most 256 MB of encoded frames (4 bytes a pixel at worst). Batches are of
    /// 32 × jobs frames below that (fewer batch ends, where threads wait for the batch's last frame),
    /// so memory stays near one renderer's when frames are huge: at most `requested` threads, and only
    /// as many as 1 GB of renderers allows.
    static func raster(requested: Int, pixels: Int) -> ParallelFrames {
        let perRenderer = max(1, pixels) * 12
        let jobs = max(1, min(requested, (1 << 30) / perRenderer))
        let batch = max(jobs, min(32 * jobs, (128 << 20) / (max(1, pixels) * 4)))
        return ParallelFrames(jobs: jobs, batchSize: batch)
    }

    /// Renders `frames` with `render` (on worker threads) and passes each result to `consume` (on this
    /// thread) in order; the first error, from rendering or consuming, stops the run once the batch
    /// being rendered is done.
    func run(_ frames: [Int], makeWorker: () throws -> Worker, render: @escaping @Sendable (inout Worker, Int) throws -> [UInt8],
             consume: (Int, [UInt8]) throws -> Void) throws {
        let workers = Box(try (0..<jobs).map { _ in try makeWorker() })
        let batches = stride(from: 0, to: frames.count, by: batchSize).map { Array(frames[$0..<min($0 + batchSize, frames.count)]) }
        if jobs == 1 {
            for batch in batches {
                for index in batch { try consume(index, try render(&workers.value[0], index)) }
            }
            return
        }
        var next = batches.first.map { start($0, workers, render) }
        for (k, batch) in batches.enumerated() {
            guard let current = next else { break }
            current.done.wait()
            // The next batch renders while this one is consumed.
            next = k + 1 < batches.count ? start(batches[k + 1], workers, render) : nil
            defer { next?.done.wait() }
            for (slot, index) in batch.enumerated() {
                try consume(index, current.results.value[slot]!.get())
            }
        }
    }

    /// A batch being rendered: its results, complete once `done` is reached.
    private struct Rendering {
        let results: Box<[Result<[UInt8], any Error>?]>
        let done: DispatchGroup
    }

    /// Starts rendering `batch` on `jobs` threads and returns at once.
    private func start(_ batch: [Int], _ workers: Box<[Worker]>, _ render: @escaping @Sendable (inout Worker, Int) throws -> [UInt8]) -> Rendering {
        let results = Box([Result<[UInt8], any Error>?](repeating: nil, count: batch.count))
        let done = DispatchGroup()
        let shared = UnsafeShared((workers, results, batch, Claims()))
        let jobs = min(self.jobs, batch.count)
        DispatchQueue.global().async(group: done) {
            let (workers, results, batch, claims) = shared.value
            workers.value.withUnsafeMutableBufferPointer { workerSlots in
                results.value.withUnsafeMutableBufferPointer { resultSlots in
                    let w = UnsafeShared(workerSlots), r = UnsafeShared(resultSlots)
                    DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                        // Each worker touches only its own renderer and the result slots it claims.
                        while case let slot = claims.next.add(1, ordering: .relaxed).oldValue, slot < batch.count {
                            r.value[slot] = Result { try render(&w.value[worker], batch[slot]) }
                        }
                    }
                }
            }
        }
        return Rendering(results: results, done: done)
    }
}

/// The next unclaimed slot of a batch.
private final class Claims: Sendable {
    let next = Atomic<Int>(0)
}

/// A mutable value shared by reference.
private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// What the render threads are handed: the workers and results (each thread touches distinct
/// elements, and the calling thread reads them only after the batch is done) and the batch.
private struct UnsafeShared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
