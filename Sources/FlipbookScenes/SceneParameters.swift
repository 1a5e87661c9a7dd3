import Easing
import Flipbook
import FlipbookSupport

/// A scene's declared parameter (`"params": {"move": {"type": "number", "default": 0.5, "min": 0,
/// "max": 1}}`): a typed value the scene uses wherever a value goes as `{"param": "move"}`, bound at
/// load from `--set`, a data row or Swift (`SceneLoader.decode(_:file:parameters:)`).
public struct SceneParameter: Hashable, Sendable {
    /// What a parameter holds.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A finite number, within `min`…`max` when given.
        case number
        /// A colour, in any form a scene's colours take ("#rrggbb", "#rrggbbaa", a name, rgb() or hsl(), [r, g, b, a]).
        case color
        /// A string (a text layer's `string`, a font family): no control characters but tab, as every string.
        case text
    }

    /// The name references use, as declared.
    public var name: String
    public var kind: Kind
    /// The value used when none is given; nil makes the parameter required.
    public var defaultValue: JSONValue?
    /// Smallest and largest value of a number parameter (inclusive); nil: unbounded.
    public var min: Double?
    public var max: Double?
    /// Whether the parameter stays changeable in the files written (declared; kept for the writers).
    public var themable: Bool
    /// What the parameter means, for `validate --params`.
    public var description: String

    /// The JSON path of its declaration, for errors.
    var path: String
}

/// A parameter value given from outside the scene: text as on a command line or in a CSV cell, or a
/// JSON value (a JSON Lines row's member, or one built in Swift).
public enum ParameterValue: Hashable, Sendable {
    case text(String)
    case json(JSONValue)

    /// A number value.
    public static func number(_ v: Double) -> ParameterValue { .json(JSONValue(kind: .number(v), line: 0, column: 0)) }

    /// A colour value, its components in [0, 1].
    public static func color(_ c: Color) -> ParameterValue {
        .json(JSONValue(kind: .array([c.red, c.green, c.blue, c.alpha].map { JSONValue(kind: .number($0), line: 0, column: 0) }), line: 0, column: 0))
    }
}

/// Parameters: read from a scene's `"params"`, checked, and substituted for every `{"param": …}`
/// reference before the scene is decoded, so a bound template decodes exactly as the same scene written
/// with the values in place (and renders byte-identically).
public struct SceneParameters: Sendable {
    /// The declarations in the file's order.
    public var declared: [SceneParameter]

    /// Keys a declaration may hold.
    static let declarationKeys = ["type", "default", "min", "max", "themable", "description"]
    /// Keys a reference may hold.
    static let referenceKeys = ["param", "times", "plus"]

    /// The declarations of the scene `json` (none when it has no `"params"`); `file` names it in errors.
    public init(_ json: JSONValue, file: String) throws(SceneError) {
        declared = []
        guard case .object(let members) = json.kind, let params = members.first(where: { $0.key == "params" }) else { return }
        let r = JSONReader(value: json, path: "", file: file).child("params", params.value)
        let o = try r.object()
        for member in o.members {
            let d = r.child(member.key, member.value)
            guard Self.isName(member.key) else {
                throw d.error("a parameter's name is letters, digits, '_' and '-', starting with a letter, at most 64 characters; got \"\(JSONReader.shown(member.key))\"")
            }
            let fields = try d.object()
            let typeReader = try fields.required("type", "the parameter's type: number, color or text")
            let typeName = try typeReader.string()
            guard let kind = SceneParameter.Kind(rawValue: typeName) else {
                throw typeReader.error("unknown parameter type \"\(JSONReader.shown(typeName))\"\(DidYouMean.hint(for: typeName, among: SceneParameter.Kind.allCases.map(\.rawValue))); expected number, color or text")
            }
            var parameter = SceneParameter(name: member.key, kind: kind, defaultValue: nil, min: nil, max: nil, themable: false, description: "", path: d.path)
            for key in ["min", "max"] {
                guard let b = fields.optional(key) else { continue }
                guard kind == .number else { throw b.error("\"\(key)\" goes with a number parameter, not a \(kind.rawValue)") }
                let v = try b.number("a finite number", where: { $0.isFinite })
                if key == "min" { parameter.min = v } else { parameter.max = v }
            }
            if let lo = parameter.min, let hi = parameter.max, lo > hi {
                throw d.error("\"min\" (\(d.format(lo))) is above \"max\" (\(d.format(hi)))")
            }
            parameter.themable = try fields.optional("themable")?.bool() ?? false
            parameter.description = try fields.optional("description")?.string() ?? ""
            if let v = fields.optional("default") {
                _ = try Self.check(v, parameter)
                parameter.defaultValue = v.value
            }
            try fields.finish(allowed: Self.declarationKeys)
            declared.append(parameter)
        }
    }

