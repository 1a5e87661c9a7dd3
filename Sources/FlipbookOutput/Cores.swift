import CFlipbookSystem
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cores this process may run on, as Foundation's `activeProcessorCount` counts them on Linux (the
/// affinity mask, capped by a cgroup v2 CPU quota, rounded up), read without loading Foundation.
enum Cores {
    static func available() -> Int {
        var count = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #if os(Linux)
        let affinity = Int(flipbook_affinity_cpus())
        if affinity > 0 { count = affinity }
        // "max 150000 100000": a quota of 1.5 cores' time a period.
        if let text = LocalFile.contents(atPath: "/sys/fs/cgroup/cpu.max") {
            let fields = String(decoding: text, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
            if fields.count >= 2, let quota = Double(fields[0]), let period = Double(fields[1]), quota > 0, period > 0 {
                count = min(count, max(1, Int((quota / period).rounded(.up))))
            }
        }
        #endif
        return count
    }
}
