#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Flipbook

/// A layer's shadow as Lottie's drop-shadow effect (`ef`, `ty` 25, After Effects' "ADBE Drop Shadow"),
/// from the document's shadow filter (`SVGShadow`: the group's alpha blurred, moved, flooded with the
/// colour, merged under it). Effects belong to layers, so a group with a shadow is a layer of its own,
/// as a clipped group is (`LottieWriter.clippedLayers`).
///
/// ## Mapping (each parameter animated with the filter's tracks, read back by `LottieProperty`)
/// - Shadow Color (`ty` 2): the flood's colour, alpha 1. Opacity (`ty` 0): the flood's opacity × 255
///   (Lottie's effect opacity runs 0…255: lottie-web divides it by 255, ThorVG clamps it there).
/// - Direction (`ty` 1, degrees clockwise from up) and Distance (px) are the offset (dx, dy) in polar
///   form: direction atan2(dx, −dy), distance √(dx² + dy²). Exact when the offset only moves along one
///   ray from the origin (every key's offset is a non-negative multiple of one direction, the dx and
///   dy tracks sharing their key times and easing: a card whose shadow drops further as it lifts);
///   otherwise the shadow is left out, reported.
/// - Softness: σ / 0.3, the factor ThorVG's Lottie loader (`BLUR_TO_SIGMA`) and Skia's Skottie
///   (`kBlurSizeToSigma`) take from After Effects' blur size to a Gaussian's standard deviation; σ is
///   the blur's stdDeviation, the shadow's `shadowRadius`. lottie-web's SVG renderer reads softness / 4
///   instead (a blur 17 % narrower there); no check here plays lottie-web.
///
/// The effect works in the layer's space, which the null layers of the enclosing transforms place:
/// only translations are taken (a rotated or scaled layer's shadow is left out, reported: players
/// differ on whether the effect turns with the layer). rlottie draws no effect (its frames are the
/// content without the shadow); ThorVG draws it (Tools/check-lottie compares both).
extension LottieWriter {
    /// The softness an After Effects drop shadow needs for a Gaussian of standard deviation σ = 1.
    static let softnessPerSigma = 1 / 0.3

    /// The drop-shadow filter a group is filtered by (`SVGShadow`'s form), if any.
    func shadowFilter(_ e: Element) -> Element? {
        guard e.kind == .group, case .reference(let id)? = e.attribute("filter"), let filter = definitions[id], filter.kind == .filter,
              filter.children.map(\.kind) == [.feGaussianBlur, .feOffset, .feFlood, .feComposite, .feMerge] else { return nil }
        return filter
    }

    /// The layer's effects (`ef`) for the shadow `filter`, the transforms it sits under given as their
    /// Lottie components; nil (the shadow reported as left out) where the effect cannot show it.
    mutating func shadowEffect(_ filter: Element, under components: [[(String, JSON)]]) -> JSON? {
        guard components.allSatisfy({ $0.allSatisfy { $0.0 == "p" } }) else { return nil }
        let blur = filter.children[0], offset = filter.children[1], flood = filter.children[2]
        guard let direction = self.direction(offset) else { return nil }
        let c = flood.attribute("flood-color").flatMap(Self.color) ?? [0, 0, 0, 1]
        if let theme = flood.attributes.first(where: { $0.name == "flood-color" })?.theme { fixedShadowThemes.insert(theme) }
        let color = keys(flood, "flood-color", initial: c, parse: Self.color).map { animated($0, precise: true) } ?? fixed(c, precise: true)
        probe(flood, "flood-color", color) { Array($0.prefix(3)) }
        let opacity = property(flood, "flood-opacity", initial: [number(flood, "flood-opacity") ?? 1], scale: 255)
        let softness = property(blur, "stdDeviation", initial: [number(blur, "stdDeviation") ?? 0], scale: Self.softnessPerSigma)
        func parameter(_ type: Int, _ name: String, _ n: Int, _ value: JSON) -> JSON {
            .object([("ty", .int(type)), ("nm", .string(name)), ("mn", .string("ADBE Drop Shadow-000\(n)")), ("ix", .int(n)), ("v", value)])
        }
        let parameters = [parameter(2, "Shadow Color", 1, color), parameter(0, "Opacity", 2, opacity),
                          parameter(1, "Direction", 3, direction.angle), parameter(0, "Distance", 4, direction.distance),
                          parameter(0, "Softness", 5, softness), parameter(7, "Shadow Only", 6, fixed(0))]
        return .array([.object([("ty", .int(25)), ("nm", .string("Drop Shadow")), ("np", .int(8)), ("mn", .string("ADBE Drop Shadow")),
                                ("ix", .int(1)), ("en", .int(1)), ("ef", .array(parameters))])])
    }

    /// The offset (dx, dy) of `offset` as Lottie's direction (degrees clockwise from up) and distance,
    /// registered for read-back as dx and dy; nil when it does not move along one ray.
    func direction(_ offset: Element) -> (angle: JSON, distance: JSON)? {
        let dx0 = number(offset, "dx") ?? 0, dy0 = number(offset, "dy") ?? 0
        let dxKeys = keys(offset, "dx", initial: [dx0], parse: { Self.numbers($0) })
        let dyKeys = keys(offset, "dy", initial: [dy0], parse: { Self.numbers($0) })
        // The keys of the pair: one track's times with the other's static value, or both when they share them.
        let pairs: [Key]
        switch (dxKeys, dyKeys) {
        case (nil, nil): pairs = [Key(time: 0, value: [dx0, dy0], ease: .hold)]
        case (let x?, nil): pairs = x.map { Key(time: $0.time, value: [$0.value[0], dy0], ease: $0.ease) }
        case (nil, let y?): pairs = y.map { Key(time: $0.time, value: [dx0, $0.value[0]], ease: $0.ease) }
        case (let x?, let y?):
            guard x.count == y.count, zip(x, y).allSatisfy({ $0.time == $1.time && $0.ease == $1.ease }) else { return nil }
            pairs = zip(x, y).map { Key(time: $0.time, value: [$0.value[0], $1.value[0]], ease: $0.ease) }
        }
        // One ray: every non-zero offset points the same way (to 1e-9 of its length).
        let moving = pairs.map(\.value).filter { hypot($0[0], $0[1]) > 0 }
        let ray = moving.first.map { atan2($0[0], -$0[1]) } ?? .pi
        guard moving.allSatisfy({ abs(atan2($0[0], -$0[1]) - ray) <= 1e-9 }) else { return nil }
        let degrees = SVGNumber.representable(ray * 180 / .pi)
        let distance = animated(pairs.map { Key(time: $0.time, value: [hypot($0.value[0], $0.value[1])], ease: $0.ease) })
        if let reader = LottieProperty(distance) {
            let fps = self.fps, (sine, cosine) = (sin(degrees * .pi / 180), cos(degrees * .pi / 180))
            for (attribute, component) in [("dx", sine), ("dy", -cosine)] {
                for check in offset.checks(of: attribute) {
                    probes.list.append(LottieProbe(check: check, read: { t in [reader.value(at: LottieWriter.frame(t, fps: fps))[0] * component] }))
                }
            }
        }
        return (fixed(degrees), distance)
    }
}
