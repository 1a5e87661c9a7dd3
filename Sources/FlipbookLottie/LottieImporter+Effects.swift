import Flipbook
import FlipbookScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Layer effects: After Effects' drop shadow (`ty` 25) is a shadow, its fill (`ty` 21) a recolouring
/// (`LottieFill`); the others are reported.
extension LottieImporter {
    /// The shadow of a layer's drop-shadow effect, as the members and animations of a layer wrapped
    /// around the imported one (its shadow is that of the layer as drawn: after its masks, its
    /// precomposition's clip and its opacity, as a player applies the effect; in the composition's
    /// coordinates, outside the layer's own transform and its parents'). nil when there is none.
    ///
    /// The parameters are read by position, as After Effects exports them (their names may be
    /// translated): colour, opacity (0…255 → shadowOpacity 0…1), direction (degrees clockwise from
    /// up), distance (px), softness, shadow only. shadowOffset = distance · (sin θ, −cos θ);
    /// shadowRadius (a Gaussian's σ) = 0.3 × softness, the factor of ThorVG's Lottie loader and Skia's
    /// Skottie (lottie-web's SVG renderer takes softness / 4). The Lottie writer maps them back
    /// (`LottieShadow`), and check-lottie-in compares ThorVG's drawing of the original with the frames.
    ///
    /// Reported, the layer drawn without its shadow: a drop shadow inside a precomposition placed
    /// other than in place (`placesInPlace`: players differ on the space a nested layer's effect works
    /// in; in place, that space is the file's, as Flipbook's Lottie writer nests a translucent group's
    /// shadowed layer), "shadow only", a direction that is
    /// animated (held at its first value, reported, the rest imported), a second drop shadow, and
    /// every other effect. Expression controls (`isExpressionControl`) draw nothing and are passed over.
    mutating func dropShadow(_ layer: LottieValue, clock: LottieClock, nested: Bool) -> (members: [(String, JSONText)], animations: [JSONText])? {
        var found: (members: [(String, JSONText)], animations: [JSONText])?
        for effect in layer["ef"]?.items ?? [] {
            // (A fill is imported by `fillEffect`.)
            if effect["en"]?.flag == false || Self.isExpressionControl(effect) || effect["ty"]?.int == 21 { continue }
            guard effect["ty"]?.int == 25 else {
                omit(effect.path, "an effect other than a drop shadow (ty \(effect["ty"]?.int.map(String.init) ?? "?")) is not imported: the layer is drawn without it")
                continue
            }
            guard found == nil else {
                omit(effect.path, "a second drop shadow is not imported: the layer is drawn with the first")
                continue
            }
            guard !nested else {
                omit(effect.path, "a drop shadow inside a moved, turned or scaled precomposition is not imported yet: the layer is drawn without it")
                continue
            }
            let parameters = (effect["ef"]?.items ?? []).map { $0["v"] }
            guard parameters.count >= 5 else {
                omit(effect.path, "a drop shadow without its five parameters: the layer is drawn without it")
                continue
            }
            if parameters.count > 5, let only = parameters[5]?["k"]?.scalar, only != 0 {
                omit(effect.path, "a drop shadow drawn without its layer (shadow only) is not imported: the layer is drawn without it")
                continue
            }
            var members: [(String, JSONText)] = [], animations: [JSONText] = []
            func add(_ name: String, _ result: (value: JSONText?, animation: JSONText?)) {
                if let value = result.value { members.append((name, value)) }
                if let animation = result.animation { animations.append(animation) }
            }
            add("shadowColor", property(parameters[0], name: "shadowColor", clock: clock) { v in
                guard let n = v.numbers, n.count >= 3 else { return nil }
                return .array((0..<3).map { .number(min(max(n[$0], 0), 1)) } + [.number(1)])
            })
            add("shadowOpacity", property(parameters[1], name: "shadowOpacity", clock: clock) { v in v.scalar.map { .number(min(max($0 / 255, 0), 1)) } })
            // The direction, static (an animated one is held at its first key's value).
            let directionValue = parameters[2]?["k"]
            let degrees = directionValue?.scalar ?? directionValue?.items.first?["s"]?.scalar ?? 0
            if directionValue?.items.first?["t"] != nil { omit(parameters[2]!.path, "an animated drop-shadow direction: held at its first value") }
            // (A whole quarter turn exactly: sin 180° is 1.2e-16 in doubles.)
            let quarter = [(0.0, 1.0), (1, 0), (0, -1), (-1, 0)]
            let turns = degrees / 90
            let (sine, cosine) = turns == turns.rounded() && abs(turns) < 1e15
                ? quarter[((Int(turns) % 4) + 4) % 4] : (sin(degrees * .pi / 180), cos(degrees * .pi / 180))
            add("shadowOffset", property(parameters[3], name: "shadowOffset", clock: clock) { v in
                v.scalar.map { .array([.number($0 * sine + 0), .number(-$0 * cosine + 0)]) }
            })
            add("shadowRadius", property(parameters[4], name: "shadowRadius", clock: clock) { v in v.scalar.map { .number(max($0, 0) * 0.3) } })
            found = (members, animations)
        }
        return found
    }
}

extension LottieImporter {
    /// After Effects' expression controls (Slider, Angle, Checkbox, Colour, Point, 3D Point, Layer and
    /// Dropdown Control: a group effect, `ty` 5, named by its match name `mn`): values for expressions
    /// to read, which draw nothing. Left out, a layer looks as it does with them (what reads them, an
    /// expression, is reported where it is).
    static func isExpressionControl(_ effect: LottieValue) -> Bool {
        guard effect["ty"]?.int == 5, let name = effect["mn"]?.string else { return false }
        return expressionControls.contains(name)
    }

    private static let expressionControls: Set<String> = [
        "ADBE Slider Control", "ADBE Angle Control", "ADBE Checkbox Control", "ADBE Color Control",
        "ADBE Point Control", "ADBE Point3D Control", "ADBE Layer Control", "ADBE Dropdown Control",
    ]

    /// Whether a precomposition layer draws its composition where it stands: no parent, a static
    /// position equal to its static anchor, scale 100 %, no rotation and no skew (each absent or so).
    static func placesInPlace(_ layer: LottieValue) -> Bool {
        guard layer["parent"] == nil, let ks = layer["ks"] else { return layer["parent"] == nil }
        func still(_ name: String) -> [Double]? {
            guard let p = ks[name] else { return nil }
            if p["a"]?.flag == true || p["s"]?.flag == true || p["x"] != nil { return [.nan] }
            return (p["k"] ?? p).numbers ?? [.nan]
        }
        let position = still("p") ?? [0, 0], anchor = still("a") ?? [0, 0]
        guard position.count >= 2, anchor.count >= 2, position[0] == anchor[0], position[1] == anchor[1] else { return false }
        if let scale = still("s"), scale.count < 2 || scale[0] != 100 || scale[1] != 100 { return false }
        for name in ["r", "rz", "sk"] where (still(name)?.first ?? 0) != 0 { return false }
        return true
    }
}
