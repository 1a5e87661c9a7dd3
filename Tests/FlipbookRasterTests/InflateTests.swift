@testable import FlipbookRaster
import Foundation
import Testing

/// Inflate, gzip and zip reading against streams Python's zlib, gzip and zipfile wrote (an independent
/// encoder): every block kind and strategy, streams zlib itself refuses, and random bytes.
struct InflateTests {
    static func bytes(_ base64: String) -> [UInt8] { [UInt8](Data(base64Encoded: base64)!) }

    /// A small Lottie file's text, and a run of repeats (matches that overlap what they copy).
    static let text = bytes("eyJ2IjoiNS43LjQiLCJmciI6MzAsImlwIjowLCJvcCI6NjAsInciOjEwMCwiaCI6MTAwLCJsYXllcnMiOlt7InR5Ijo0LCJubSI6ImRvdCIsImtzIjp7Im8iOnsiYSI6MCwiayI6MTAwfSwicCI6eyJhIjoxLCJrIjpbeyJ0IjowLCJzIjpbMjAsNTBdLCJvIjp7IngiOlswLjMzXSwieSI6WzBdfSwiaSI6eyJ4IjpbMC42N10sInkiOlsxXX19LHsidCI6NjAsInMiOls4MCw1MF19XX19LCJzaGFwZXMiOlt7InR5IjoiZWwiLCJwIjp7ImEiOjAsImsiOlswLDBdfSwicyI6eyJhIjowLCJrIjpbMTAsMTBdfX0seyJ0eSI6ImZsIiwiYyI6eyJhIjowLCJrIjpbMSwwLjE4LDAuMzMsMV19fV19XX0=")
    static let repeats: [UInt8] = Array(repeating: Array("abc".utf8), count: 700).flatMap { $0 } + (0...255).map { UInt8($0) } + Array(repeating: UInt8(ascii: "z"), count: 300)

