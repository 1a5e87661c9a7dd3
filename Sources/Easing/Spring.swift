#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring in closed form, parameterised as Core Animation's `CASpringAnimation`.
///
/// The spring moves a unit distance: the value starts at 0 and settles at 1. With displacement
/// x(t) = 1 − value(t), it solves m·x″ + c·x′ + k·x = 0 with x(0) = 1 and x′(0) = −v₀ (a positive
/// initial velocity moves toward the target, as in CA). With ω₀ = √(k/m) and ζ = c / (2√(km)):
/// - under-damped (ζ < 1): x = e^(−ζω₀t)·(cos ω_d t + (ζω₀ − v₀)/ω_d · sin ω_d t), ω_d = ω₀√(1 − ζ²);
/// - critically damped (ζ = 1): x = (1 + (ω₀ − v₀)·t)·e^(−ω₀t);
/// - over-damped (ζ > 1): x = C₁e^(r₁t) + C₂e^(r₂t), r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)),
///   C₂ = (−v₀ − r₁)/(r₂ − r₁), C₁ = 1 − C₂.
///
/// ## Settling
/// `settlingDuration` is the time after which an envelope of |x(t)| stays below `settlingEpsilon`
/// (1/1200 of the distance). The envelope is E(t) = e^(−at)·min(R, 1 + βt), the smaller of two bounds
/// that each hold on their own:
/// - under-damped: a = ζω₀, R = √(1 + B²), β = |ζω₀ − v₀| (from |sin ω_d t| ≤ min(1, ω_d t));
/// - critically damped: a = ω₀, β = |ω₀ − v₀|, no R;
/// - over-damped: a = −r₁, R = |C₁| + |C₂|, β = |v₀ + r₁| (from 1 − e^(−δt) ≤ δt).
/// As ζ → 1 from either side, a → ω₀ and β → |ω₀ − v₀| while R grows without bound, so E and the
/// settling duration are continuous across critical damping (R alone jumped: 1.75× at damping 20 for
/// m 1, k 100). E is 1 at t = 0, rises to one peak and then falls, so the crossing is unique past the
/// peak: a closed form on the R branch, bisection to 1e-12 s on the other. Apple does not publish its
/// epsilon; 1/1200 reproduces the two values its documentation gives (m 1, k 100: damping 5 → about
/// 2.85 s, damping 15 → just over 1 s).
///
/// ## As a timing function
/// Progress p maps to time p·duration, where duration is `duration` if set, else the settling
/// duration. p ≤ 0 gives 0. p ≥ 1 gives the value at the end of that duration: exactly 1 when the
/// spring has settled by then (the jump is below `settlingEpsilon`, as CA's animation ends), and x at
/// `duration` when an explicit duration cuts the spring short (a fill then holds that value, as CA's
/// does). NaN gives NaN.
public struct Spring: Hashable, Sendable, Codable {
    /// The fraction of the distance under which the spring counts as settled: 1/1200.
    public static let settlingEpsilon = 1.0 / 1200

    /// Mass of the attached object, > 0. Default 1 (as CA).
    public let mass: Double
    /// Spring stiffness coefficient, > 0. Default 100 (as CA).
    public let stiffness: Double
    /// Damping coefficient, > 0. Default 10 (as CA).
    public let damping: Double
    /// Initial velocity in distances per second, toward the target when positive. Default 0 (as CA).
    public let initialVelocity: Double
    /// Seconds that progress 0…1 spans when used as a timing function, > 0; nil (the default) means
    /// `settlingDuration`, as CASpringAnimation's duration is usually set.
    public let duration: Double?

