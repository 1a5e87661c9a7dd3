import Easing
import Flipbook
import FlipbookSupport

/// Property values as scene files write them (units: pixels, degrees, seconds; colours as text).
enum SceneValues {
    /// The value of `key` from JSON, by the key's kind.
    static func value(_ r: JSONReader, for key: AnyPropertyKey) throws(SceneError) -> PropertyValue {
        switch key.kind {
        case .number:
            let v = try r.number()
            if (key.name == "opacity" || key.name == "shadowOpacity") && !(0...1).contains(v) { throw r.error("expected an opacity between 0 and 1, got \(r.format(v))") }
            if ["lineWidth", "radius", "innerRadius", "fontSize", "miterLimit", "cornerRadius", "borderWidth", "shadowRadius"].contains(key.name) && v < 0 {
                throw r.error("expected \(key.name) ≥ 0, got \(r.format(v))")
            }
            return .number(v)
        case .angle: return .angle(try angle(r))
        case .point:
            let v = try r.numbers(count: 2, what: "a point [x, y]")
            return .point(Point(v[0], v[1]))
        case .size:
            let v = try r.numbers(count: 2, what: "a size [width, height]")
            return .size(Size(v[0], v[1]))
        case .rect:
            let v = try r.numbers(count: 4, what: "a rectangle [x, y, width, height]")
            return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color: return .color(try color(r))
        case .transform: return .transform(try transform(r))
        case .numbers:
            var list: [Double] = []
            for item in try r.array() { list.append(try item.number()) }
            return .numbers(list)
        case .colors:
            var list: [Color] = []
            for item in try r.array() { list.append(try color(item)) }
            return .colors(list)
        case .dashPattern:
            var list: [Double] = []
            for item in try r.array() { list.append(try item.number("a dash length ≥ 0", where: { $0 >= 0 })) }
            return .dashPattern(DashPattern(list))
        case .path: return .path(try path(r))
        case .gradient: return .gradient(try gradient(r))
        case .text:
            let s = try r.string()
            // A text layer's number format is checked here, where its path is known (it reaches printf).
            if key.name == TextLayer.format.name, !s.isEmpty, NumberFormat(s) == nil {
                throw r.error("expected \(NumberFormat.expected), got \"\(JSONReader.shown(s))\"")
            }
            return .text(s)
        case .flag: return .flag(try r.bool())
        case .choice where key.isSet:
            // A set of names (`ChoiceSetValue`): a list, each name once, stored in the list's order.
            var names: [String] = []
            for item in try r.array() {
                let name = try item.string()
                guard key.choices.contains(name) else {
                    throw item.error("expected one of \(key.choices.map { "\"\($0)\"" }.joined(separator: ", ")) in \(key.name), got \"\(name)\"\(DidYouMean.hint(for: name, among: key.choices))")
                }
                guard !names.contains(name) else { throw item.error("\(key.name) names \"\(name)\" twice") }
                names.append(name)
            }
            return .choice(key.choices.filter(names.contains).joined(separator: " "))
        case .choice:
            let name = try r.string()
            guard key.choices.isEmpty || key.choices.contains(name) else {
                throw r.error("expected one of \(key.choices.map { "\"\($0)\"" }.joined(separator: ", ")) for \(key.name), got \"\(name)\"\(DidYouMean.hint(for: name, among: key.choices))")
            }
            return .choice(name)
        case .custom:
            throw r.error("\(key.name) holds values of a custom Swift type, which scene files cannot give; set it from Swift")
        }
    }

    static let namedColors: [String: Color] = [
        "black": .black, "white": .white, "red": Color(red: 1, green: 0, blue: 0), "green": Color(hex: "#008000")!,
        "blue": Color(red: 0, green: 0, blue: 1), "yellow": Color(red: 1, green: 1, blue: 0), "orange": Color(hex: "#ffa500")!,
        "purple": Color(hex: "#800080")!, "gray": Color(hex: "#808080")!, "grey": Color(hex: "#808080")!,
        "lightgray": Color(hex: "#d3d3d3")!, "darkgray": Color(hex: "#a9a9a9")!, "cyan": Color(red: 0, green: 1, blue: 1),
        "magenta": Color(red: 1, green: 0, blue: 1), "pink": Color(hex: "#ffc0cb")!, "brown": Color(hex: "#a52a2a")!,
        "none": .clear, "transparent": .clear, "clear": .clear,
    ]

    /// `"#rrggbb"`, `"#rgb"`, with alpha `"#rrggbbaa"`, CSS's `rgb()`, `rgba()`, `hsl()` and `hsla()`
    /// (`CSSColorFunction`), a name (`"orange"`, `"none"`), `[r, g, b(, a)]` in [0, 1],
    /// `{"white": w, "alpha": a}` or `{"hue": h, "saturation": s, "brightness": b, "alpha": a}`.
    static func color(_ r: JSONReader) throws(SceneError) -> Color {
        let expected = "a colour (\"#rrggbb\", \"#rrggbbaa\", \"rgb(52 120 246 / 50%)\", \"hsl(210, 50%, 40%)\", a name such as \"orange\" or \"none\", [r, g, b, a] in 0…1, or {\"hue\", \"saturation\", \"brightness\"})"
        switch r.value.kind {
        case .string(let text):
            if let c = Color(hex: text) { return c }
            switch CSSColorFunction.parse(text) {
            case .success(let c)?: return c
            case .failure(let problem)?: throw r.error("\(problem.message); expected \(expected)")
            case nil: break
            }
            if let c = namedColors[text.lowercased()] { return c }
            throw r.error("expected \(expected), got \"\(text)\"\(DidYouMean.hint(for: text, among: Array(namedColors.keys)))")
        case .array(let items):
            guard items.count == 3 || items.count == 4 else { throw r.error("expected \(expected), got an array of \(items.count)") }
            var v: [Double] = []
            for item in try r.array() { v.append(try item.number("a component between 0 and 1", where: { (0...1).contains($0) })) }
            return Color(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
        case .object:
            let o = try r.object()
            func component(_ key: String, default d: Double? = nil) throws(SceneError) -> Double {
                guard let item = o.optional(key) else {
                    if let d { return d }
                    throw r.error("missing \"\(key)\" in the colour")
                }
                return try item.number("a number between 0 and 1", where: { (0...1).contains($0) })
            }
            let alpha = try component("alpha", default: 1)
            if o.has("white") {
                let white = try component("white")
                try o.finish(allowed: ["white", "alpha"])
                return Color(white: white, alpha: alpha)
            }
            let c = Color(hue: try component("hue"), saturation: try component("saturation"), brightness: try component("brightness"), alpha: alpha)
            try o.finish(allowed: ["hue", "saturation", "brightness", "alpha", "white"])
            return c
        default:
            throw r.error("expected \(expected), got \(r.value.typeName)")
        }
    }

    /// `{"translate": [x, y], "rotate": degrees, "scale": s or [sx, sy], "skew": k}` (applied as
    /// translate · rotate · skew · scale) or the matrix `[a, b, c, d, tx, ty]`.
    static func transform(_ r: JSONReader) throws(SceneError) -> Transform2D {
        if case .array = r.value.kind {
            let v = try r.numbers(count: 6, what: "a matrix [a, b, c, d, tx, ty]")
            return Transform2D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        }
        let o = try r.object()
        var components = TransformComponents()
        if let t = o.optional("translate") {
            let v = try t.numbers(count: 2, what: "a translation [x, y]")
            components.translation = Point(v[0], v[1])
        }
        if let a = o.optional("rotate") { components.rotation = try angle(a) }
        if let k = o.optional("skew") { components.skew = try k.number() }
        if let s = o.optional("scale") {
            if case .number(let v) = s.value.kind {
                components.scale = Size(v, v)
            } else {
                let v = try s.numbers(count: 2, what: "a scale s or [sx, sy]")
                components.scale = Size(v[0], v[1])
            }
        }
        try o.finish(allowed: ["translate", "rotate", "scale", "skew"])
        return components.transform
    }

    /// Degrees, or `{"radians": r}` (how Flipbook writes an angle no degree value gives exactly).
    static func angle(_ r: JSONReader) throws(SceneError) -> Angle {
        if case .object = r.value.kind {
            let o = try r.object()
            let radians = try o.required("radians", "an angle in radians").number("a finite angle in radians", where: \.isFinite)
            try o.finish(allowed: ["radians"])
            return Angle(radians: radians)
        }
        // d × π / 180 overflows for |d| above about 5.7e307: such an angle has no value.
        return .degrees(try r.number("an angle in degrees, at most 1e300 in size", where: { abs($0) <= 1e300 }))
    }

    /// SVG path data, e.g. `"M 0 0 L 100 0 A 50 50 0 0 1 100 100 Z"`, or the element list Flipbook
    /// writes (exact, arcs kept as arcs): `[["M", x, y], ["L", x, y], ["Q", cx, cy, x, y],
    /// ["C", c1x, c1y, c2x, c2y, x, y], ["arc", cx, cy, r, startRadians, sweepRadians], ["Z"]]`.
    static func path(_ r: JSONReader) throws(SceneError) -> Path {
        if case .array = r.value.kind { return try pathElements(r) }
        let text = try r.string()
        switch SVGPathParser.parse(text) {
        case .success(let path): return path
        case .failure(let error): throw r.error("invalid SVG path data: \(error.message)")
        }
    }

    /// `{"type": "linear" | "radial" | "conic", "stops": [[offset, colour], …], "start": [x, y], "end": [x, y]}`;
    /// a radial gradient may give `"center"` and `"radius"` instead of start and end, and a `"focus"`
    /// where offset 0 lies (drawn at most 0.99 of the radius from the centre); a conic one gives
    /// `"center"` and `"startAngle"` (degrees, default 0: 3 o'clock, clockwise on screen).
    static func gradient(_ r: JSONReader) throws(SceneError) -> Gradient {
        let o = try r.object()
        var kind = Gradient.Kind.linear
        if let t = o.optional("type") {
            let name = try t.string()
            guard let k = Gradient.Kind(rawValue: name) else { throw t.error("expected \"linear\", \"radial\" or \"conic\", got \"\(name)\"") }
            kind = k
        }
        var stops: [Gradient.Stop] = []
        for item in try o.required("stops", "a list of [offset, colour] pairs").array() {
            let pair = try item.array()
            guard pair.count == 2 else { throw item.error("expected a stop [offset, colour], got an array of \(pair.count)") }
            stops.append(Gradient.Stop(try pair[0].number("an offset between 0 and 1", where: { (0...1).contains($0) }),
                                       try color(pair[1])))
        }
        guard !stops.isEmpty else { throw r.child("stops", r.value).error("expected at least one stop") }
        func point(_ key: String) throws(SceneError) -> Point? {
            guard let p = o.optional(key) else { return nil }
            let v = try p.numbers(count: 2, what: "a point [x, y]")
            return Point(v[0], v[1])
        }
        var start = try point("start") ?? .zero
        var end = try point("end") ?? .zero
        if let center = try point("center") { start = center }
        if let radius = o.optional("radius") {
            end = start + Point(try radius.number("a radius ≥ 0", where: { $0 >= 0 }), 0)
            guard end.x.isFinite else { throw radius.error("the centre's x plus the radius is too large to hold") }
        }
        let focus = try point("focus")
        if kind != .radial, let f = o.optional("focus") {
            throw f.error("only a radial gradient has a focus (where its offset 0 lies)")
        }
        if kind == .conic {
            for key in ["start", "end", "radius"] {
                if let r = o.optional(key) { throw r.error("a conic gradient has \"center\" and \"startAngle\" (degrees, 0 at 3 o'clock, clockwise), not \"\(key)\"") }
            }
            let angle = try o.optional("startAngle").map { r throws(SceneError) in try Self.angle(r) } ?? .zero
            try o.finish(allowed: ["type", "stops", "center", "startAngle"])
            return .conic(center: start, startAngle: angle, stops: stops)
        }
        try o.finish(allowed: ["type", "stops", "start", "end", "center", "radius", "focus"])
        return Gradient(kind: kind, stops: stops, start: start, end: end, focus: focus)
    }

    private static func pathElements(_ r: JSONReader) throws(SceneError) -> Path {
        var path = Path()
        for item in try r.array() {
            let parts = try item.array()
            guard let first = parts.first else { throw item.error("expected a path element such as [\"M\", x, y], got an empty array") }
            let command = try first.string()
            let counts = ["M": 2, "L": 2, "Q": 4, "C": 6, "arc": 5, "Z": 0]
            guard let count = counts[command] else {
                throw first.error("expected a path command M, L, Q, C, arc or Z, got \"\(JSONReader.shown(command))\"")
            }
            guard parts.count == count + 1 else {
                throw item.error("expected \(count) numbers after \"\(command)\", got \(parts.count - 1)")
            }
            var v: [Double] = []
            for part in parts.dropFirst() { v.append(try part.number("a finite number", where: \.isFinite)) }
            switch command {
            case "M": path.move(to: Point(v[0], v[1]))
            case "L": path.line(to: Point(v[0], v[1]))
            case "Q": path.quad(to: Point(v[2], v[3]), control: Point(v[0], v[1]))
            case "C": path.cubic(to: Point(v[4], v[5]), control1: Point(v[0], v[1]), control2: Point(v[2], v[3]))
            case "arc":
                guard v[2] >= 0 else { throw parts[3].error("expected a radius ≥ 0, got \(r.format(v[2]))") }
                path.addArc(Arc(center: Point(v[0], v[1]), radius: v[2], startAngle: Angle(radians: v[3]), sweep: Angle(radians: v[4])))
            default: path.close()
            }
        }
        return path
    }
}
