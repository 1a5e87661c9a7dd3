import FlipbookScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine map x' = a·x + c·y + e, y' = b·x + d·y + f: a shape group's still transform, which
/// moves its paths into the coordinates of the group around it.
struct LottieAffine: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = LottieAffine()

    func apply(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y + e, b * x + d * y + f) }

    /// This map after `inner` (inner's points first moved by `inner`, then by this).
    func concatenating(_ inner: LottieAffine) -> LottieAffine {
        LottieAffine(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                     c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                     e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }
}

extension LottiePath {
    /// The path (its value and every value of its morph) moved by `m`; its trims unchanged (a trim
    /// cuts by length fractions, which an affine map keeps along each path).
    func transformed(by m: LottieAffine) -> LottiePath {
        guard m != .identity else { return self }
        let moved = LottieImporter.transformedPathData(value, by: m)
        let animation = self.animation.map { a in
            LottieImporter.mapValues(a) { v in
                guard case .string(let d) = v else { return v }
                return .string(LottieImporter.transformedPathData(d, by: m))
            }
        }
        return LottiePath(value: moved, animation: animation, trims: trims)
    }
}

extension LottieImporter {
    /// A shape group's transform item (`tr`) as a map from the group's coordinates to its parent's,
    /// when none of its properties moves: position + rotation · skew · scale · (point − anchor)
    /// (Lottie's order; rotation in degrees, clockwise on screen; scale in percent; skew as
    /// `skewMatrix`). Nil when one of them is animated or the skew is ±90° (then its paths
    /// cannot be painted from outside as still paths). No `tr` is the identity.
    static func stillMatrix(_ tr: LottieValue?) -> LottieAffine? {
        guard let tr else { return .identity }
        func still(_ p: LottieValue?) -> Bool { p?["k"]?.items.first?["t"] == nil }
        func value(_ p: LottieValue?, _ fallback: [Double]) -> [Double] {
            guard let n = p?["k"]?.numbers, !n.isEmpty else { return fallback }
            return n
        }
        let p = tr["p"]
        let position: (Double, Double)
        if p?["s"]?.flag == true {
            guard still(p?["x"]), still(p?["y"]) else { return nil }
            position = (value(p?["x"], [0])[0], value(p?["y"], [0])[0])
        } else {
            guard still(p) else { return nil }
            let v = value(p, [0, 0])
            position = (v[0], v.count > 1 ? v[1] : 0)
        }
        let rotationItem = tr["r"] ?? tr["rz"]
        guard still(tr["a"]), still(tr["s"]), still(rotationItem), still(tr["sk"]), still(tr["sa"]) else { return nil }
        let sk = value(tr["sk"], [0])[0]
        guard let skew = sk == 0 ? .identity : skewMatrix(degrees: sk, axis: value(tr["sa"], [0])[0]) else { return nil }
        let anchor = value(tr["a"], [0, 0]), scale = value(tr["s"], [100, 100])
        let angle = value(rotationItem, [0])[0] * Double.pi / 180
        let sx = scale[0] / 100, sy = (scale.count > 1 ? scale[1] : scale[0]) / 100
        let cs = cos(angle), sn = sin(angle)
        var m = LottieAffine(a: cs, b: sn, c: -sn, d: cs, e: 0, f: 0)
            .concatenating(skew).concatenating(LottieAffine(a: sx, b: 0, c: 0, d: sy, e: 0, f: 0))
        let ax = anchor[0], ay = anchor.count > 1 ? anchor[1] : 0
        let moved = m.apply(-ax, -ay)
        m.e = moved.0 + position.0
        m.f = moved.1 + position.1
        return m
    }

    /// Path data as the importer writes it (commands M, L, C and Z, absolute coordinates in pairs)
    /// with every point moved by `m`, in the importer's number format.
    static func transformedPathData(_ d: String, by m: LottieAffine) -> String {
        var out = "", numbers: [Double] = []
        var token = ""
        func flushNumber() {
            if !token.isEmpty, let v = Double(token) { numbers.append(v) }
            token = ""
        }
        func flushPairs() {
            var i = 0
            while i + 1 < numbers.count {
                let (x, y) = m.apply(numbers[i], numbers[i + 1])
                if i > 0 { out += " " }
                out += number(x) + " " + number(y)
                i += 2
            }
            numbers.removeAll(keepingCapacity: true)
        }
        for ch in d {
            if ch.isLetter && ch != "e" && ch != "E" {
                flushNumber()
                flushPairs()
                out.append(ch)
            } else if ch == " " || ch == "," {
                flushNumber()
            } else if (ch == "-" || ch == "+"), let last = token.last, last != "e" && last != "E" {
                flushNumber()
                token.append(ch)
            } else {
                token.append(ch)
            }
        }
        flushNumber()
        flushPairs()
        return out
    }
}