    /// zlib.compressobj(level, DEFLATED, -15, 8, strategy): the name, its first block's type, the stream.
    static let streams: [(name: String, blockType: Int, stream: String, original: String)] = [
        ("stored", 0, "AUwBs/57InYiOiI1LjcuNCIsImZyIjozMCwiaXAiOjAsIm9wIjo2MCwidyI6MTAwLCJoIjoxMDAsImxheWVycyI6W3sidHkiOjQsIm5tIjoiZG90Iiwia3MiOnsibyI6eyJhIjowLCJrIjoxMDB9LCJwIjp7ImEiOjEsImsiOlt7InQiOjAsInMiOlsyMCw1MF0sIm8iOnsieCI6WzAuMzNdLCJ5IjpbMF19LCJpIjp7IngiOlswLjY3XSwieSI6WzFdfX0seyJ0Ijo2MCwicyI6WzgwLDUwXX1dfX0sInNoYXBlcyI6W3sidHkiOiJlbCIsInAiOnsiYSI6MCwiayI6WzAsMF19LCJzIjp7ImEiOjAsImsiOlsxMCwxMF19fSx7InR5IjoiZmwiLCJjIjp7ImEiOjAsImsiOlsxLDAuMTgsMC4zMywxXX19XX1dfQ==", "text"),
        ("fast", 2, "VY/hCoIwFIXf5fy+yF2zlL3K2A8pxdAyKioR372zWUkMdti9u9++TXjAYZsVWQ5Bc4WzKjhe4BgDY8d8whlltp/sq7G+3uD8hPsIlwvOJ1IOw52Mjo0JQ9yqROnS1CwgLdUMLy3DqR9BG5WtBr4Yr7xY0Mxankn3Gjh7XBu74tMwYZ6FCotkxJQJM8c6bm11qVdJ1D3lvgr8TFRQSfBk/JP1RsWwntgUQBMn938f8kY0MyU3ayV6BK43", "text"),
        ("best", 2, "XY7NCoMwEITfZc6LbOoveRXxIK2iaKtoaSuSd+9uDEh7ccxM5svseMEijfIoAaFdYGMm9DOsyCSSib5hDYt2Qcd6a5YVttzx3GATwuMulNv0FMYgwY5JP7WnDL7lCHPwjPe07HMFXZhSruiofcTgKI7lvOlvJd3+DLI8BKZyjjwlC5jCY5z6WLt6bs6RaEacE45ZJZOHr7+uYTIc2NpstXn9u0McmYJ0JukOffQL", "text"),
        ("fixed", 1, "q1YqU7JSMtUz1zNR0lFKK1KyMjbQUcosULICUvlAygxIlytZGRoA6QwonZNYmVpUrGQVXa1UUqlkZaKjlJcLNCUlvwRoRjZQolopH0Qkgk3JBuuq1VEqgIoZgsVAmsHyIIOMDHRMDWJ1INoqgAIGesbGQH4liBkL1JuJkDAzh0oYxtbW6oBNMYMaYwE2phYkrlSckViQinCkUmqOEsIJEGdFG+iADS9GFTU00DE0gJoN0pkG0pmMpkbHQM/QQgfkTB2QO0CWAgA=", "text"),
        ("huffmanOnly", 2, "BcFbasMwFEXRuezvg7mq8+JMRejDtAkJTmsTmTZGaO5dq/GLOQ7n4YC4vfAY4rHiEMuKTyH+cIoQd5wixHPar6+Kc2Pb8UH8fGO+lg0xV9xYcGPCIWacIrpYcWPCScw4NzYcouL8ETpGEQtuvHGOYRyL2HGO0sUDN944x3A6F7HjnErvamz4FKLifAkdo/TSu6j3ab1WnBvbjrk+EStuTDjEjHMoShcVNyYcYsY5hVKU3tXYdsztifjEjQmHmHFOiiFdFMM4KpXeSy/9Hw==", "text"),
        ("repeats", 1, "S0xKThxFo2gUjaJRNIpG0SgihBgYmZhZWNnYOTi5uHl4+fgFBIWERUTFxCUkpaRlZOXkFRSVlFVU1dQ1NLW0dXT19A0MjYxNTM3MLSytrG1s7ewdHJ2cXVzd3D08vbx9fP38AwKDgkNCw8IjIqOiY2Lj4hOAdqSkpqVnZGZl5+Tm5RcUFhWXlJaVV1RWVdfU1tU3NDY1t7S2tXd0dnX39Pb1T5g4afKUqdOmz5g5a/acufPmL1i4aPGSpcuWr1i5avWatevWb9i4afOWrdu279i5a/eevfv2Hzh46PCRo8eOnzh56vSZs+fOX7h46fKVq9eu37h56/adu/fuP3j46PGTp8+ev3j56vWbt+/ef/j46fOXr9++//j56/efv//+V40CogEA", "repeats"),
        ("repeatsRLE", 2, "7cGDAQAGAMCw2bZt27Ztt51t27Zt27Zt27b9wg5YgmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYhmEYNsCAAw08yKCDDT7EkEMNPcywww0/wogjjTzKqKONPsaYY409zrjjjT/BhBNNPMmkk00+xZRTTT3NtNNNP8OMM808y6yzzT7HnHPNPc+8882/wIILLbzIoostvsSSSy29zLLLLb/CiiutvMqqq62+xpprrb3OuuutvwG24UYbb7LpZptvseVWW2+z7Xbb77DjTjvvsutuu++x515777PvfvsfcOBBBx9y6GGHH3HkUUcfc+xxx59w4kknn3LqaaefceZZZ59z7nnnX3DhRRdfculll19x5VVXX3PtddffcONNN99y622333HnXXffc+999z/w4EMPP/LoY48/8eRTTz/z7HPPv/DiSy+/8uprr7/x5ltvv/Pue+9/8OFHH3/y6Weff/HlV19/8+133//w408///Lrb7//8edff/+z+//+s38B", "repeats"),
    ]
    /// gzip.GzipFile(filename="dot.json", mtime=0) of `text` (a header with a name), and two members
    /// one after the other ("first " and "second").
    static let gzipNamed = bytes("H4sICAAAAAAC/2RvdC5qc29uAF2OzQqDMBCE32XOi2zqL3kV8SCtomiraGkrknfvbgxIe3HMTObL7HjBIo3yKAGhXWBjJvQzrMgkkom+YQ2LdkHHemuWFbbc8dxgE8LjLpTb9BTGIMGOST+1pwy+5Qhz8Iz3tOxzBV2YUq7oqH3E4CiO5bzpbyXd/gyyPASmco48JQuYwmOc+li7em7OkWhGnBOOWSWTh6+/rmEyHNjabLV5/btDHJmCdCbpDn30C88gS/dMAQAA")
    static let gzipTwo = bytes("H4sIAAAAAAACA0vLLCouUQAA/HrxHAYAAAAfiwgAAAAAAAIDK05Nzs9LAQBpER+2BgAAAA==")
    /// zipfile: a dotLottie 2 archive, manifest.json stored, a/dot.json (`text`) deflated.
    static let dotLottie = bytes("UEsDBBQAAAAAAAAAIVj4163QLwAAAC8AAAANAAAAbWFuaWZlc3QuanNvbnsidmVyc2lvbiI6ICIyIiwgImFuaW1hdGlvbnMiOiBbeyJpZCI6ICJkb3QifV19UEsDBBQAAAAIAAAAIVjPIEv3rgAAAEwBAAAKAAAAYS9kb3QuanNvbl2OzQqDMBCE32XOi2zqL3kV8SCtomiraGkrknfvbgxIe3HMTObL7HjBIo3yKAGhXWBjJvQzrMgkkom+YQ2LdkHHemuWFbbc8dxgE8LjLpTb9BTGIMGOST+1pwy+5Qhz8Iz3tOxzBV2YUq7oqH3E4CiO5bzpbyXd/gyyPASmco48JQuYwmOc+li7em7OkWhGnBOOWSWTh6+/rmEyHNjabLV5/btDHJmCdCbpDn30C1BLAQIUAxQAAAAAAAAAIVj4163QLwAAAC8AAAANAAAAAAAAAAAAAACAAQAAAABtYW5pZmVzdC5qc29uUEsBAhQDFAAAAAgAAAAhWM8gS/euAAAATAEAAAoAAAAAAAAAAAAAAIABWgAAAGEvZG90Lmpzb25QSwUGAAAAAAIAAgBzAAAAMAEAAAAA")

