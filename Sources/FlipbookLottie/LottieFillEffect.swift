import Flipbook
import FlipbookScenes

/// After Effects' Fill effect (`ty` 21, "ADBE Fill") at full opacity: the layer as drawn, its colour
/// replaced by the effect's, its alpha kept (Skia's Skottie: the colour composited source-in).
///
/// Imported by recolouring what the layer paints, exactly: compositing is linear in premultiplied
/// colour, so giving every paint the colour C (its alpha kept) gives, pixel by pixel, C at the
/// drawn alpha, which is what the effect makes of the drawn layer. Every fill and stroke
/// colour, gradient stop and colour key of the layer's content and sublayers is recoloured; masks
/// and mattes (a `mask` member) are not, since they give the layer its alpha and the effect keeps it.
/// Shadows are drawn content too: those of layers inside, and the layer's own when its drop shadow is
/// listed before the fill.
///
/// Reported, the layer drawn without the fill: the effect limited to a mask ("Fill Mask", "All
/// Masks"), inverted, feathered, at an opacity under 100 % (players differ there: Skottie lowers the
/// layer's alpha, others mix the colours), or with a colour or opacity that is animated; a second fill.
struct LottieFill: Equatable {
    /// The effect's colour, red, green and blue in 0…1.
    var rgb: [Double]

    /// `colour` (a scene colour: "#rrggbb", "#rrggbbaa", "black", "white" or [r, g, b, a]) with the
    /// effect's red, green and blue, its alpha kept; nil for one without colour ("none") or one this
    /// does not read (left as it is).
    func recoloured(_ colour: JSONText) -> JSONText? {
        var components: [Double]
        switch colour {
        case .array(let items):
            components = items.compactMap { if case .number(let v) = $0 { v } else { nil } }
            guard components.count == 4, items.count == 4 else { return nil }
        case .string(let text):
            if text == "black" { components = [0, 0, 0, 1]; break }
            if text == "white" { components = [1, 1, 1, 1]; break }
            let hex = Array(text.utf8.dropFirst())
            guard text.hasPrefix("#"), hex.count == 6 || hex.count == 8, let value = UInt64(String(decoding: hex, as: UTF8.self), radix: 16) else { return nil }
            let bytes = (hex.count == 6 ? value << 8 | 0xFF : value)
            components = [24, 16, 8, 0].map { Double((bytes >> UInt64($0)) & 0xFF) / 255 }
        default: return nil
        }
        return .array(rgb.map { .number($0) } + [.number(components[3])])
    }

    /// `text` (a scene layer's JSON) with every colour it paints recoloured (`recoloured(_:)`):
    /// fill, stroke and shadow colours, gradient stops, the keys of their animations; its masks'
    /// layers left as they are.
    func recolouring(_ text: JSONText) -> JSONText {
        switch text {
        case .array(let items): return .array(items.map(recolouring))
        case .object(let members):
            let property = members.first { $0.0 == "property" }?.1
            return .object(members.map { key, value in
                switch key {
                case "mask": return (key, value)
                case "fillColor", "strokeColor", "shadowColor": return (key, recoloured(value) ?? value)
                case "fillGradient", "strokeGradient": return (key, gradient(value))
                case "values", "from", "to":
                    // A colour animation's keys.
                    guard case .string(let name) = property else { return (key, recolouring(value)) }
                    if name == "fillColor" || name == "strokeColor" || name == "shadowColor" {
                        if case .array(let keys) = value, key == "values" { return (key, .array(keys.map { recoloured($0) ?? $0 })) }
                        return (key, recoloured(value) ?? value)
                    }
                    if name == "fillGradient" || name == "strokeGradient" {
                        if case .array(let keys) = value, key == "values" { return (key, .array(keys.map(gradient))) }
                        return (key, gradient(value))
                    }
                    return (key, value)
                default: return (key, recolouring(value))
                }
            })
        default: return text
        }
    }

    /// A gradient's stops, each colour recoloured.
    private func gradient(_ value: JSONText) -> JSONText {
        guard case .object(let members) = value else { return value }
        return .object(members.map { key, stops in
            guard key == "stops", case .array(let list) = stops else { return (key, stops) }
            return (key, .array(list.map { stop in
                guard case .array(let pair) = stop, pair.count == 2 else { return stop }
                return .array([pair[0], recoloured(pair[1]) ?? pair[1]])
            }))
        })
    }
}

extension LottieImporter {
    /// The layer's Fill effect (`LottieFill`), and whether a drop shadow comes before it; nil when
    /// it has none that is imported (what is not is reported).
    mutating func fillEffect(_ layer: LottieValue) -> (fill: LottieFill, afterShadow: Bool)? {
        var found: (fill: LottieFill, afterShadow: Bool)?
        var shadowSeen = false
        for effect in layer["ef"]?.items ?? [] where effect["en"]?.flag != false {
            if effect["ty"]?.int == 25 { shadowSeen = true }
            guard effect["ty"]?.int == 21 else { continue }
            guard found == nil else {
                omit(effect.path, "a second fill effect is not imported: the layer is drawn with the first")
                continue
            }
            // By position, as After Effects exports them: fill mask, all masks, colour, invert,
            // horizontal feather, vertical feather, opacity.
            let parameters = (effect["ef"]?.items ?? []).map { $0["v"]?["k"] }
            func still(_ i: Int) -> [Double]? {
                guard i < parameters.count, let v = parameters[i], v.items.first?["t"] == nil else { return nil }
                return v.numbers ?? v.scalar.map { [$0] }
            }
            guard parameters.count >= 7, let colour = still(2), colour.count >= 3, let opacity = still(6)?.first else {
                omit(effect.path, "a fill effect whose colour or opacity is animated, or missing: the layer is drawn without it")
                continue
            }
            let limited = [0, 1, 3, 4, 5].contains { (still($0)?.first ?? 1) != 0 }
            guard !limited else {
                omit(effect.path, "a fill effect limited to a mask, inverted or feathered is not imported: the layer is drawn without it")
                continue
            }
            guard opacity == 1 else {
                omit(effect.path, "a fill effect at an opacity under 100 % is not imported (players differ there): the layer is drawn without it")
                continue
            }
            let scale = colour.prefix(3).contains { $0 > 1 } ? 1.0 / 255 : 1
            found = (LottieFill(rgb: colour.prefix(3).map { min(max($0 * scale, 0), 1) }), shadowSeen)
        }
        return found
    }
}
