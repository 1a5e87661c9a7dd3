#if canImport(Glibc)
import Glibc
#endif
@testable import FlipbookFiles
import Foundation
import Testing

/// A folder's names as `Directory.names()` lists them: every length from 5 to 255 bytes (the longest
/// a name can be), 3,000 names in all (many buffers of entries, the last of each packed to its name's
/// length), against the names written, sorted bytewise.
struct DirectoryNamesTests {
    @Test func everyNameOfEveryLength() throws {
        var template = Array("/tmp/flipbook-names-XXXXXX".utf8CString)
        let root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer { try? FileManager.default.removeItem(atPath: root) }
        var written: [[UInt8]] = []
        for i in 0..<3000 {
            // A number, then letters up to a length that walks through 1…255 (and '.' and '..'-like
            // prefixes, which are names too).
            let length = 1 + (i * 37) % 255
            let stem = Array(String(i).utf8) + (i % 11 == 0 ? Array("..".utf8) : [])
            let name = Array((stem + Array(repeating: UInt8(ascii: "a") + UInt8(i % 26), count: 255)).prefix(max(length, stem.count)))
            let fd = BytePath.withCString(name) { open(root + "/" + String(cString: $0), O_CREAT | O_WRONLY | O_CLOEXEC, 0o644) }
            #expect(fd >= 0, "\(name.count) bytes")
            close(fd)
            written.append(name)
        }
        let listed = try Directory(BytePath(root)).names()
        #expect(listed.count == 3000)
        #expect(listed == written.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(Set(listed.map(\.count)).isSuperset(of: 5...255))
    }
}
