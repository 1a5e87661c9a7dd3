import Flipbook

/// Anti-aliased polygon coverage by signed-area accumulation (the scheme of font-rs and stb_truetype's
/// v2 rasterizer): each edge adds, to the cells it crosses, the exact area it sweeps to its right and
/// the height it covers; a running sum along each row turns them into the winding number integrated
/// over the pixel. The coverage is exact for any polygon (up to floating point).
///
/// Fill rules: non-zero takes min(1, |w|) of the accumulated winding w; even-odd folds w into
/// [0, 1] as a triangle wave (|w − 2·round(w/2)|). Both are exact where only one edge crosses a pixel.
/// Coordinates are device pixels, y down; pixel (x, y) covers [x, x+1) × [y, y+1).
///
/// Every polygon is clipped to the canvas rectangle [0, `right`] × [0, `bottom`], which may end inside
/// the last column or row (a canvas of 17.07 device pixels has 18 rows, the last covered 0.07): an
/// edge's part beyond it is moved onto it, as Sutherland–Hodgman clipping against a half-plane does,
/// which keeps the winding number inside the rectangle and makes it 0 outside. So the coverage of that
/// last column or row is exact: what lies beyond the canvas adds nothing.
///
/// Each row keeps one bit per cell that an edge wrote to. Between touched cells the
/// winding is constant, so a sweep takes such a run at once (skipped when empty, filled when full)
/// and visits single cells only next to edges. The sweep clears what it read, so one rasterizer
/// serves every shape of every frame without being cleared.
struct CoverageRasterizer {
    let width: Int
    let height: Int
    /// The canvas's right and bottom edges, device pixels: width − 1 < right ≤ width (likewise bottom).
    let right: Double
    let bottom: Double
    /// Accumulation cells, `stride` = width + 2 per row (an edge in the last column spills into the
    /// next; the cell at `width` also marks a row covered to its end by edges right of the canvas).
    private var cells: [Float]
    /// `words` per row: bit b of a row says whether cell b was written.
    private var touched: [UInt64]
    private var minY = Int.max, maxY = Int.min
    private let stride: Int
    private let words: Int

    /// A rasterizer for `width` × `height` pixels whose canvas ends at `right` and `bottom` (device
    /// pixels; default, and at most, the pixel grid's own edges; values at or below the grid's last
    /// column or row, or NaN, also mean the grid's edges).
    init(width: Int, height: Int, right: Double? = nil, bottom: Double? = nil) {
        self.width = width
        self.height = height
        func edge(_ value: Double?, _ pixels: Int) -> Double {
            guard let value, value > Double(pixels - 1), value < Double(pixels) else { return Double(pixels) }
            return value
        }
        self.right = edge(right, width)
        self.bottom = edge(bottom, height)
        stride = width + 2
        words = (width + 2 + 63) / 64
        cells = [Float](repeating: 0, count: stride * max(height, 1))
        touched = [UInt64](repeating: 0, count: words * max(height, 1))
    }

