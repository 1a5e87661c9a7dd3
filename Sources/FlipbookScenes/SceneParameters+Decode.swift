import Easing
import Flipbook
import FlipbookSupport

extension SceneParameters {
    /// `json` bound with `values` (resolved, by name) and decoded (`SceneLoader.decodeBound` of
    /// `bind`). An error at or inside a parameter's reference names the parameter and its value
    /// first: a text parameter that is no easing where a timing goes reads `layers[1].animations[0].timing:
    /// from the parameter "ease" = "bogus": invalid easing: …`, so a row's bad value is found by its
    /// column, not only by the template's path.
    public func decode(_ json: JSONValue, values: [String: JSONValue], loader: SceneLoader, file: String) throws(SceneError) -> Scene {
        let bound = try bind(json, values: values, file: file)
        do throws(SceneError) {
            return try loader.decodeBound(bound, file: file)
        } catch {
            guard let name = Self.reference(holding: error.path, in: json, file: file) else { throw error }
            let value = values[name] ?? parameter(named: name)?.defaultValue
            var annotated = error
            annotated.message = "from the parameter \"\(name)\"\(value.map { " = \(Self.shown($0))" } ?? ""): \(error.message)"
            throw annotated
        }
    }

    /// The name of the parameter whose reference lies at `path` or holds it (the path of an error
    /// in the bound scene), nil when none does.
    static func reference(holding path: String, in json: JSONValue, file: String) -> String? {
        guard case .object(let members) = json.kind else { return nil }
        func find(_ r: JSONReader) -> String? {
            switch r.value.kind {
            case .array(let items):
                for (i, item) in items.enumerated() { if let name = find(r.element(i, item)) { return name } }
            case .object(let members):
                if let reference = members.first(where: { $0.key == "param" }) {
                    guard case .string(let name) = reference.value.kind,
                          path == r.path || path.hasPrefix(r.path + ".") || path.hasPrefix(r.path + "[") else { return nil }
                    return name
                }
                for m in members { if let name = find(r.child(m.key, m.value)) { return name } }
            default: break
            }
            return nil
        }
        let root = JSONReader(value: json, path: "", file: file)
        for m in members where m.key != "params" {
            if let name = find(root.child(m.key, m.value)) { return name }
        }
        return nil
    }

    /// A value as a message shows it: a number or a quoted, escaped string; another JSON value by its
    /// type.
    static func shown(_ value: JSONValue) -> String {
        switch value.kind {
        case .number(let v): v.roundTripText
        case .string(let s): "\"\(DisplayText.escaped(s, limit: 80))\""
        default: value.typeName
        }
    }
}
