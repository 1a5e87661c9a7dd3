#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The inertial bounce that After Effects presets write as an expression (Overshoot, Bounce and
/// Friction sliders, or the same with constants): after each key the value swings about its keyed
/// course with the speed it arrived at, dying away.
///
/// As lottie-web evaluates the script at time t (seconds): n is the last key at or before t (none
/// before the first key: the keyed value); τ = t − tₙ; v the property's velocity (units a second,
/// lottie-web's backward difference over 1 ms) at tₙ − frameDuration / 10, just before the key; the
/// value is value(t) + v · s · amp · sin(2π · freq · τ) / e^(decay · τ), where s is 1/100 in the
/// slider form and 1 in the constant form, whose swing also stops when τ reaches `time_max`. A slider
/// is the layer's effect of that name: its value `v.k`, divided as the script divides it (`div(…, 2.5)`).
///
/// Read only in the two forms the presets write (the text matched whole, after
/// `Expression.normalized`, declarations and a `try { … } catch (…) { value }` set aside); a slider
/// that is missing or keyed leaves the expression unread (reported where it is read).
struct LottieOvershoot {
    var amplitude: Double
    var frequency: Double
    var decay: Double
    /// The velocity's factor: 1/100 (slider form) or 1 (constant form).
    var scale: Double
    /// Seconds after a key the swing lasts (the constant form's `time_max`), or nil.
    var limit: Double?

    private static let sliderForm = "amp={},freq={},decay={},n=0,0<numKeys&&(n=nearestKey(time).index,key(n).time>time&&n--),"
        + "t=0===n?0:time-key(n).time,0<n?(v=velocityAtTime(sub(key(n).time,div(thisComp.frameDuration,10))),sum(value,div(mul(mul(div(v,100),amp),"
        + "Math.sin(mul(mul(mul(freq,t),2),Math.PI))),Math.exp(mul(decay,t))))):value"
    private static let constantForm = "amp={}freq={}decay={}n=0time_max={}if(numKeys>0){n=nearestKey(time).indexif(key(n).time>time){n--}}"
        + "if(n==0){t=0}else{t=sub(time,key(n).time)}if(n>0&&t<time_max){v=velocityAtTime(sub(key(n).time,div(thisComp.frameDuration,10)))"
        + "sum(value,div(mul(mul(v,amp),Math.sin(mul(mul(mul(freq,t),2),Math.PI))),Math.exp(mul(decay,t))))}else{value}"

    /// The bounce the normalized expression `body` writes, its sliders read from `effects` (the
    /// layer's `ef`); nil when it is not one of the two forms or a slider cannot be read.
    init?(_ body: String, effects: [LottieValue]) {
        guard let start = body.firstRange(of: "amp=") else { return nil }
        let head = body[..<start.lowerBound]
        var rest = body[start.lowerBound...]
        // `var amp, freq, …` and the `try {` around the slider form.
        guard head.isEmpty || head.hasPrefix("var") else { return nil }
        let tried = head.hasSuffix("try{")
        if tried {
            guard let open = rest.ranges(of: "}catch(").last, rest[open.upperBound...].hasSuffix("){value=value}") else { return nil }
            rest = rest[..<open.lowerBound]
        }
        for (form, scale) in [(Self.sliderForm, 0.01), (Self.constantForm, 1)] {
            if let holes = Self.match(rest, form, effects: effects), holes.count >= 3 {
                amplitude = holes[0]
                frequency = holes[1]
                decay = holes[2]
                self.scale = scale
                limit = holes.count > 3 ? holes[3] : nil
                return
            }
        }
        return nil
    }

    /// The value at `frame` of a property keyed `keys` (frames at `fps`), the bounce added.
    func value(at frame: Double, keys: [LottieKey], fps: Double) -> [Double]? {
        guard let keyed = LottieImporter.value(of: keys, at: frame) else { return nil }
        guard let n = keys.lastIndex(where: { $0.time <= frame }) else { return keyed }
        let tau = (frame - keys[n].time) / fps
        if let limit, tau >= limit { return keyed }
        // The velocity just before the key (frameDuration / 10 = a tenth of a frame), per second.
        let at = keys[n].time - 0.1, step = 0.001 * fps
        guard let a = LottieImporter.value(of: keys, at: at), let b = LottieImporter.value(of: keys, at: at - step), a.count == keyed.count, b.count == keyed.count else {
            return nil
        }
        let swing = scale * amplitude * sin(2 * Double.pi * frequency * tau) / exp(decay * tau)
        return keyed.indices.map { keyed[$0] + (a[$0] - b[$0]) / 0.001 * swing }
    }

    /// The numbers in the holes (`{}`) of `form` when `text` is it: each a number, or a slider
    /// `div(effect('name')('control'), d)` read from `effects` and divided by d.
    private static func match(_ text: Substring, _ form: String, effects: [LottieValue]) -> [Double]? {
        var rest = text, holes: [Double] = []
        let parts = form.split(separator: "{}", omittingEmptySubsequences: false)
        for (index, literal) in parts.enumerated() {
            guard rest.hasPrefix(literal) else { return nil }
            rest = rest.dropFirst(literal.count)
            guard index + 1 < parts.count else { break }
            if rest.hasPrefix("div(effect('") {
                rest = rest.dropFirst("div(effect('".count)
                guard let nameEnd = rest.firstRange(of: "')('") else { return nil }
                let name = String(rest[..<nameEnd.lowerBound])
                rest = rest[nameEnd.upperBound...]
                guard let controlEnd = rest.firstRange(of: "'),") else { return nil }
                let control = String(rest[..<controlEnd.lowerBound])
                rest = rest[controlEnd.upperBound...]
                guard let (divisor, after) = number(rest), after.hasPrefix(")"), divisor != 0,
                      let slider = Self.slider(name, control, in: effects) else { return nil }
                holes.append(slider / divisor)
                rest = after.dropFirst()
            } else {
                guard let (value, after) = number(rest) else { return nil }
                holes.append(value)
                rest = after
            }
        }
        return rest.isEmpty ? holes : nil
    }

    /// A decimal number at the start of `text` and what follows it.
    private static func number(_ text: Substring) -> (Double, Substring)? {
        let end = text.firstIndex { !("0"..."9").contains($0) && $0 != "." && $0 != "-" } ?? text.endIndex
        guard let value = Double(text[..<end]), value.isFinite else { return nil }
        return (value, text[end...])
    }

    /// The still value of the control `control` (by match name or name) of the effect `name`: its
    /// `v.k`, clamped when its own expression is `clamp(value, lo, hi)` (as the presets write it);
    /// nil when it is keyed or has another expression.
    private static func slider(_ name: String, _ control: String, in effects: [LottieValue]) -> Double? {
        guard let effect = effects.first(where: { $0["nm"]?.string == name }),
              let item = (effect["ef"]?.items ?? []).first(where: { $0["mn"]?.string == control || $0["nm"]?.string == control }),
              let k = item["v"]?["k"], k.items.first?["t"] == nil, let value = k.scalar else { return nil }
        guard let text = item["v"]?["x"]?.string else { return value }
        let body = Expression.normalized(text)
        guard body.hasPrefix("clamp(value,"), body.hasSuffix(")") else { return nil }
        let bounds = body.dropFirst("clamp(value,".count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard bounds.count == 2, let low = number(bounds[0]), low.1.isEmpty, let high = number(bounds[1]), high.1.isEmpty else { return nil }
        return min(max(value, low.0), high.0)
    }
}