    /// Whether `name` can name a parameter (and a `{column}` in an output pattern): letters, digits,
    /// '_' and '-', starting with a letter, at most 64 bytes.
    public static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 64, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    /// `value` read as a colour as scene files write colours, or nil.
    public static func color(_ value: JSONValue) -> Color? { try? SceneValues.color(JSONReader(value: value, path: "", file: "")) }

    /// The declaration named `name`, or nil.
    public func parameter(named name: String) -> SceneParameter? { declared.first { $0.name == name } }

    /// The value `r` holds, checked against `parameter`'s type and range: a number, a colour the scene
    /// format reads (so nothing but a colour reaches an output), or a string SVG can carry.
    static func check(_ r: JSONReader, _ parameter: SceneParameter) throws(SceneError) -> JSONValue {
        switch parameter.kind {
        case .number:
            let v = try r.number("a number for the parameter \"\(parameter.name)\"")
            if let lo = parameter.min, v < lo { throw r.error("\(r.format(v)) is below the minimum \(r.format(lo)) of the parameter \"\(parameter.name)\"") }
            if let hi = parameter.max, v > hi { throw r.error("\(r.format(v)) is above the maximum \(r.format(hi)) of the parameter \"\(parameter.name)\"") }
        case .color:
            _ = try SceneValues.color(r)
        case .text:
            _ = try r.string()
        }
        return r.value
    }

    /// `value` as the JSON a reference to `parameter` stands for: text read as the parameter's type
    /// (a number as a JSON number, a colour or a string as a string), then checked; `where` names the
    /// value's source in errors ("--set move", "rows.csv: line 3: move").
    public func resolve(_ value: ParameterValue, for parameter: SceneParameter, source: String) throws(SceneError) -> JSONValue {
        let json: JSONValue
        switch value {
        case .json(let j): json = j
        case .text(let text):
            switch parameter.kind {
            case .number:
                guard let v = Double(text.whitespaceTrimmed), v.isFinite else {
                    throw SceneError(file: source, path: "", message: "expected a number for the parameter \"\(parameter.name)\", got \"\(DisplayText.escaped(text, limit: 80))\"")
                }
                json = JSONValue(kind: .number(v), line: 0, column: 0)
            case .color, .text: json = JSONValue(kind: .string(text), line: 0, column: 0)
            }
        }
        return try Self.check(JSONReader(value: json, path: "", file: source), parameter)
    }

    /// `json` with every reference replaced by its parameter's value: `values` (already resolved), else
    /// the default. Errors name `file` and the reference's JSON path: an unknown parameter, a required
    /// one with no value, `times`/`plus` on a parameter that is not a number, or a result that is not
    /// finite or out of range.
    public func bind(_ json: JSONValue, values: [String: JSONValue], file: String) throws(SceneError) -> JSONValue {
        // Most scenes hold no reference: looked for first, without copying the tree.
        guard case .object(let members) = json.kind, members.contains(where: { $0.key != "params" && Self.holdsReference($0.value) }) else { return json }
        let root = JSONReader(value: json, path: "", file: file)
        var out: [JSONValue.Member] = []
        for m in members {
            out.append(m.key == "params" ? m : .init(key: m.key, value: try substitute(root.child(m.key, m.value), values: values)))
        }
        return JSONValue(kind: .object(out), line: json.line, column: json.column)
    }

    /// Whether `value` holds an object with a "param" key anywhere.
    static func holdsReference(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .array(let items): return items.contains(where: holdsReference)
        case .object(let members): return members.contains { $0.key == "param" || holdsReference($0.value) }
        default: return false
        }
    }

    private func substitute(_ r: JSONReader, values: [String: JSONValue]) throws(SceneError) -> JSONValue {
        switch r.value.kind {
        case .array(let items):
            var out: [JSONValue] = []
            out.reserveCapacity(items.count)
            for (i, item) in items.enumerated() { out.append(try substitute(r.element(i, item), values: values)) }
            return JSONValue(kind: .array(out), line: r.value.line, column: r.value.column)
        case .object(let members):
            if members.contains(where: { $0.key == "param" }) { return try reference(r, values: values) }
            var out: [JSONValue.Member] = []
            for m in members { out.append(.init(key: m.key, value: try substitute(r.child(m.key, m.value), values: values))) }
            return JSONValue(kind: .object(out), line: r.value.line, column: r.value.column)
        default:
            return r.value
        }
    }

    private func reference(_ r: JSONReader, values: [String: JSONValue]) throws(SceneError) -> JSONValue {
        let o = try r.object()
        let nameReader = try o.required("param", "a parameter's name")
        let name = try nameReader.string()
        guard let parameter = parameter(named: name) else {
            let names = declared.map(\.name)
            throw nameReader.error("unknown parameter \"\(JSONReader.shown(name))\"\(DidYouMean.hint(for: name, among: names))\(names.isEmpty ? "; the scene declares none in \"params\"" : "; declared: \(names.joined(separator: ", "))")")
        }
        let times = try o.optional("times")?.number("a finite number", where: { $0.isFinite })
        let plus = try o.optional("plus")?.number("a finite number", where: { $0.isFinite })
        try o.finish(allowed: Self.referenceKeys)
        guard let value = values[name] ?? parameter.defaultValue else {
            throw nameReader.error("the parameter \"\(name)\" has no default and no value was given (--set \(name)=…, or a column \"\(name)\" in --data)")
        }
        guard times != nil || plus != nil else { return JSONValue(kind: value.kind, line: r.value.line, column: r.value.column) }
        guard parameter.kind == .number, case .number(let v) = value.kind else {
            throw r.error("\"times\" and \"plus\" go with a number parameter; \"\(name)\" is a \(parameter.kind.rawValue)")
        }
        let result = v * (times ?? 1) + (plus ?? 0)
        guard result.isFinite else { throw r.error("\(r.format(v)) × \(times ?? 1) + \(plus ?? 0) is not a finite number") }
        return JSONValue(kind: .number(result), line: r.value.line, column: r.value.column)
    }
}

