extension TimingFunction: CustomStringConvertible {
    /// Easing text that parses back to an equal value: a keyword where one names the curve exactly
    /// (`ease`, `step-end`, `ease-in-sine`), otherwise the function form (`cubic-bezier(0.1, 0.7, 1, 0.1)`,
    /// `steps(4, jump-both)`, `linear(0 0%, 0.5 50%, 1 100%)`, `spring(mass: 1, stiffness: 100, …)`).
    public var description: String {
        switch self {
        case .linear:
            return "linear"
        case .cubicBezier(let c):
            switch self {
            case .ease: return "ease"
            case .easeIn: return "ease-in"
            case .easeOut: return "ease-out"
            case .easeInOut: return "ease-in-out"
            default: return "cubic-bezier(\(c.x1.easingText), \(c.y1.easingText), \(c.x2.easingText), \(c.y2.easingText))"
            }
        case .steps(let s):
            if self == .stepStart { return "step-start" }
            if self == .stepEnd { return "step-end" }
            return "steps(\(s.count), \(s.position.rawValue))"
        case .piecewiseLinear(let curve):
            let stops = curve.points.map { "\($0.output.easingText) \(($0.input * 100).easingText)%" }
            return "linear(\(stops.joined(separator: ", ")))"
        case .penner(let p):
            let name = NamedCurves.pennerName(p.family, p.direction)
            switch p.family {
            case .back where p.overshoot != 1.70158:
                return "\(name)(\(p.overshoot.easingText))"
            case .elastic where p.amplitude != 1 || p.period != 0.3:
                return "\(name)(\(p.amplitude.easingText), \(p.period.easingText))"
            default:
                return name
            }
        case .spring(let s):
            var parts = ["mass: \(s.mass.easingText)", "stiffness: \(s.stiffness.easingText)",
                         "damping: \(s.damping.easingText)", "velocity: \(s.initialVelocity.easingText)"]
            if let d = s.duration { parts.append("duration: \(d.easingText)") }
            return "spring(\(parts.joined(separator: ", ")))"
        }
    }
}
