import Flipbook

/// Property values written as scene files read them (`SceneValues`), exactly.
enum SceneValueText {
    static func value(_ value: PropertyValue, for key: AnyPropertyKey, at path: String) throws(SceneEncodingError) -> JSONText {
        guard value.kind == key.kind else {
            throw SceneEncodingError(path: path, message: "expected a value of kind \(key.kind.rawValue), got \(value.kind.rawValue)")
        }
        switch value {
        case .number(let v): return .number(v)
        case .angle(let a): return angle(a)
        case .point(let p): return numbers([p.x, p.y])
        case .size(let s): return numbers([s.width, s.height])
        case .rect(let r): return numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): return try color(c, at: path)
        case .transform(let t): return numbers([t.a, t.b, t.c, t.d, t.tx, t.ty])
        case .numbers(let list): return numbers(list)
        case .colors(let list):
            return .array(try list.enumerated().map { (i, c) throws(SceneEncodingError) in try color(c, at: path + "[\(i)]") })
        case .dashPattern(let d): return numbers(d.lengths)
        case .path(let p): return self.path(p)
        case .gradient(let g):
            var members: [(String, JSONText)] = [("type", .string(g.kind.rawValue))]
            members.append(("stops", .array(try g.stops.enumerated().map { (i, stop) throws(SceneEncodingError) in
                .array([.number(stop.offset), try color(stop.color, at: path + ".stops[\(i)]")])
            })))
            if g.kind == .conic {
                members.append(("center", numbers([g.start.x, g.start.y])))
                members.append(("startAngle", .number(g.angle.degrees)))
                return .object(members)
            }
            members.append(("start", numbers([g.start.x, g.start.y])))
            members.append(("end", numbers([g.end.x, g.end.y])))
            if g.kind == .radial, let f = g.focus { members.append(("focus", numbers([f.x, f.y]))) }
            return .object(members)
        case .text(let s): return .string(s)
        case .flag(let b): return .bool(b)
        case .choice(let name) where key.isSet: return .array(name.split(separator: " ").map { .string(String($0)) })
        case .choice(let name): return .string(name)
        case .custom(let c):
            throw SceneEncodingError(path: path, message: "a value of the custom type \(type(of: c.base)) cannot be written to a scene file")
        }
    }

    static func numbers(_ list: [Double]) -> JSONText { .array(list.map(JSONText.number)) }

    /// Degrees when some degree value converts back to exactly these radians; else `{"radians": r}`.
    static func angle(_ a: Angle) -> JSONText {
        if let d = exactDegrees(a) { return .number(d) }
        return .object([("radians", .number(a.radians))])
    }

    /// A degree value d with `Angle.degrees(d) == a`, searched among the few doubles around
    /// radians × 180 / π; nil when none converts back exactly.
    static func exactDegrees(_ a: Angle) -> Double? {
        var d = a.radians * 180 / .pi
        guard d.isFinite else { return nil }
        // Try the nearest integer and short decimals first, so files read "60", not "59.99999999999999".
        for candidate in [d.rounded(), (d * 1000).rounded() / 1000] where Angle.degrees(candidate) == a { return candidate }
        for _ in 0..<4 { d = d.nextDown }
        for _ in 0..<9 {
            if Angle.degrees(d) == a { return d }
            d = d.nextUp
        }
        return nil
    }

    /// `"#rrggbb"` (or `"#rrggbbaa"`) when it reads back exactly, otherwise `[r, g, b, a]`.
    static func color(_ c: Color, at path: String) throws(SceneEncodingError) -> JSONText {
        let components = [c.red, c.green, c.blue, c.alpha]
        guard components.allSatisfy({ (0...1).contains($0) }) else {
            throw SceneEncodingError(path: path, message: "a colour's components must be in 0…1 to be written, got \(components)")
        }
        if Color(hex: c.hexString) == c { return .string(c.hexString) }
        return numbers(components)
    }

    /// The element-list form: `[["M", x, y], ["L", x, y], ["Q", cx, cy, x, y],
    /// ["C", c1x, c1y, c2x, c2y, x, y], ["arc", cx, cy, r, startRadians, sweepRadians], ["Z"]]`.
    static func path(_ p: Path) -> JSONText {
        .array(p.elements.map { element in
            switch element {
            case .move(let q): .array([.string("M"), .number(q.x), .number(q.y)])
            case .line(let q): .array([.string("L"), .number(q.x), .number(q.y)])
            case .quad(let c, let q): .array([.string("Q"), .number(c.x), .number(c.y), .number(q.x), .number(q.y)])
            case .cubic(let c1, let c2, let q):
                .array([.string("C"), .number(c1.x), .number(c1.y), .number(c2.x), .number(c2.y), .number(q.x), .number(q.y)])
            case .arc(let arc):
                .array([.string("arc"), .number(arc.center.x), .number(arc.center.y), .number(arc.radius),
                        .number(arc.startAngle.radians), .number(arc.sweep.radians)])
            case .close: .array([.string("Z")])
            }
        })
    }
}
