/// Animated PNG (APNG 1.0, Mozilla's specification, now in PNG's third edition): one file holding
/// every frame, each with its own delay, played `plays` times (0: for ever).
///
/// Every frame covers the whole canvas (fcTL at 0, 0 with the image's size), replaces what was there
/// (blend op SOURCE) and is left as it is (dispose op NONE), so a decoder's output is each frame's
/// pixels exactly, the first frame doubling as the default image (IDAT). Consecutive frames whose
/// compressed rows are equal — the same pixels, since the encoding is deterministic — are one frame
/// shown for their summed delay. A delay is `count` / `fps` seconds: written as count / fps when the
/// rate is a whole number up to 65,535, else in milliseconds; a run longer than 65,535 frames is cut
/// into more than one frame.
public struct APNGEncoder: Sendable {
    public let width: Int
    public let height: Int
    /// Frames per second.
    public let fps: Double
    private var frames: [(data: [UInt8], count: Int)] = []

    public init(width: Int, height: Int, fps: Double) {
        self.width = width
        self.height = height
        self.fps = fps
    }

    /// The compressed rows of a frame (`compressed(_:)`), which may run on any thread.
    public static func compressed(_ image: RasterImage) -> [UInt8] { ImageEncoder.compressedRows(image) }

    /// Appends the next frame, compressed by `compressed(_:)`, shown for one frame's time.
    /// - Precondition: the image was `width` × `height`.
    public mutating func append(compressed data: [UInt8]) {
        if let last = frames.last, last.data == data, last.count < 65_535 {
            frames[frames.count - 1].count += 1
        } else {
            frames.append((data, 1))
        }
    }

    /// Frames the file will hold (runs of equal frames counted once).
    public var frameCount: Int { frames.count }

    /// The file.
    public func encode(plays: Int) -> [UInt8] {
        var out = ImageEncoder.signature
        ImageEncoder.chunk("IHDR", ImageEncoder.header(width, height), to: &out)
        ImageEncoder.chunk("acTL", ImageEncoder.bigEndian(UInt32(frames.count)) + ImageEncoder.bigEndian(UInt32(max(0, plays))), to: &out)
        var sequence: UInt32 = 0
        let whole = fps == fps.rounded() && fps >= 1 && fps <= 65_535
        for (i, frame) in frames.enumerated() {
            let (numerator, denominator): (Int, Int) = whole
                ? (frame.count, Int(fps))
                : (min(65_535, Int((Double(frame.count) * 1000 / fps).rounded())), 1000)
            var control = ImageEncoder.bigEndian(sequence) + ImageEncoder.bigEndian(UInt32(width)) + ImageEncoder.bigEndian(UInt32(height))
            control += ImageEncoder.bigEndian(0) + ImageEncoder.bigEndian(0)
            control += [UInt8(numerator >> 8), UInt8(numerator & 255), UInt8(denominator >> 8), UInt8(denominator & 255), 0, 0]
            ImageEncoder.chunk("fcTL", control, to: &out)
            sequence += 1
            if i == 0 {
                ImageEncoder.chunk("IDAT", frame.data, to: &out)
            } else {
                ImageEncoder.chunk("fdAT", ImageEncoder.bigEndian(sequence) + frame.data, to: &out)
                sequence += 1
            }
        }
        ImageEncoder.chunk("IEND", [], to: &out)
        return out
    }
}