extension SceneLoader {
    /// Decodes parsed scene JSON with its parameters bound: `parameters` by name (each checked against
    /// its declaration), the others at their defaults. A name the scene does not declare is an error.
    public func decode(_ json: JSONValue, file: String, parameters: [String: ParameterValue]) throws(SceneError) -> Scene {
        let (declared, values) = try resolve(json, file: file, parameters: parameters)
        return try declared.decode(json, values: values, loader: self, file: file)
    }

    /// `json` with its parameters bound (see `decode(_:file:parameters:)`), ready for `decode(_:file:)`.
    public func bind(_ json: JSONValue, file: String, parameters: [String: ParameterValue], source: String = "--set") throws(SceneError) -> JSONValue {
        let (declared, values) = try resolve(json, file: file, parameters: parameters, source: source)
        return try declared.bind(json, values: values, file: file)
    }

    /// The scene's declarations and `parameters` checked against them (the JSON each stands for, by
    /// name), as `bind` uses them.
    public func resolve(_ json: JSONValue, file: String, parameters: [String: ParameterValue], source: String = "--set") throws(SceneError)
        -> (SceneParameters, [String: JSONValue]) {
        let declared = try SceneParameters(json, file: file)
        var values: [String: JSONValue] = [:]
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            guard let parameter = declared.parameter(named: name) else {
                let names = declared.declared.map(\.name)
                throw SceneError(file: file, path: "params", message: "\(source) \(DisplayText.escaped(name, limit: 80)): the scene declares no parameter \"\(DisplayText.escaped(name, limit: 80))\"\(DidYouMean.hint(for: name, among: names))\(names.isEmpty ? "" : "; declared: \(names.joined(separator: ", "))")")
            }
            values[name] = try declared.resolve(value, for: parameter, source: "\(file): \(source) \(name)")
        }
        return (declared, values)
    }
}

extension SceneParameters {
    /// The scene `json` bound with `values` (resolved, by name) but each themable colour parameter
    /// (`"themable": true`) set to a sentinel colour of its own, and those colours by parameter: what
    /// tells the colours those parameters give from the rest in a compiled animation (FlipbookSVG's
    /// `ThemeProbe`). nil when no colour parameter is themable.
    ///
    /// Sentinel k is #0102(03 + k), with the alpha of the parameter's value (so opacities match): a
    /// scene's own colour that happens to be one is harmless, as it is the same in both compiles.
    public func themeProbe(_ json: JSONValue, values: [String: JSONValue], loader: SceneLoader, file: String) throws(SceneError)
        -> (scene: Scene, sentinels: [String: Color])? {
        let themable = declared.filter { $0.themable && $0.kind == .color }
        guard !themable.isEmpty else { return nil }
        var probeValues = values
        var sentinels: [String: Color] = [:]
        for (k, p) in themable.enumerated() {
            let alpha = (values[p.name] ?? p.defaultValue).flatMap(Self.color)?.alpha ?? 1
            let sentinel = Color(red: 1 / 255, green: 2 / 255, blue: Double(3 + k % 250) / 255, alpha: alpha)
            sentinels[p.name] = sentinel
            probeValues[p.name] = JSONValue(kind: .array([sentinel.red, sentinel.green, sentinel.blue, sentinel.alpha].map {
                JSONValue(kind: .number($0), line: 0, column: 0)
            }), line: 0, column: 0)
        }
        return (try decode(json, values: probeValues, loader: loader, file: file), sentinels)
    }
}