    /// Adds the edges of closed polygons (each a list of points; the closing edge is implied).
    mutating func add(polygons: [[Point]]) {
        let geometry = Geometry(width: width, height: height, stride: stride, words: words, right: right, bottom: bottom)
        var rows = (minY, maxY)
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                let target = Target(cells: cells.baseAddress!, touched: touched.baseAddress!)
                for polygon in polygons where polygon.count >= 2 {
                    var previous = polygon[polygon.count - 1]
                    for point in polygon {
                        Self.addLine(previous, point, geometry, target, rows: &rows)
                        previous = point
                    }
                }
            }
        }
        (minY, maxY) = rows
    }

    private struct Geometry { let width: Int, height: Int, stride: Int, words: Int, right: Double, bottom: Double }
    private struct Target { let cells: UnsafeMutablePointer<Float>, touched: UnsafeMutablePointer<UInt64> }

    /// Marks cells `from...to` of the row whose bits start at `bits` as written.
    @inline(__always)
    private static func mark(_ bits: UnsafeMutablePointer<UInt64>, _ from: Int, _ to: Int) {
        var w = from >> 6
        let last = to >> 6
        var low = UInt64(from & 63)
        while w < last {
            bits[w] |= ~0 << low
            low = 0
            w += 1
        }
        bits[w] |= (~0 << low) & (~0 >> (63 - UInt64(to & 63)))
    }

    private static func addLine(_ p0: Point, _ p1: Point, _ g: Geometry, _ t: Target, rows: inout (Int, Int)) {
        guard p0.y != p1.y, p0.x.isFinite, p0.y.isFinite, p1.x.isFinite, p1.y.isFinite else { return }
        let (a, b, direction): (Point, Point, Float) = p0.y < p1.y ? (p0, p1, 1) : (p1, p0, -1)
        let y0 = max(a.y, 0), y1 = min(b.y, g.bottom)
        guard y0 < y1 else { return }
        let dxdy = (b.x - a.x) / (b.y - a.y)
        var x = a.x + (y0 - a.y) * dxdy
        let firstRow = Int(y0), lastRow = min(Int(y1.rounded(.up)) - 1, g.height - 1)
        rows.0 = min(rows.0, firstRow)
        rows.1 = max(rows.1, lastRow)
        let right = g.right, partial = right < Double(g.width)
        // Most edges stay inside the canvas: they skip the clipping cases (a loop-invariant test).
        let inside = min(a.x, b.x) >= 0 && max(a.x, b.x) < right
        for row in firstRow...lastRow {
            let dy = min(Double(row + 1), y1) - max(Double(row), y0)
            guard dy > 0 else { continue }
            let xNext = x + dxdy * dy
            let xa = min(x, xNext), xb = max(x, xNext)
            x = xNext
            let cells = t.cells + row * g.stride, bits = t.touched + row * g.words
            let d = Float(dy) * direction
            if inside {
                let ia = Int(xa), ib = Int(xb)
                mark(bits, ia, ib + 1)
                accumulate(cells, columns: ia...ib, from: xa, to: xb, height: d)
                continue
            }
            let span = xb - xa
            // The part left of the canvas covers column 0 fully; the part right of it covers
            // nothing, but the row is covered to its end (marked by the cell at `width`). Where the
            // canvas ends inside the last column, that part lies on its edge: it leaves uncovered the
            // column's share right of the edge.
            if xb >= right {
                mark(bits, g.width, g.width)
                if partial {
                    let beyond = span > 0 ? d * Float((xb - max(xa, right)) / span) : d
                    accumulate(cells, columns: (g.width - 1)...(g.width - 1), from: right, to: right, height: beyond)
                    mark(bits, g.width - 1, g.width)
                }
            }
            let left = min(xb, 0) - min(xa, 0)
            if left > 0 || (span == 0 && xa < 0) {
                cells[0] += d * Float(span > 0 ? left / span : 1)
                mark(bits, 0, 0)
            }
            let ca = max(xa, 0), cb = min(xb, right)
            guard ca < cb || (span == 0 && xa >= 0 && xa < right) else { continue }
            let ia = Int(ca), ib = min(Int(cb), g.width - 1)
            mark(bits, ia, ib + 1)
            accumulate(cells, columns: ia...ib, from: ca, to: cb, height: span > 0 ? d * Float((cb - ca) / span) : d)
        }
    }

    /// Adds to a row's cells the area and height of an edge's part that crosses it from x = `x0` to
    /// `x1` (x0 ≤ x1, inside the canvas, in `columns`) and covers `height` of the row (signed by
    /// direction): per column, the height of its piece, split between the column (the area to the
    /// piece's right within the pixel) and the next (the rest).
    @inline(__always)
    private static func accumulate(_ cells: UnsafeMutablePointer<Float>, columns: ClosedRange<Int>,
                                   from x0: Double, to x1: Double, height: Float) {
        let ia = columns.lowerBound, ib = columns.upperBound
        if ia == ib || x1 == x0 {
            let area = Float(Double(ia) + 1 - (x0 + x1) / 2)
            cells[ia] += height * area
            cells[ia + 1] += height * (1 - area)
            return
        }
        let scale = height / Float(x1 - x0)
        var xCurrent = x0
        for column in columns where xCurrent < x1 {
            let xEnd = min(Double(column + 1), x1)
            let h = scale * Float(xEnd - xCurrent)
            let area = Float(Double(column) + 1 - (xCurrent + xEnd) / 2)
            cells[column] += h * area
            cells[column + 1] += h * (1 - area)
            xCurrent = xEnd
        }
    }

    /// Coverage 0…1 from an accumulated winding, by the fill rule.
    @inline(__always)
    private static func coverage(_ acc: Float, evenOdd: Bool) -> Float {
        let w = abs(acc)
        return evenOdd ? abs(w - 2 * (w / 2).rounded()) : min(1, w)
    }

    /// Walks every touched row left to right: `row(y)` when a row starts, then `cell(x, coverage)` for
    /// each cell an edge wrote to, and `run(x0, x1, coverage)` for the cells between two of them (their
    /// winding is constant, so one coverage serves the whole run), all inside the canvas. A row's walk
    /// starts at its first touched cell and ends at its last, or at the canvas's edge when edges lie
    /// right of it. Cells and bits are cleared as they are read. Coverage follows the fill rule,
    /// unclamped below.
    @inline(__always)
    private mutating func walk(evenOdd: Bool, row start: (Int) -> Void, run: (Int, Int, Float) -> Void, cell: (Int, Float) -> Void) {
        guard minY <= maxY else { return }
        let stride = self.stride, width = self.width, words = self.words
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                for y in minY...maxY {
                    let bits = touched.baseAddress! + y * words
                    let row = cells.baseAddress! + y * stride
                    start(y)
                    var acc: Float = 0
                    var next = -1  // the cell after the last one handled; -1 before the first
                    for w in 0..<words where bits[w] != 0 {
                        var word = bits[w]
                        bits[w] = 0
                        while word != 0 {
                            let x = w << 6 + word.trailingZeroBitCount
                            word &= word - 1
                            let value = row[x]
                            row[x] = 0
                            if next < 0 { next = x }
                            if x >= width {
                                // Past the canvas: the run to its edge, then nothing more to draw.
                                if next < width { run(next, width, Self.coverage(acc, evenOdd: evenOdd)) }
                                next = width
                                continue
                            }
                            if x > next { run(next, x, Self.coverage(acc, evenOdd: evenOdd)) }
                            acc += value
                            cell(x, Self.coverage(acc, evenOdd: evenOdd))
                            next = x + 1
                        }
                    }
                }
            }
        }
        minY = .max
        maxY = .min
    }

    /// Calls `body(x, y, coverage)` for every pixel with coverage > 1/512, and clears the cells.
    mutating func sweep(evenOdd: Bool, _ body: (Int, Int, Float) -> Void) {
        var y = 0
        walk(evenOdd: evenOdd, row: { y = $0 }, run: { x0, x1, coverage in
            if coverage > 1.0 / 512 { for x in x0..<x1 { body(x, y, coverage) } }
        }, cell: { x, coverage in
            if coverage > 1.0 / 512 { body(x, y, coverage) }
        })
    }

    /// `sweep` into a coverage mask of the pixels of `rect` (a row of `rect.width` after another):
    /// each pixel's coverage where `sweep` would give it (over 1/512), written a run at a time; the
    /// rest of `mask` is left as it is, and pixels outside `rect` are dropped.
    mutating func sweepMask(evenOdd: Bool, rect: PixelRect, into mask: UnsafeMutableBufferPointer<Float>) {
        var row = 0, inside = false
        let left = rect.x, right = rect.x + rect.width
        func write(_ x0: Int, _ x1: Int, _ coverage: Float) {
            let a = max(x0, left), b = min(x1, right)
            guard inside, coverage > 1.0 / 512, a < b else { return }
            UnsafeMutableBufferPointer(rebasing: mask[(row + a - left)..<(row + b - left)]).update(repeating: coverage)
        }
        walk(evenOdd: evenOdd, row: { y in
            inside = y >= rect.y && y < rect.y + rect.height
            row = inside ? (y - rect.y) * rect.width : 0
        }, run: write, cell: { x, coverage in write(x, x + 1, coverage) })
    }

    /// `sweep` specialised for one premultiplied packed pixel composited source-over into `surface`:
    /// the same coverage (rounded to 8 bits), without a call per pixel; a fully covered run of an
    /// opaque colour is a fill, an empty run is skipped.
    mutating func sweepSolid(evenOdd: Bool, into surface: inout Surface, _ pixel: UInt32) {
        let opaque = pixel >> 24 == 255
        sweepRuns(evenOdd: evenOdd, into: &surface) { out, _, _, from, to, c in
            if c == 255 && opaque {
                PackedPixel.fill(out + from, count: to - from, with: pixel)
            } else {
                let source = c == 255 ? pixel : PackedPixel.scale(pixel, c)
                for i in from..<to { out[i] = PackedPixel.over(source, out[i]) }
            }
        }
    }

    /// `sweep` for pixels that vary over the canvas (a gradient's): `shade(y, x, pixels)` fills
    /// `pixels` with the premultiplied packed pixels of row y from canvas x on, one per pixel of a run,
    /// each composited source-over into `surface` with the run's coverage rounded to 8 bits, without a
    /// call to the surface or to `shade` per pixel. When `opaque` (every pixel `shade` gives has alpha
    /// 255), a fully covered run is shaded straight into the surface, which source-over gives exactly.
    mutating func sweepShaded(evenOdd: Bool, opaque: Bool = false, into surface: inout Surface,
                              _ shade: (Int, Int, UnsafeMutableBufferPointer<UInt32>) -> Void) {
        var scratch = [UInt32](repeating: 0, count: max(surface.rect.width, 1))
        scratch.withUnsafeMutableBufferPointer { scratch in
            sweepRuns(evenOdd: evenOdd, into: &surface) { out, y, left, from, to, c in
                if opaque && c == 255 {
                    shade(y, left + from, UnsafeMutableBufferPointer(start: out + from, count: to - from))
                    return
                }
                let run = UnsafeMutableBufferPointer(rebasing: scratch[0..<(to - from)])
                shade(y, left + from, run)
                for i in from..<to { out[i] = PackedPixel.over(run[i - from], out[i], coverage: c) }
            }
        }
    }

    /// The sweep into `surface` as runs of one coverage, each clipped to the surface (rows outside it
    /// are read, so cleared, but not drawn) and handed over with the row's pixels (`out`, indexed from
    /// the surface's left edge), the row `y`, that edge's canvas x (`left`), the run's pixels
    /// [from, to) in `out` and its coverage rounded to 8 bits (never 0); an edge cell is a run of one.
    /// The surface's row is found once per row, not per cell (an edge cell is most of a frame's sweep).
    private mutating func sweepRuns(evenOdd: Bool, into surface: inout Surface,
                                    _ body: (UnsafeMutablePointer<UInt32>, Int, Int, Int, Int, UInt32) -> Void) {
        let rect = surface.rect
        let left = rect.x, right = rect.x + rect.width
        surface.withPixels { pixels in
            let base = pixels.baseAddress!
            var out = base, drawn = false, row = 0
            func draw(_ x0: Int, _ x1: Int, _ coverage: Float) {
                let c = PackedPixel.coverage(coverage)
                let a = max(x0, left), b = min(x1, right)
                guard c > 0, drawn, a < b else { return }
                body(out, row, left, a - left, b - left, c)
            }
            walk(evenOdd: evenOdd, row: { y in
                row = y
                drawn = y >= rect.y && y < rect.y + rect.height
                out = base + (drawn ? (y - rect.y) * rect.width : 0)
            }, run: draw, cell: { x, coverage in draw(x, x + 1, coverage) })
        }
    }
}
