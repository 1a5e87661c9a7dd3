import FlipbookScenes

/// A value of the Lottie file being read, with its JSON path for messages (`layers[2].ks.p`).
struct LottieValue {
    let value: JSONValue
    let path: String
    let file: String

    /// The member `key` of an object, or nil (also when this is not an object).
    subscript(_ key: String) -> LottieValue? {
        guard case .object(let members) = value.kind, let m = members.last(where: { $0.key == key }) else { return nil }
        return LottieValue(value: m.value, path: path.isEmpty ? key : path + "." + key, file: file)
    }

    /// The keys of an object (empty otherwise).
    var keys: [String] {
        guard case .object(let members) = value.kind else { return [] }
        return members.map(\.key)
    }

    /// The items of an array (empty otherwise).
    var items: [LottieValue] {
        guard case .array(let list) = value.kind else { return [] }
        return list.enumerated().map { LottieValue(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    var isArray: Bool { if case .array = value.kind { true } else { false } }

    /// The number, or nil when this is not a finite number.
    var number: Double? {
        if case .number(let v) = value.kind, v.isFinite { return v }
        return nil
    }

    /// A number, or the first of an array of numbers (Lottie writes `[30]` for 30 in places).
    var scalar: Double? { number ?? items.first?.number }

    /// Every entry as a finite number, or nil.
    var numbers: [Double]? {
        if let v = number { return [v] }
        let list = items.map(\.number)
        guard isArray, list.allSatisfy({ $0 != nil }) else { return nil }
        return list.map { $0! }
    }

    /// The number as an integer, when it is one (and within ±1e9).
    var int: Int? {
        guard let v = number, v == v.rounded(), abs(v) <= 1e9 else { return nil }
        return Int(v)
    }

    var string: String? {
        if case .string(let s) = value.kind { return s }
        return nil
    }

    /// A flag: `true`/`false` or a number (Lottie writes 0 and 1).
    var flag: Bool? {
        switch value.kind {
        case .bool(let b): b
        case .number(let v): v != 0
        default: nil
        }
    }

    func error(_ message: String) -> SceneError { SceneError(file: file, path: path, message: message) }

    /// The number here, or an error naming what was expected.
    func requiredNumber(_ expected: String, where valid: (Double) -> Bool = { _ in true }) throws(SceneError) -> Double {
        guard let v = number, valid(v) else { throw error("expected \(expected), found \(value.typeName)") }
        return v
    }
}
