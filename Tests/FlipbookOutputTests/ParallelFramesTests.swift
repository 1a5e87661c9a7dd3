@testable import FlipbookOutput
import Foundation
import Synchronization
import Testing

/// The threads that render frames ahead of the thread that consumes them: frame order, bytes equal to
/// one thread's, the window that bounds what is held, and the first error ending the run.
@Suite(.timeLimit(.minutes(1)))
struct ParallelFramesTests {
    /// Frames started so far, counted by the render threads.
    final class Counter: Sendable {
        let atomic = Atomic<Int>(0)
        var value: Int { atomic.load(ordering: .relaxed) }
        func add() { atomic.add(1, ordering: .relaxed) }
    }

    /// A frame's bytes: its number, after an amount of work that varies from frame to frame (so the
    /// threads finish out of order).
    static func bytes(_ index: Int) -> [UInt8] {
        var x = UInt64(index) &* 0x9E37_79B9_7F4A_7C15
        for _ in 0..<(Int(x >> 58) * 500) { x = x &* 6_364_136_223_846_793_005 &+ 1 }
        return Array("frame \(index) \(x & 1 == 1 ? "odd" : "even")".utf8)
    }

    struct Failure: Error, Equatable { let frame: Int }

    /// Runs `frames` on `jobs` threads with a window of `window`; returns what was consumed, in order.
    static func run(_ frames: [Int], jobs: Int, window: Int? = nil, failAt: Int? = nil, consumeFailAt: Int? = nil,
                    started: Counter? = nil, check: ((Int) -> Void)? = nil) throws -> [(Int, [UInt8])] {
        var consumed: [(Int, [UInt8])] = []
        let pool = ParallelFrames<Int>(jobs: jobs, window: window)
        try pool.run(frames, makeWorker: { 0 }, render: { worker, index in
            started?.add()
            worker += 1
            if index == failAt { throw Failure(frame: index) }
            return bytes(index)
        }, consume: { index, frame in
            check?(consumed.count)
            if index == consumeFailAt { throw Failure(frame: index) }
            consumed.append((index, frame))
        })
        return consumed
    }

    @Test(arguments: [1, 2, 3, 4, 7])
    func framesArriveInOrderWithOneThreadsBytes(jobs: Int) throws {
        let frames = Array(10..<410)
        for window in [nil, jobs, jobs + 1, 5 * jobs] {
            let consumed = try Self.run(frames, jobs: jobs, window: window)
            #expect(consumed.map { $0.0 } == frames)
            #expect(consumed.allSatisfy { $0.1 == Self.bytes($0.0) })
        }
        #expect(try Self.run([], jobs: jobs).isEmpty)
        #expect(try Self.run([5], jobs: jobs).map { $0.0 } == [5])
    }

    /// Frame k starts only once frame k − window has been consumed: when the consumer is handed its
    /// (k+1)-th frame, at most k + 1 + window frames have started.
    @Test(arguments: [2, 3])
    func theWindowBoundsTheFramesRenderedAhead(jobs: Int) throws {
        for window in [jobs, 8, 40] {
            let started = Counter()
            var worst = Int.min
            let consumed = try Self.run(Array(0..<300), jobs: jobs, window: window, started: started) { k in
                worst = max(worst, started.value - (k + 1 + window))
                // A consumer slower than the threads, so that they would run ahead without the window.
                _ = Self.bytes(k + 1_000_000) + Self.bytes(k + 2_000_000) + Self.bytes(k + 3_000_000)
            }
            #expect(consumed.count == 300)
            #expect(worst <= 0, "window \(window): \(worst) frames beyond it")
        }
    }

    /// The windows the README states: 16 frames a thread by default (SVG frames), and for raster frames
    /// 16 a thread below 256 MB of encoded frames (4 bytes a pixel), fewer above, never under one a
    /// thread; and no more threads than 1 GB of renderers (12 bytes a pixel) allows.
    @Test func windowSizes() {
        #expect(ParallelFrames<Int>(jobs: 2).window == 32)
        #expect(ParallelFrames<Int>(jobs: 3).window == 48)
        let rings = ParallelFrames<Int>.raster(requested: 2, pixels: 400 * 400)
        #expect(rings.jobs == 2 && rings.window == 32)
        for pixels in [400 * 400, 1920 * 1080, 3840 * 2160, 8192 * 8192] {
            let pool = ParallelFrames<Int>.raster(requested: 8, pixels: pixels)
            #expect(pool.window <= 16 * pool.jobs && pool.window >= pool.jobs)
            #expect(pool.window * pixels * 4 <= 256 << 20 || pool.window == pool.jobs, "\(pixels) px: window \(pool.window)")
            #expect(pool.jobs * pixels * 12 <= 1 << 30 || pool.jobs == 1)
        }
        // 4K frames: 33 MB each at worst, so 8 of them fill 256 MB (below 16 a thread).
        #expect(ParallelFrames<Int>.raster(requested: 2, pixels: 3840 * 2160).window == 8)
    }

    /// A frame that fails to render ends the run with its error: every frame before it is consumed,
    /// none after, and no new frame starts once the error is seen.
    @Test(arguments: [1, 2, 3])
    func aRenderErrorEndsTheRun(jobs: Int) {
        let started = Counter()
        var handed: [Int] = []
        do {
            _ = try Self.run(Array(0..<1000), jobs: jobs, window: 16, failAt: 100, started: started) { k in handed.append(k) }
            Issue.record("no error")
        } catch {
            #expect(error as? Failure == Failure(frame: 100))
        }
        #expect(handed == Array(0..<100))
        #expect(started.value <= 100 + 1 + 16)
    }

    /// An error from the consumer ends the run with it: nothing after that frame is consumed, and the
    /// threads stop (waiting for room, they are woken).
    @Test(arguments: [1, 2, 3])
    func aConsumeErrorEndsTheRun(jobs: Int) {
        let started = Counter()
        var handed: [Int] = []
        do {
            _ = try Self.run(Array(0..<1000), jobs: jobs, window: 8, consumeFailAt: 40, started: started) { k in handed.append(k) }
            Issue.record("no error")
        } catch {
            #expect(error as? Failure == Failure(frame: 40))
        }
        #expect(handed == Array(0...40))
        #expect(started.value <= 41 + 8)
    }

    /// The default thread count is the machine's cores as Foundation counts them (the affinity mask,
    /// capped by a cgroup quota), read without Foundation.
    @Test func coresAsFoundationCountsThem() {
        #expect(Cores.available() == ProcessInfo.processInfo.activeProcessorCount)
    }
}
