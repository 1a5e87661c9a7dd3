import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread with a stack of a given size running one closure: how `ParallelFrames` renders, since a
/// renderer recurses once per level of a scene's nesting and Dispatch's pool threads have 8 MB.
enum WorkerThread {
    /// The stack of each rendering thread, bytes: 64 MB (address space reserved, touched only as deep
    /// as the recursion goes; a debug build's raster frame of 1,000 clipped levels needed 9 MB).
    static let stack = 64 << 20

    /// Runs `body` on a new detached thread of `stack` bytes; on one of Dispatch's (asynchronously, as
    /// the thread would) when no such thread can be made.
    static func start(stack: Int = stack, _ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stack)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        #else
        var thread: pthread_t?
        let started = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
            box.body()
            return nil
        }, box)
        #endif
        if started != 0 {
            let unstarted = Unmanaged<Box>.fromOpaque(box).takeRetainedValue()
            DispatchQueue.global().async { unstarted.body() }
        }
    }
}
