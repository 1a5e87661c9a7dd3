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
        let first = Self.printf(format, arguments, capacity: 128)
        self = first.needed < 128 ? first.text : Self.printf(format, arguments, capacity: first.needed + 1).text
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
