import FlipbookSupport
import Foundation
import Testing

/// The C-library helpers that replace Foundation in the command's modules: printf formatting, whole
/// files and the lock, each checked against Foundation or against C's printf rules.
struct SystemHelpersTests {
    /// C99 §7.19.6.1 worked by hand (round half to even on exact binary halves), and what the scenes'
    /// labels and the command's messages use.
    static let printfTable: [(String, Double, String)] = [
        ("%4.2f", 3.14159, "3.14"), ("%4.2f", 0.5, "0.50"), ("%4.0f", 1234.5, "1234"), ("%4.0f", 1235.5, "1236"),
        ("%.0f", 2.5, "2"), ("%.1e", 0.000123, "1.2e-04"), ("%.2g", 1_234_567, "1.2e+06"), ("%.2g", 0.5, "0.5"),
        ("%.3f", -0.0004, "-0.000"), ("%8.3f", 2, "   2.000"),
    ]

    /// A number of 1e15 or more is formatted once and remembered: the text is the C library's exact
    /// expansion (Python's `'%4.2f' % -1e308`, 313 characters), the same when asked again.
    @Test func longNumbersAreRememberedExactly() {
        let expected = "-100000000000000001097906362944045541740492309677311846336810682903157585404911491537163328978494688899061249669721172515611590283743140088328307009198146046031271664502933027185697489699588559043338384466165001178426897626212945177628091195786707458122783970171784415105291802893207873272974885715430223118336.00"
        #expect(expected.count == 313)
        #expect(String(printf: "%4.2f", -1e308) == expected)
        #expect(String(printf: "%4.2f", -1e308) == expected)
        #expect(String(printf: "%.1f", -1e308) == String(expected.dropLast()))
        #expect(String(printf: "%4.2f", 1e15) == "1000000000000000.00")
    }

    @Test(arguments: printfTable.indices)
    func printfFormatsAsC(index: Int) {
        let (format, value, expected) = Self.printfTable[index]
        #expect(String(printf: format, value) == expected)
        // And as Foundation's String(format:), which the labels used before.
        #expect(String(printf: format, value) == String(format: format, value))
    }

    @Test func printfTakesIntegersAndLongText() {
        #expect(String(printf: "%d min %02d s", 3, 7) == "3 min 07 s")
        // Past the first 128-byte buffer: formatted again at the length vsnprintf reported.
        let wide = String(printf: "%300.1f", 1.25)
        #expect(wide.utf8.count == 300)
        #expect(wide.hasSuffix(" 1.2"))
        #expect(wide == String(format: "%300.1f", 1.25))
    }

    @Test func localFileReadsWholeFilesAndNamesWhatIsThere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-localfile-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Larger than one read of 64 KiB, with every byte value.
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        let file = folder.appendingPathComponent("data.bin")
        try Data(bytes).write(to: file)
        #expect(LocalFile.contents(atPath: file.path) == bytes)
        #expect(LocalFile.contents(atPath: file.path) == [UInt8](try Data(contentsOf: file)))
        let empty = folder.appendingPathComponent("empty")
        try Data().write(to: empty)
        #expect(LocalFile.contents(atPath: empty.path) == [])
        #expect(LocalFile.kind(atPath: file.path) == .file)
        #expect(LocalFile.kind(atPath: folder.path) == .folder)
        #expect(LocalFile.kind(atPath: folder.appendingPathComponent("missing").path) == .missing)
        #expect(LocalFile.contents(atPath: folder.path) == nil)
        #expect(LocalFile.contents(atPath: folder.appendingPathComponent("missing").path) == nil)
    }

    @Test func cacheLockExcludes() async {
        final class Box: @unchecked Sendable {
            let lock = CacheLock()
            var count = 0
        }
        let box = Box()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<10_000 {
                        box.lock.lock()
                        box.count += 1
                        box.lock.unlock()
                    }
                }
            }
        }
        #expect(box.count == 40_000)
    }

    /// `whitespaceTrimmed` against Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`, the
    /// call it replaced: tabs, line breaks, a no-break space and an ideographic space at the ends, white
    /// space inside kept, and a text of white space only.
    @Test(arguments: ["  0.25\t", "\n1e-3\r\n", "\u{00A0}x y\u{3000}", "   ", "", "a", " ,  b ,"])
    func whitespaceTrimmedAsFoundationTrims(_ text: String) {
        #expect(text.whitespaceTrimmed == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text[...].whitespaceTrimmed == text.trimmingCharacters(in: .whitespacesAndNewlines))  // a Substring too
    }

    /// SplitMix64 from seed 1,234,567: the reference algorithm's first three outputs (computed apart,
    /// in Python's arbitrary-precision integers), and `unit()` in [0, 1).
    @Test func splitMixGivesTheReferenceSequence() {
        var generator = SplitMix64(seed: 1_234_567)
        #expect([generator.next(), generator.next(), generator.next()] == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
        var units = SplitMix64(seed: 1_234_567)
        #expect(units.unit() == Double(6_457_827_717_110_365_317 >> 11 as UInt64) / 9_007_199_254_740_992)
        for _ in 0..<1_000 {
            let u = units.unit()
            #expect(u >= 0 && u < 1)
        }
    }
}
