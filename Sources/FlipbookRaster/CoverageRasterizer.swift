import Flipbook

/// Anti-aliased polygon coverage by signed-area accumulation (the scheme of font-rs and stb_truetype's
/// v2 rasterizer): each edge adds, to the cells it crosses, the exact area it sweeps to its right and
/// the height it covers; a running sum along each row turns them into the winding number integrated
/// over the pixel. The coverage is exact for any polygon (up to floating point).
///
/// Fill rules: non-zero takes min(1, |w|) of the accumulated winding w; even-odd folds w into
/// [0, 1] as a triangle wave (|w − 2·round(w/2)|). Both are exact where only one edge crosses a pixel.
/// Coordinates are device pixels, y down; pixel (x, y) covers [x, x+1) × [y, y+1).
struct CoverageRasterizer {
    let width: Int
    let height: Int
    /// Accumulation cells, (width + 2) per row.
    private var cells: [Float]
    private var minY = Int.max, maxY = Int.min, minX = Int.max, maxX = Int.min

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = [Float](repeating: 0, count: (width + 2) * max(height, 1))
    }

    /// Adds the edges of closed polygons (each a list of points; the closing edge is implied).
    mutating func add(polygons: [[Point]]) {
        for polygon in polygons where polygon.count >= 2 {
            var previous = polygon[polygon.count - 1]
            for point in polygon {
                addLine(previous, point)
                previous = point
            }
        }
    }

    /// The bounding rows and columns touched, or nil when nothing was added.
    var bounds: (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        let b = (max(minX, 0), min(maxX, width - 1), max(minY, 0), min(maxY, height - 1))
        return minY <= maxY && b.2 <= b.3 ? b : nil
    }

    private mutating func addLine(_ p0: Point, _ p1: Point) {
        guard p0.y != p1.y, p0.x.isFinite, p0.y.isFinite, p1.x.isFinite, p1.y.isFinite else { return }
        let (a, b, direction): (Point, Point, Float) = p0.y < p1.y ? (p0, p1, 1) : (p1, p0, -1)
        let y0 = max(a.y, 0), y1 = min(b.y, Double(height))
        guard y0 < y1 else { return }
        let dxdy = (b.x - a.x) / (b.y - a.y)
        var x = a.x + (y0 - a.y) * dxdy
        let firstRow = Int(y0), lastRow = min(Int((y1).rounded(.up)) - 1, height - 1)
        minY = min(minY, firstRow)
        maxY = max(maxY, lastRow)
        let stride = width + 2
        for row in firstRow...lastRow {
            let rowTop = max(Double(row), y0), rowBottom = min(Double(row + 1), y1)
            let dy = rowBottom - rowTop
            guard dy > 0 else { continue }
            let xNext = x + dxdy * dy
            let base = row * stride
            let d = Float(dy) * direction
            let xa = min(x, xNext), xb = max(x, xNext)
            let span = xb - xa
            // The part left of the canvas covers column 0 fully; the part right of it covers nothing.
            let left = min(xb, 0) - min(xa, 0)
            if left > 0 || (span == 0 && xa < 0) {
                cells[base] += d * Float(span > 0 ? left / span : 1)
            }
            let ca = max(xa, 0), cb = min(xb, Double(width))
            if ca < cb || (span == 0 && xa >= 0 && xa < Double(width)) {
                let ia = Int(ca), ib = min(Int(cb), width - 1)
                minX = min(minX, ia)
                maxX = max(maxX, ib)
                if span == 0 || ia == ib {
                    let share = span > 0 ? Float((cb - ca) / span) : 1
                    let area = Float(Double(ia) + 1 - (ca + cb) / 2)
                    cells[base + ia] += d * share * area
                    cells[base + ia + 1] += d * share * (1 - area)
                } else {
                    var xCurrent = ca
                    var column = ia
                    while column <= ib && xCurrent < cb {
                        let xEnd = min(Double(column + 1), cb)
                        let h = d * Float((xEnd - xCurrent) / span)
                        let area = Float(Double(column) + 1 - (xCurrent + xEnd) / 2)
                        cells[base + column] += h * area
                        cells[base + column + 1] += h * (1 - area)
                        xCurrent = xEnd
                        column += 1
                    }
                }
            } else if xa < 0 {
                minX = min(minX, 0)
                maxX = max(maxX, 0)
            }
            x = xNext
        }
    }

    /// Calls `body(x, y, coverage)` for every pixel with coverage > 0, and clears the cells.
    mutating func sweep(evenOdd: Bool, _ body: (Int, Int, Float) -> Void) {
        guard let b = bounds else {
            // Nothing visible: clear whatever was accumulated.
            if minY <= maxY { for i in cells.indices { cells[i] = 0 } }
            minY = .max; maxY = .min; minX = .max; maxX = .min
            return
        }
        let stride = width + 2
        for y in b.minY...b.maxY {
            var acc: Float = 0
            let base = y * stride
            // Cells left of the first touched column are zero: start there.
            for x in b.minX...max(b.minX, min(b.maxX + 1, width - 1)) {
                acc += cells[base + x]
                cells[base + x] = 0
                let coverage: Float
                if evenOdd {
                    let w = abs(acc)
                    let folded = w - 2 * (w / 2).rounded()
                    coverage = abs(folded)
                } else {
                    coverage = min(1, abs(acc))
                }
                if coverage > 1.0 / 512 { body(x, y, coverage) }
            }
            for x in max(0, min(b.maxX + 1, width - 1))..<stride { cells[base + x] = 0 }
        }
        minY = .max; maxY = .min; minX = .max; maxX = .min
    }

    /// `sweep` specialised for a solid premultiplied colour composited source-over into `surface`:
    /// the same coverage, without a call per pixel or bounds checks.
    mutating func sweepSolid(evenOdd: Bool, into surface: inout Surface, _ r: Float, _ g: Float, _ b: Float, _ a: Float) {
        guard let bounds = bounds else {
            sweep(evenOdd: evenOdd) { _, _, _ in }
            return
        }
        let stride = width + 2, w = width
        cells.withUnsafeMutableBufferPointer { cells in
            surface.data.withUnsafeMutableBufferPointer { data in
                for y in bounds.minY...bounds.maxY {
                    var acc: Float = 0
                    let base = y * stride
                    let last = max(bounds.minX, min(bounds.maxX + 1, w - 1))
                    for x in bounds.minX...last {
                        acc += cells[base + x]
                        cells[base + x] = 0
                        var coverage: Float
                        if evenOdd {
                            let v = abs(acc)
                            coverage = abs(v - 2 * (v / 2).rounded())
                        } else {
                            coverage = min(1, abs(acc))
                        }
                        guard coverage > 1.0 / 512 else { continue }
                        let i = (y * w + x) * 4
                        let keep = 1 - a * coverage
                        data[i] = r * coverage + data[i] * keep
                        data[i + 1] = g * coverage + data[i + 1] * keep
                        data[i + 2] = b * coverage + data[i + 2] * keep
                        data[i + 3] = a * coverage + data[i + 3] * keep
                    }
                    for x in last..<stride { cells[base + x] = 0 }
                }
            }
        }
        minY = .max; maxY = .min; minX = .max; maxX = .min
    }
}
