import Dispatch
import Synchronization

/// Renders frames on several threads and hands their bytes over in frame order.
///
/// A frame is a pure function of its time, so frames render independently. The workers, each with a
/// renderer of its own (made once, kept for the run), take frames one at a time from a shared counter,
/// so a slow frame holds up no other, while the calling thread consumes the results in frame order as
/// each arrives. A window bounds the frames held: a worker takes frame k only once frame k − `window`
/// has been consumed, so at most `window` results wait at once (and rendering pauses while the
/// consumer is behind). Writing overlaps rendering from the first frame to the last, with no batch
/// ends where threads wait for a batch's slowest frame; the output does not depend on `jobs`.
struct ParallelFrames<Worker> {
    /// Threads, ≥ 1.
    let jobs: Int
    /// The most frames rendered ahead of the consumer and held at once, ≥ jobs. Default 16 × jobs.
    var window: Int

    init(jobs: Int, window: Int? = nil) {
        self.jobs = max(1, jobs)
        self.window = max(self.jobs, window ?? 16 * self.jobs)
    }

    /// Threads and window for raster frames of `pixels` each: each thread keeps a renderer of about 12
    /// bytes a pixel (its surfaces and the frame's RGBA and filtered rows), and the window holds at most
    /// 256 MB of encoded frames (4 bytes a pixel at worst), and 16 × jobs frames below that, so memory
    /// stays near one renderer's when frames are huge: at most `requested` threads, and only as many
    /// as 1 GB of renderers allows. (With 64 × jobs, a stream of quick 400 × 400 frames held 128 of
    /// them, 82 MB, while the writer caught up: four times what the cost model counts.)
    static func raster(requested: Int, pixels: Int) -> ParallelFrames {
        let perRenderer = max(1, pixels) * 12
        let jobs = max(1, min(requested, (1 << 30) / perRenderer))
        let window = max(jobs, min(16 * jobs, (256 << 20) / (max(1, pixels) * 4)))
        return ParallelFrames(jobs: jobs, window: window)
    }

    /// Renders `frames` with `render` (on worker threads) and passes each result to `consume` (on this
    /// thread) in order. The first error, from rendering or consuming, stops the run: no frame after it
    /// is consumed, no new frame is started, and the run returns (throwing it) once the frames being
    /// rendered are done.
    func run(_ frames: [Int], makeWorker: () throws -> Worker, render: @escaping @Sendable (inout Worker, Int) throws -> [UInt8],
             consume: (Int, [UInt8]) throws -> Void) throws {
        var workers = try (0..<jobs).map { _ in try makeWorker() }
        if jobs == 1 || frames.count < 2 {
            for index in frames { try consume(index, try render(&workers[0], index)) }
            return
        }
        let window = min(self.window, frames.count)
        let state = Window(frames: frames, size: window)
        let threads = min(jobs, frames.count)
        let done = DispatchGroup()
        var failure: (any Error)?
        workers.withUnsafeMutableBufferPointer { workerSlots in
            let slots = UnsafeShared(workerSlots)
            // Each thread touches only its own renderer and the result slots of the frames it takes. The
            // threads have a stack of their own size (`WorkerThread`), not Dispatch's pool's: a renderer
            // recurses once per level of a scene's nesting (a thousand levels at most), and a debug
            // build's raster frame of 1,000 clipped levels overran a pool thread's 8 MB.
            for worker in 0..<threads {
                done.enter()
                WorkerThread.start {
                    state.work { index in try render(&slots.value[worker], index) }
                    done.leave()
                }
            }
            // Consumed here, in order, while the threads render ahead; on the first error, the threads
            // are told to stop and woken, and the run waits for the frames in flight.
            for k in frames.indices {
                do {
                    try consume(frames[k], try state.take(k).get())
                } catch {
                    failure = error
                    break
                }
            }
            // Workers waiting for room after the last frame was taken wake with these and find nothing.
            state.giveBack()
            if failure != nil { state.stop(wakingUp: threads) }
            done.wait()
        }
        if let failure { throw failure }
    }
}

