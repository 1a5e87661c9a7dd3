#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// `arguments` formatted by the C library's printf rules (`vsnprintf`): numbers only (%d, %f, %e,
    /// %g with their flags, widths and precisions; not Foundation's %@). The same text Foundation's
    /// `String(format:)` gives for them, which formats numbers with the C library too, without loading
    /// Foundation (about 4 ms of every process's start-up). An invalid format gives "".
    public init(printf format: String, _ arguments: CVarArg...) {
        // One number of 1e15 or more written in full (%f of 1e308 is 309 digits, which the C library
        // works out in multiple precision: tens of microseconds, and a chart's labels ask again at
        // every instant a compile looks at): remembered, keyed by the format and the number's bits.
        if arguments.count == 1, let value = arguments[0] as? Double, value.magnitude >= 1e15, value.isFinite {
            let key = PrintfMemo.Key(format: format, bits: value.bitPattern)
            if let known = PrintfMemo.shared.text(for: key) {
                self = known
                return
            }
            self = Self.formatted(format, arguments)
            PrintfMemo.shared.remember(self, for: key)
            return
        }
        self = Self.formatted(format, arguments)
    }

    private static func formatted(_ format: String, _ arguments: [CVarArg]) -> String {
        let first = Self.printf(format, arguments, capacity: 128)
        return first.needed < 128 ? first.text : Self.printf(format, arguments, capacity: first.needed + 1).text
    }

    /// The formatted text cut to `capacity` − 1 bytes, and the length it needs.
    private static func printf(_ format: String, _ arguments: [CVarArg], capacity: Int) -> (text: String, needed: Int) {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: capacity)
            let needed = Int(vsnprintf(&buffer, capacity, format, list))
            guard needed >= 0 else { return ("", 0) }
            let bytes = buffer.prefix(Swift.min(needed, capacity - 1)).map { UInt8(bitPattern: $0) }
            return (String(decoding: bytes, as: UTF8.self), needed)
        }
    }
}

/// Texts of long formatted numbers already made (`String(printf:)`), at most 1,024 (then emptied):
/// shared by every thread, behind a lock.
private final class PrintfMemo: @unchecked Sendable {
    struct Key: Hashable {
        var format: String
        var bits: UInt64
    }

    static let shared = PrintfMemo()
    private let lock = CacheLock()
    private var texts: [Key: String] = [:]

    func text(for key: Key) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return texts[key]
    }

    func remember(_ text: String, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if texts.count >= 1024 { texts.removeAll(keepingCapacity: true) }
        texts[key] = text
    }
}
