@testable import FlipbookFiles
import Testing

/// The manifest is never trusted as a list of files to delete: only frame names are accepted.
struct FrameManifestTests {
    @Test(arguments: ["frame_0000.svg", "frame_0001.png", "frame_12345.svg", "frame_99999999.png"])
    func frameNames(_ name: String) {
        #expect(FrameManifest.isFrameName(Array(name.utf8)))
    }

    @Test(arguments: ["..", ".", "", "precious.txt", "frame_000.svg", "frame_0001.txt", "frame_0001.svg/x", "../frame_0001.svg",
                      "/etc/passwd", "frame_00a1.svg", "frame_0001.SVG", "Frame_0001.svg", "frame_0001.svg ", "sub", "frame_-001.svg",
                      "frame_٠٠٠١.svg"])
    func notFrameNames(_ name: String) {
        #expect(!FrameManifest.isFrameName(Array(name.utf8)))
    }

    @Test(arguments: ["..", "precious.txt", "sub", "../sibling", "frame_0001.txt", "/etc/passwd"])
    func craftedEntryRefusesTheWholeManifest(_ entry: String) {
        let text = "# flipbook frames 1\nframe_0000.svg\n\(entry)\nframe_0001.svg\n"
        #expect(throws: FileError.self) { try FrameManifest.parse(Array(text.utf8), path: BytePath("out/.flipbook-frames")) }
        do {
            _ = try FrameManifest.parse(Array(text.utf8), path: BytePath("out/.flipbook-frames"))
        } catch {
            #expect(error.message.contains("line 3"))
            #expect(error.message.contains("out/.flipbook-frames"))
        }
    }

    @Test func roundTrip() throws {
        let names = (0..<5).map { Array("frame_000\($0).svg".utf8) }
        for incomplete in [false, true] {
            let manifest = FrameManifest(names: names, incomplete: incomplete)
            let back = try FrameManifest.parse(manifest.bytes, path: BytePath("m"))
            #expect(back == manifest)
        }
        // The manifests of earlier versions have no header: still read.
        let old = try FrameManifest.parse(Array("frame_0000.svg\nframe_0001.svg\n".utf8), path: BytePath("m"))
        #expect(old.names.count == 2 && !old.incomplete)
    }
}