    /// A spring with CASpringAnimation's parameters.
    /// - Precondition: mass, stiffness and damping finite and > 0; velocity finite; duration nil or > 0.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                initialVelocity: Double = 0, duration: Double? = nil) {
        precondition(mass.isFinite && mass > 0 && stiffness.isFinite && stiffness > 0
                     && damping.isFinite && damping > 0 && initialVelocity.isFinite,
                     "spring needs finite mass, stiffness and damping > 0 and a finite velocity")
        precondition(duration.map { $0.isFinite && $0 > 0 } ?? true, "spring duration must be > 0")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.duration = duration
    }

    /// A spring from a perceptual duration and a bounce, as SwiftUI's `Spring(duration:bounce:)`.
    ///
    /// Mass 1, stiffness (2π / duration)², damping 4π(1 − bounce) / duration for bounce ≥ 0 and
    /// 4π / (duration·(1 + bounce)) below 0: bounce 0 is critically damped, 0 < bounce < 1 bounces,
    /// negative values are over-damped. The timing duration is the settling duration.
    /// - Parameters:
    ///   - duration: perceptual duration in seconds, > 0.
    ///   - bounce: in (−1, 1).
    ///   - initialVelocity: distances per second; default 0.
    public init(perceptualDuration duration: Double, bounce: Double, initialVelocity: Double = 0) {
        precondition(duration.isFinite && duration > 0 && bounce > -1 && bounce < 1,
                     "spring duration must be > 0 and bounce in (-1, 1)")
        let (stiffness, damping) = Self.perceptual(duration: duration, bounce: bounce)
        self.init(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Stiffness and damping (mass 1) for a perceptual duration and bounce; see the initialiser.
    private static func perceptual(duration: Double, bounce: Double) -> (stiffness: Double, damping: Double) {
        (pow(2 * .pi / duration, 2),
         bounce >= 0 ? 4 * .pi * (1 - bounce) / duration : 4 * .pi / (duration * (1 + bounce)))
    }

    /// Why a spring built from user input cannot be used: a message naming the parameter.
    public struct Problem: Error, Hashable, Sendable {
        /// What is wrong, e.g. "spring stiffness must be finite and > 0, got inf".
        public let message: String
    }

    /// A spring from parameters a user typed, checked instead of trapped.
    ///
    /// Beyond `init`'s preconditions, the derived ω₀ and ζ must be finite and > 0 and the timing
    /// duration (`duration`, else the settling duration) finite and > 0: extreme inputs such as a
    /// damping of 1e-300 or a stiffness of 1e308 pass the first checks and fail these.
    public static func checked(mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                               initialVelocity: Double = 0, duration: Double? = nil) throws(Problem) -> Spring {
        func positive(_ name: String, _ v: Double) throws(Problem) {
            guard v.isFinite && v > 0 else { throw Problem(message: "spring \(name) must be finite and > 0, got \(v)") }
        }
        try positive("mass", mass)
        try positive("stiffness", stiffness)
        try positive("damping", damping)
        guard initialVelocity.isFinite else { throw Problem(message: "spring velocity must be finite, got \(initialVelocity)") }
        if let duration { try positive("duration", duration) }
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity, duration: duration)
        let w0 = spring.naturalFrequency, zeta = spring.dampingRatio
        guard w0.isFinite && w0 > 0 && zeta.isFinite && zeta > 0 else {
            throw Problem(message: "spring parameters out of range: natural frequency \(w0) and damping ratio \(zeta) must be finite and > 0")
        }
        let t = spring.timingDuration
        guard t.isFinite && t > 0 else {
            throw Problem(message: "this spring never settles in a usable time (settling duration \(t) s); give a duration or more damping")
        }
        return spring
    }

    /// `init(perceptualDuration:bounce:initialVelocity:)` for user input, checked as `checked(mass:…)`.
    public static func checked(perceptualDuration duration: Double, bounce: Double, initialVelocity: Double = 0) throws(Problem) -> Spring {
        guard duration.isFinite && duration > 0 else { throw Problem(message: "spring duration must be finite and > 0, got \(duration)") }
        guard bounce > -1 && bounce < 1 else { throw Problem(message: "spring bounce must be between -1 and 1 (exclusive), got \(bounce)") }
        let (stiffness, damping) = perceptual(duration: duration, bounce: bounce)
        return try checked(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Undamped angular frequency ω₀ = √(k/m), radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2√(km)): < 1 under-damped, 1 critical, > 1 over-damped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The spring's value at `time` seconds: 0 at t = 0, settling at 1. Defined for t ≥ 0; earlier
    /// times give 0.
    public func value(atTime time: Double) -> Double {
        if time.isNaN { return time }
        if time <= 0 { return 0 }
        return 1 - displacement(atTime: time)
    }

    /// Seconds until the spring stays within `settlingEpsilon` of its target (see the type's notes).
    public var settlingDuration: Double {
        let (a, r, beta) = envelopeTerms
        let eps = Self.settlingEpsilon
        let envelope = { (t: Double) in exp(-a * t) * min(r, 1 + beta * t) }
        // The R branch holds from tc = (R − 1)/β on; its crossing in closed form when it lies there.
        let tc = beta > 0 ? (r - 1) / beta : .infinity
        if r.isFinite {
            let crossing = max(0, log(r / eps) / a)
            if crossing >= tc { return crossing }
        }
        // Otherwise on the rising-then-falling 1 + βt branch: bisect between its peak and a bound.
        var lo = beta > 0 ? min(max(0, 1 / a - 1 / beta), tc) : 0
        if envelope(lo) <= eps { return lo }
        var hi = lo + 1 / a
        while envelope(hi) > eps { hi *= 2 }
        for _ in 0..<200 where hi - lo > 1e-12 {
            let mid = 0.5 * (lo + hi)
            if envelope(mid) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The decay rate a, the constant bound R (infinite when critically damped) and the slope β of
    /// the envelope e^(−at)·min(R, 1 + βt) (see the type's notes).
    var envelopeTerms: (a: Double, r: Double, beta: Double) {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            return (zeta * w0, (1 + b * b).squareRoot(), abs(zeta * w0 - v0))
        }
        if zeta == 1 { return (w0, .infinity, abs(w0 - v0)) }
        let (r1, _, c1, c2) = overdampedTerms
        return (-r1, abs(c1) + abs(c2), abs(v0 + r1))
    }

    /// The displacement x(t) from the target, 1 at t = 0.
    func displacement(atTime t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            return exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return (1 + (w0 - v0) * t) * exp(-w0 * t)
        }
        let (r1, r2, c1, c2) = overdampedTerms
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// Roots r₁ (slow) and r₂ (fast) and coefficients of the over-damped solution.
    private var overdampedTerms: (Double, Double, Double, Double) {
        let w0 = naturalFrequency, zeta = dampingRatio
        let root = (zeta * zeta - 1).squareRoot()
        // r₁ = −ω₀(ζ − √(ζ² − 1)) cancels catastrophically for large ζ (it reached 0 at ζ = 4e11);
        // since r₁·r₂ = ω₀², r₁ = −ω₀ / (ζ + √(ζ² − 1)) is the same root without the cancellation.
        let r1 = -w0 / (zeta + root), r2 = -w0 * (zeta + root)
        let c2 = (-initialVelocity - r1) / (r2 - r1)
        return (r1, r2, 1 - c2, c2)
    }

    /// Seconds that progress 0…1 spans: `duration`, or the settling duration.
    public var timingDuration: Double { duration ?? settlingDuration }

    /// The value at progress `p` of the timing duration (see the type's notes).
    public func callAsFunction(_ p: Double) -> Double {
        if p.isNaN { return p }
        if p <= 0 { return 0 }
        if p >= 1 {
            guard let duration, duration < settlingDuration else { return 1 }
            return value(atTime: duration)
        }
        return value(atTime: p * timingDuration)
    }
}
