import Dispatch

/// Renders frames on several threads and hands their bytes over in frame order.
///
/// A frame is a pure function of its time, so frames render independently: worker w of `jobs`
/// renders the frames w, w + jobs, … of each batch (8 × jobs frames by default) with a renderer of its own
/// (made once, kept across batches), and the calling thread consumes the batch in order. At most one
/// batch is held in memory; the output does not depend on `jobs`.
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
    /// about 12 bytes a pixel (its surfaces and the frame's RGBA and filtered rows), and a batch holds
    /// at most 256 MB of encoded frames (4 bytes a pixel at worst), so memory stays near one
    /// renderer's when frames are huge: at most `requested` threads, and only as many as 1 GB of
    /// renderers allows.
    static func raster(requested: Int, pixels: Int) -> ParallelFrames {
        let perRenderer = max(1, pixels) * 12
        let jobs = max(1, min(requested, (1 << 30) / perRenderer))
        let batch = max(jobs, min(8 * jobs, (256 << 20) / (max(1, pixels) * 4)))
        return ParallelFrames(jobs: jobs, batchSize: batch)
    }

    /// Renders `frames` with `render` (on worker threads) and passes each result to `consume` (on this
    /// thread) in order; the first error of a batch, from rendering or consuming, stops the run.
    func run(_ frames: [Int], makeWorker: () throws -> Worker, render: @escaping @Sendable (inout Worker, Int) throws -> [UInt8],
             consume: (Int, [UInt8]) throws -> Void) throws {
        let workers = Box(try (0..<jobs).map { _ in try makeWorker() })
        var start = 0
        while start < frames.count {
            let batch = Array(frames[start..<min(start + batchSize, frames.count)])
            let results = Box([Result<[UInt8], any Error>?](repeating: nil, count: batch.count))
            if jobs == 1 {
                for slot in batch.indices { results.value[slot] = Result { try render(&workers.value[0], batch[slot]) } }
            } else {
                workers.value.withUnsafeMutableBufferPointer { workerSlots in
                    results.value.withUnsafeMutableBufferPointer { resultSlots in
                        let w = UnsafeSendable(workerSlots), r = UnsafeSendable(resultSlots)
                        DispatchQueue.concurrentPerform(iterations: min(jobs, batch.count)) { worker in
                            // Each worker touches only its own renderer and its own result slots.
                            for slot in stride(from: worker, to: batch.count, by: jobs) {
                                r.value[slot] = Result { try render(&w.value[worker], batch[slot]) }
                            }
                        }
                    }
                }
            }
            for (slot, index) in batch.enumerated() {
                try consume(index, results.value[slot]!.get())
            }
            start += batch.count
        }
    }
}

/// A mutable value shared by reference.
private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A buffer pointer handed to worker threads that each touch distinct elements.
private struct UnsafeSendable<Element>: @unchecked Sendable {
    let value: UnsafeMutableBufferPointer<Element>
    init(_ value: UnsafeMutableBufferPointer<Element>) { self.value = value }
}
