import Easing
import FlipbookSupport

extension SceneLoader {
    /// The findings of `flipbook lint` a scene says are meant (`"lint": {"allow": ["out-of-range",
    /// "outlasts-scene layers[4]"]}`): each a rule id, optionally with the JSON path (or the start of
    /// one) it holds for. The rule ids are checked by the linter; here only the shape.
    public static func lintAllowances(in json: JSONValue, file: String) throws(SceneError) -> [(text: String, path: String)] {
        guard case .object(let members) = json.kind, let lint = members.first(where: { $0.key == "lint" })?.value else { return [] }
        return try lintAllowances(JSONReader(value: lint, path: "lint", file: file))
    }

    static func lintAllowances(_ reader: JSONReader) throws(SceneError) -> [(text: String, path: String)] {
        let o = try reader.object()
        var out: [(String, String)] = []
        if let allow = o.optional("allow") {
            for (i, item) in try allow.array().enumerated() {
                let text = try item.string()
                guard !text.whitespaceTrimmed.isEmpty else { throw item.error("expected a lint rule id, optionally followed by a JSON path (\"out-of-range layers[2]\")") }
                out.append((text, "lint.allow[\(i)]"))
            }
        }
        try o.finish(allowed: ["allow"])
        return out
    }
}
