import Flipbook

extension JSONText {
    /// Throws at the first number JSON cannot hold (infinite or NaN), naming its path.
    func checkFinite(at path: String) throws(SceneEncodingError) {
        switch self {
        case .number(let v):
            guard v.isFinite else { throw SceneEncodingError(path: path, message: "the value \(v) cannot be written: JSON numbers are finite") }
        case .written, .null, .string, .bool: break
        case .array(let items):
            for (i, item) in items.enumerated() { try item.checkFinite(at: path + "[\(i)]") }
        case .object(let members):
            for (key, value) in members { try value.checkFinite(at: path.isEmpty ? key : path + "." + key) }
        }
    }
}
