/// Path morphing: point-wise interpolation between paths of the same structure — what Core Animation's
/// CAShapeLayer does when its `path` animates, and why a pie slice deforms under it ("Yikes!" in the
/// seed). Flipbook offers it as the explicit morph mode; semantic properties are the better tool.
extension Path: Interpolatable {
    /// The path with arcs replaced by their line-and-cubic form, the form in which paths morph.
    public var morphForm: Path {
        var out: [Element] = []
        var hasPoint = false
        for element in elements {
            switch element {
            case .arc(let arc):
                out.append(hasPoint ? .line(arc.startPoint) : .move(arc.startPoint))
                out.append(contentsOf: arc.cubics.map { .cubic($0.p1, $0.p2, $0.p3) })
            default:
                out.append(element)
            }
            hasPoint = true
        }
        return Path(out)
    }

    /// Why `a` and `b` cannot morph into each other, or nil when they can: their morph forms must have
    /// the same commands in the same order (moves, lines, quads, cubics, closes).
    public static func morphIncompatibility(_ a: Path, _ b: Path) -> String? {
        let x = a.morphForm.elements, y = b.morphForm.elements
        guard x.count == y.count else {
            return "paths with \(x.count) and \(y.count) commands cannot morph; they need the same commands in the same order"
        }
        for (index, (p, q)) in zip(x, y).enumerated() where p.kind != q.kind {
            return "paths differ at command \(index + 1) (\(p.kind) vs \(q.kind)); they need the same commands in the same order"
        }
        return nil
    }

    /// Point-wise interpolation of the morph forms. Incompatible paths (see `morphIncompatibility`,
    /// which loading reports as an error) switch from `a` to `b` at t = 0.5. Exact at both ends.
    public static func interpolate(_ a: Path, _ b: Path, _ t: Double) -> Path {
        if t == 0 { return a }
        if t == 1 { return b }
        let x = a.morphForm.elements, y = b.morphForm.elements
        guard morphIncompatibility(a, b) == nil else { return t < 0.5 ? a : b }
        func m(_ p: Point, _ q: Point) -> Point { .interpolate(p, q, t) }
        return Path(zip(x, y).map { p, q in
            switch (p, q) {
            case (.move(let u), .move(let v)): return .move(m(u, v))
            case (.line(let u), .line(let v)): return .line(m(u, v))
            case (.quad(let c, let u), .quad(let d, let v)): return .quad(m(c, d), m(u, v))
            case (.cubic(let c1, let c2, let u), .cubic(let d1, let d2, let v)): return .cubic(m(c1, d1), m(c2, d2), m(u, v))
            default: return p
            }
        })
    }
}

extension Path.Element {
    /// The command's name: move, line, quad, cubic, arc or close.
    var kind: String {
        switch self {
        case .move: "move"
        case .line: "line"
        case .quad: "quad"
        case .cubic: "cubic"
        case .arc: "arc"
        case .close: "close"
        }
    }
}