/// The frames of one run and their results in a ring of `size` slots: frame k in slot k mod size.
/// Workers take frames in order from `next`, each after a permit (`room`); the consumer takes
/// results in order, each once its slot's semaphore (`ready`) is signalled, and gives the permit back.
/// So frame k is taken only after frame k − size was consumed and its slot emptied.
///
/// The consumer gives permits back half a window at a time (and all it holds before it waits for a
/// frame, and at the end), not one per frame: where frames render about as fast as they are written
/// (SVG frames, 12 µs each), a permit a frame woke a waiting worker for every frame, a futex call and
/// a context switch each time. Giving back later only tightens the window's bound.
private final class Window: @unchecked Sendable {
    let frames: [Int]
    let size: Int
    private let slots: UnsafeMutablePointer<Swift.Result<[UInt8], any Error>?>
    private let ready: [DispatchSemaphore]
    /// Whether each slot holds a result not yet taken: set by its worker before `ready` is
    /// signalled, so that the consumer knows, without a semaphore call, whether taking it would wait.
    private let filled: [Flag]
    private let room: DispatchSemaphore
    private let next = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    /// Permits of consumed frames not given back yet, and how many are given back at once (the
    /// consumer's alone: only `take` and `giveBack` touch it, on the consuming thread).
    private var held = 0
    private let batch: Int

    init(frames: [Int], size: Int) {
        self.frames = frames
        self.size = size
        batch = max(1, size / 2)
        slots = .allocate(capacity: size)
        slots.initialize(repeating: nil, count: size)
        ready = (0..<size).map { _ in DispatchSemaphore(value: 0) }
        filled = (0..<size).map { _ in Flag() }
        // Made at 0 and raised to `size`: libdispatch stops the process when a semaphore is freed below
        // the value it was made with, as this one is after an error (permits of frames never consumed).
        room = DispatchSemaphore(value: 0)
        for _ in 0..<size { room.signal() }
    }

    /// Frees the slots (results never consumed, after an error, go with them).
    deinit {
        slots.deinitialize(count: size)
        slots.deallocate()
    }

    /// A worker's loop: takes frames until none is left or the run stops, rendering each with `render`.
    func work(_ render: (Int) throws -> [UInt8]) {
        while true {
            room.wait()
            // Acquiring and releasing, not relaxed: a worker can take frame k with a permit it got long
            // before, while the permit given back when frame k − size was consumed went to another worker
            // that took an earlier frame. The counter's chain of updates then orders the consumer's
            // emptying of the slot before this worker's write to it (ThreadSanitizer flags it otherwise).
            let k = stopped.load(ordering: .acquiring) ? frames.count : next.add(1, ordering: .acquiringAndReleasing).oldValue
            guard k < frames.count else {
                // Passed on, so that every other waiting worker wakes and finds nothing left too.
                room.signal()
                return
            }
            let result = Swift.Result { try render(frames[k]) }
            if case .failure = result { stopped.store(true, ordering: .releasing) }
            slots[k % size] = result
            filled[k % size].value.store(true, ordering: .releasing)
            ready[k % size].signal()
        }
    }

    /// Frame k's result (the frames before it taken already), waiting for it to be rendered.
    func take(_ k: Int) -> Swift.Result<[UInt8], any Error> {
        // About to wait: the permits held go back first (frame k may still need one to start).
        if !filled[k % size].value.load(ordering: .acquiring) { giveBack() }
        ready[k % size].wait()
        filled[k % size].value.store(false, ordering: .relaxed)
        let result = slots[k % size].take()!
        held += 1
        if held >= batch { giveBack() }
        return result
    }

    /// Gives back the permits of the frames consumed since the last time (consuming thread only).
    func giveBack() {
        while held > 0 {
            room.signal()
            held -= 1
        }
    }

    /// Stops the workers: no frame is taken after this, and workers waiting for room wake up.
    func stop(wakingUp threads: Int) {
        stopped.store(true, ordering: .releasing)
        for _ in 0..<threads { room.signal() }
    }
}

/// One slot's flag (an atomic has a fixed address, so each lives in an object of its own).
private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}

/// The renderers, as the render threads are handed them (each thread touches its own).
private struct UnsafeShared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Independent pieces of work on several threads, their results handed over in order (a batch's
/// rows): `ParallelFrames` with no state kept per thread.
public enum ParallelWork {
    /// Runs `work(i)` for i in 0..<count on up to `jobs` threads and passes each result to `consume`
    /// (on this thread) in order; an error thrown by `consume` stops the run (see `ParallelFrames.run`).
    public static func run(_ count: Int, jobs: Int, work: @escaping @Sendable (Int) -> [UInt8],
                           consume: (Int, [UInt8]) throws -> Void) throws {
        try ParallelFrames<Void>(jobs: jobs).run(Array(0..<count), makeWorker: { () }, render: { _, i in work(i) }, consume: consume)
    }
}
