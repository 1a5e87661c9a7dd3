import Flipbook
import FlipbookRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// WCAG 2.3.1 (Three Flashes or Below Threshold) on the raster frames, and 2.2.2 (Pause, Stop, Hide)
/// on the motion they show.
///
/// ## 2.3.1, by the WCAG 2.2 definitions of general and red flash thresholds
/// Each frame is rasterized at scale 1 over the scene's opaque background; each pixel's colour is
/// linearized (sRGB's transfer curve) and between consecutive frames
/// - a **general transition** is a change in relative luminance L = 0.2126 R + 0.7152 G + 0.0722 B of
///   at least 0.1 where the darker of the two is below 0.8;
/// - a **red transition** is a change where either state is a saturated red (R / (R + G + B) ≥ 0.8)
///   and the change of (R − G − B) × 320 exceeds 20.
/// A frame change counts as a transition of a kind and direction (up or down) when the pixels so
/// changing cover at least a quarter of some 341 × 256 px field (21,824 px²: 10° of vision on a
/// 1024 × 768 screen at a typical distance), the scene's pixels counted at `viewingScale`² screen
/// pixels each; a canvas smaller than the field counts whole. Consecutive transitions of the same
/// direction merge (a ramp over several frames is one change). A flash is a pair of opposing
/// transitions, so a second holding eight transitions holds four flashes: more than the three allowed.
/// The fields of different transitions need not coincide, which can only find more than the
/// definition does; changes faster than the frame rate are not seen.
///
/// ## 2.2.2
/// Motion that starts by itself (every scene's does: nothing here waits for a trigger) and lasts more
/// than five seconds is a warning: from the first frame that differs from the one before to the last,
/// or, in a looping scene, a loop longer than five seconds in which anything moves (the issue's
/// reading: a loop of five seconds or less is exempt). Whether the page gives a way to pause it is
/// beyond the scene.
extension SceneLint {
    /// The screen field 2.3.1 measures in, pixels, and the area a transition must cover in it.
    static let field = (width: 341.0, height: 256.0), fieldArea = 21_824.0

    func wcagFindings() throws -> [LintFinding] {
        var renderer = try scene.rasterRenderer(scale: 1)
        let linear: [Float] = (0..<256).map { i in
            let c = Float(i) / 255
            return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
        }
        var previous: (luminance: [Float], redness: [Float], saturated: [Bool], rgb: [UInt8])?
        // By kind (0 general, 1 red): (time, direction) of each transition.
        var transitions: [[(Double, Int)]] = [[], []]
        var firstMove: Double?, lastMove: Double?
        let background = scene.opaqueBackground
        for index in 0..<scene.frameCount {
            let image = try renderer.render(scene, frame: index)
            let rgb = image.rgb(over: background)
            let count = image.width * image.height
            var luminance = [Float](repeating: 0, count: count), redness = luminance
            var saturated = [Bool](repeating: false, count: count)
            for p in 0..<count {
                let r = linear[Int(rgb[3 * p])], g = linear[Int(rgb[3 * p + 1])], b = linear[Int(rgb[3 * p + 2])]
                luminance[p] = 0.2126 * r + 0.7152 * g + 0.0722 * b
                redness[p] = r - g - b
                saturated[p] = r + g + b > 0 && r / (r + g + b) >= 0.8
            }
            let time = scene.frameTime(index)
            if let previous {
                if previous.rgb != rgb {
                    firstMove = firstMove ?? scene.frameTime(index - 1)
                    lastMove = time
                }
                var masks = [[Bool]](repeating: [Bool](repeating: false, count: count), count: 4)
                var counts = [0, 0, 0, 0]
                for p in 0..<count {
                    let dl = luminance[p] - previous.luminance[p]
                    if abs(dl) >= 0.1 && min(luminance[p], previous.luminance[p]) < 0.8 {
                        let m = dl > 0 ? 0 : 1
                        masks[m][p] = true
                        counts[m] += 1
                    }
                    let dr = redness[p] - previous.redness[p]
                    if (saturated[p] || previous.saturated[p]) && abs(dr) * 320 > 20 {
                        let m = dr > 0 ? 2 : 3
                        masks[m][p] = true
                        counts[m] += 1
                    }
                }
                for m in 0..<4 where Double(counts[m]) * viewingScale * viewingScale >= Self.fieldArea
                    && Self.largestFieldCount(masks[m], width: image.width, height: image.height, scale: viewingScale) >= Self.fieldArea {
                    let kind = m / 2, direction = m % 2 == 0 ? 1 : -1
                    if transitions[kind].last?.1 != direction { transitions[kind].append((time, direction)) }
                }
            }
            previous = (luminance, redness, saturated, rgb)
        }
        var out: [LintFinding] = []
        for (kind, list) in transitions.enumerated() {
            // The second that holds the most transitions, from each transition on.
            var best = (count: 0, start: 0.0)
            for (i, t) in list.enumerated() {
                let n = list[i...].prefix { $0.0 < t.0 + 1 - 1e-9 }.count
                if n > best.count { best = (n, t.0) }
            }
            if best.count >= 8 {
                let name = kind == 0 ? "general" : "red"
                out.append(LintFinding(.flashes, path: "", time: best.start,
                                       message: "\(best.count / 2) \(name) flashes in the second from \(TraceComparison.number(best.start)) s (\(best.count) opposing changes over a quarter of a 341 × 256 px field at viewing scale \(TraceComparison.number(viewingScale))); WCAG 2.3.1 allows three",
                                       fix: "flash at most three times a second, make the flashing area smaller, or the change of brightness (and of saturated red) smaller"))
            }
        }
        if let firstMove, let lastMove {
            let loopsLong = scene.loops && scene.duration > 5
            if loopsLong || (!scene.loops && lastMove - firstMove > 5 + 1e-9) {
                let span = scene.loops ? "loops every \(TraceComparison.number(scene.duration)) s, for as long as it is shown" : "moves from \(TraceComparison.number(firstMove)) s to \(TraceComparison.number(lastMove)) s"
                out.append(LintFinding(.pauseStopHide, path: "", time: firstMove + 5,
                                       message: "warning: the motion starts by itself and \(span), more than five seconds (WCAG 2.2.2 asks for a way to pause, stop or hide it)",
                                       fix: "end the motion within five seconds, loop it in five seconds or less, or give the page a control that pauses it"))
            }
        }
        return out
    }

    /// The most pixels of `mask` inside any field of 341 × 256 screen pixels (a scene pixel covering
    /// `scale`² of them), in screen pixels²: a summed-area table, the field clipped to the canvas.
    static func largestFieldCount(_ mask: [Bool], width: Int, height: Int, scale: Double) -> Double {
        let fw = min(width, max(1, Int((field.width / scale).rounded(.up)))), fh = min(height, max(1, Int((field.height / scale).rounded(.up))))
        var table = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0
            for x in 0..<width {
                if mask[y * width + x] { row += 1 }
                table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1] + row
            }
        }
        var best = 0
        for y in 0...(height - fh) {
            for x in 0...(width - fw) {
                let a = table[(y + fh) * (width + 1) + x + fw] - table[y * (width + 1) + x + fw] - table[(y + fh) * (width + 1) + x] + table[y * (width + 1) + x]
                best = max(best, a)
            }
        }
        return Double(best) * scale * scale
    }
}
