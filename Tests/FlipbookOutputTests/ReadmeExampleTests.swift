#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// The README's Swift example (`ReadmeExample`), run as written in a fresh folder.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleRuns() throws {
        let folder = "/tmp/flipbook-readme-\(getpid())-\(time(nil))"
        #expect(mkdir(folder, 0o755) == 0)
        // (The process's folder changes for the example's relative paths, and back: no other test
        // reads a relative path; every one finds its files from #filePath.)
        var saved = [CChar](repeating: 0, count: 4096)
        _ = getcwd(&saved, saved.count)
        #expect(chdir(folder) == 0)
        defer { _ = chdir(saved) }
        let animated = try ReadmeExample.run()
        // 61 frames (2 s at 30 fps and the end), and the slide one exact track: a translation along x
        // from 40 to 160 with CA's easeInEaseOut, (0.42, 0, 0.58, 1).
        #expect(animated.svg.contains(#"keySplines="0.42 0 0.58 1""#))
        #expect(animated.report.allSatisfy { $0.encoding == .exact || $0.encoding == .discrete })
        var names: [String] = []
        if let dir = opendir(folder + "/box-svg") {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix("frame_") { names.append(name) }
            }
            closedir(dir)
        }
        #expect(names.count == 61)
    }
}