    @Test(arguments: streams.map(\.name))
    func inflatesWhatZlibWrote(_ name: String) throws {
        let case_ = try #require(Self.streams.first { $0.name == name })
        let stream = Self.bytes(case_.stream)
        #expect(Int((stream[0] >> 1) & 3) == case_.blockType)
        let (bytes, end) = try Inflate.raw(stream)
        #expect(bytes == (case_.original == "text" ? Self.text : Self.repeats))
        #expect(end == stream.count)
    }

    /// Python's zlib refuses these three ("invalid block type", "invalid stored block lengths",
    /// "invalid distance too far back"); so does Inflate, naming the byte.
    @Test func refusesWhatZlibRefuses() {
        #expect(throws: InflateError("a block of the reserved type 3", at: 1)) { try Inflate.raw([0x07]) }
        #expect(throws: InflateError("a stored block whose length 5 and its complement 0 disagree", at: 5)) { try Inflate.raw([0x01, 5, 0, 0, 0]) }
        #expect(throws: InflateError("a distance of 1 bytes back, with 0 written", at: 2)) { try Inflate.raw([0x03, 0x02]) }
        let best = Self.bytes(Self.streams[2].stream)
        #expect(throws: InflateError.self) { try Inflate.raw(Array(best.prefix(best.count / 2))) }
    }

    /// Output past the limit stops the inflation (a zip bomb is refused, not inflated).
    @Test func stopsAtTheLimit() throws {
        let stream = Self.bytes(Self.streams[5].stream)
        #expect(throws: InflateError.overLimit(100)) { try Inflate.raw(stream, limit: 100) }
        #expect(try Inflate.raw(stream, limit: Self.repeats.count).bytes == Self.repeats)
    }

    /// Random bytes inflate or are refused, never trap (every read is bounds-checked and every code
    /// checked for over-subscription before use).
    @Test func randomBytesNeverTrap() {
        var rng = SystemRandomNumberGenerator()
        var refused = 0
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...64, using: &rng)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            do { _ = try Inflate.raw(bytes, limit: 1 << 16) } catch { refused += 1 }
        }
        #expect(refused > 0)
    }

    /// gzip: a header with a name, two members joined, this package's own gzip read back, and the
    /// trailer's CRC and length checked.
    @Test func gunzips() throws {
        #expect(try Gzip.decompress(Self.gzipNamed) == Self.text)
        #expect(try Gzip.decompress(Self.gzipTwo) == Array("first second".utf8))
        for data in [[], Self.text, Self.repeats, (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }] {
            #expect(try Gzip.decompress(Gzip.compress(data)) == data)
        }
        var corrupt = Self.gzipNamed
        corrupt[corrupt.count - 6] ^= 1
        #expect(throws: InflateError("a CRC-32 that does not match the data", at: corrupt.count - 8)) { try Gzip.decompress(corrupt) }
        #expect(throws: InflateError("bytes after the gzip data", at: Self.gzipNamed.count)) { try Gzip.decompress(Self.gzipNamed + [0]) }
        #expect(throws: InflateError("not gzip data (it does not start with 1F 8B)", at: 0)) { try Gzip.decompress(Self.text) }
    }

    /// A dotLottie archive's entries, stored and deflated, by name.
    @Test func readsZipEntries() throws {
        let archive = try ZipArchive(Self.dotLottie)
        #expect(archive.entries.map(\.name) == ["manifest.json", "a/dot.json"])
        #expect(try archive.contents(of: "a/dot.json") == Self.text)
        #expect(try archive.contents(of: "manifest.json") == Array(#"{"version": "2", "animations": [{"id": "dot"}]}"#.utf8))
        #expect(try archive.contents(of: "missing.json") == nil)
        #expect(throws: InflateError.self) { try ZipArchive(Array(Self.dotLottie.prefix(100))) }
        #expect(throws: InflateError.overLimit(10)) { try archive.contents(of: "a/dot.json", limit: 10) }
    }
}
