/// The names easing text accepts, all matched ASCII case-insensitively (as CSS matches keywords).
enum NamedCurves {
    /// CSS keywords, Core Animation's names and the parameterless forms of the Penner and spring curves.
    static func keyword(_ name: String) -> TimingFunction? {
        let key = name.lowercased()
        if let css = keywords[key] { return css }
        if key == "spring" { return .spring(Spring()) }
        if let (family, direction) = penner[key] { return .penner(Penner(family, direction)) }
        return nil
    }

    /// The Penner curve a function name such as `ease-out-back` or `easeOutBack` names.
    static func pennerFunction(_ name: String) -> (Penner.Family, Penner.Direction)? {
        penner[name.lowercased()]
    }

    /// A `steps()` position keyword.
    static func stepPosition(_ name: String) -> StepPosition? {
        switch name.lowercased() {
        case "jump-start", "start": return .jumpStart
        case "jump-end", "end": return .jumpEnd
        case "jump-none": return .jumpNone
        case "jump-both": return .jumpBoth
        default: return nil
        }
    }

    static func isMathConstant(_ name: String) -> Bool {
        EasingParser.constants[name.lowercased()] != nil
    }

    /// Every easing name the parser knows (keywords and Penner curves), for did-you-mean hints.
    static var allNames: [String] { Array(keywords.keys) + Array(penner.keys) }

    static let expectedSummary =
        "a CSS easing (linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, cubic-bezier(), steps(), linear()), "
        + "a Core Animation name (default, easeIn, easeOut, easeInEaseOut), a Penner curve (ease-in-sine … ease-in-out-bounce) or spring"

    private static let keywords: [String: TimingFunction] = [
        "linear": .linear,
        "ease": .ease, "ease-in": .easeIn, "ease-out": .easeOut, "ease-in-out": .easeInOut,
        "step-start": .stepStart, "step-end": .stepEnd,
        "default": .caDefault, "easein": .easeIn, "easeout": .easeOut, "easeineaseout": .easeInOut,
    ]

    /// Both spellings of every Penner curve, lower-cased: `ease-in-out-back` and `easeinoutback`.
    private static let penner: [String: (Penner.Family, Penner.Direction)] = {
        var table: [String: (Penner.Family, Penner.Direction)] = [:]
        for family in Penner.Family.allCases {
            for direction in Penner.Direction.allCases {
                table[pennerName(family, direction)] = (family, direction)
                table[pennerName(family, direction).replacingOccurrences(of: "-", with: "")] = (family, direction)
            }
        }
        return table
    }()

    /// The kebab-case name of a Penner curve: `ease-in-out-back`.
    static func pennerName(_ family: Penner.Family, _ direction: Penner.Direction) -> String {
        let way = switch direction {
        case .in: "in"
        case .out: "out"
        case .inOut: "in-out"
        }
        return "ease-\(way)-\(family.rawValue)"
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
