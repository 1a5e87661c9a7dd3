import FlipbookFiles
import FlipbookScenes
import FlipbookSupport

extension RenderBatch {
    /// An output path with `{column}` holes.
    struct Pattern {
        enum Part { case literal(String), column(String) }
        let text: String
        let parts: [Part]
        /// The option that gave it (`animated`), for messages.
        let option: String

        init(_ text: String, option: String) throws(UsageError) {
            self.text = text
            self.option = option
            var parts: [Part] = [], literal = "", rest = Substring(text)
            while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
                guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                    throw UsageError("--\(option) '\(text)': a '{' or '}' that does not enclose a column name ({id})")
                }
                literal += rest[..<open]
                let name = String(rest[rest.index(after: open)..<close])
                guard SceneParameters.isName(name) else {
                    throw UsageError("--\(option) '\(text)': {\(name)} is not a column name (letters, digits, '_' and '-')")
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.column(name))
                rest = rest[rest.index(after: close)...]
            }
            literal += rest
            if !literal.isEmpty { parts.append(.literal(literal)) }
            self.parts = parts
        }

        var columns: [String] { parts.compactMap { if case .column(let c) = $0 { c } else { nil } } }

        /// The folder every row's path lies in, whatever its values: the pattern's text before its
        /// first `{column}`, up to its last '/' ("out" for 'out/{id}.svg', "/" for '/{id}.svg'); nil
        /// when no '/' comes before a column.
        var fixedFolder: String? {
            guard case .literal(let head) = parts.first, head.contains("/") else { return nil }
            let folder = head[..<head.lastIndex(of: "/")!]
            return folder.isEmpty ? "/" : String(folder)
        }

        /// Throws, once for the whole batch, when `fixedFolder` is missing or not a folder (every row
        /// would fail on it); lists it for the run (`FolderListings.look(at:)`).
        func checkFolder(_ listings: FolderListings) throws {
            guard let folder = fixedFolder else { return }
            do {
                try listings.look(at: BytePath(folder))
            } catch {
                throw InputError("--\(option) '\(text)': \(error.message)")
            }
        }

        /// The path for `row`, or why the row cannot make one: a missing column, or a value that is
        /// not a safe file name (empty, '/', NUL, control characters, "." or "..", over 200 bytes).
        func path(for row: DataRow) -> Result<String, BatchRowError> {
            var out = ""
            for part in parts {
                switch part {
                case .literal(let s): out += s
                case .column(let c):
                    guard let v = row.text(c) else {
                        return .failure(BatchRowError(row.value(c) == nil ? "no column \"\(c)\" for the output '\(text)'" : "the column \"\(c)\" is not a string or number, so it cannot name a file"))
                    }
                    guard !v.isEmpty, v != ".", v != "..", v.utf8.count <= 200,
                          !v.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }) else {
                        return .failure(BatchRowError("\(c): \"\(DisplayText.escaped(v, limit: 80))\" cannot be part of a file name (empty, '.', '..', a slash, a control character or over 200 bytes)"))
                    }
                    out += v
                }
            }
            return .success(out)
        }
    }
}
