import Easing
import FlipbookSVG

/// A curve sampled at points — a timing function over [0, 1], one component of a traced property over
/// time, any function — and the expectations motion tests state about curves. Each expectation throws
/// `CurveFailure` naming where the curve breaks it, so `try` in an XCTest or Swift Testing test fails
/// the test with that message.
///
/// The expectations hold at the sampled points only: a curve sampled at 1,000 points (the default)
/// can hide a feature narrower than a thousandth of its interval.
public struct Curve: Sendable {
    /// What the messages call the curve.
    public var name: String
    /// (x, y) points in increasing x: input and output, or time (seconds) and value.
    public var points: [(x: Double, y: Double)]

    public init(_ name: String, points: [(x: Double, y: Double)]) {
        self.name = name
        self.points = points
    }

    /// `f` at `count` + 1 evenly spaced points of [`from`, `to`], the ends included (exactly).
    public init(_ name: String, from: Double = 0, to: Double = 1, count: Int = 1000, _ f: (Double) -> Double) {
        let n = max(count, 1)
        self.init(name, points: (0...n).map { i in
            let x = i == n ? to : from + (to - from) * Double(i) / Double(n)
            return (x, f(x))
        })
    }

    /// A timing function over input [0, 1] (`count` + 1 points).
    public init(_ function: TimingFunction, count: Int = 1000) {
        self.init(function.description, count: count) { function($0) }
    }

    /// One component (a number's only one, a point's x = 0 and y = 1, a colour's channel in 0…255) of a
    /// traced property against time.
    public init(_ trace: Trace, layer: String, property: String, component: Int = 0) throws(CurveFailure) {
        let series = trace.series(layer: layer, property: property)
        guard !series.isEmpty else { throw CurveFailure("the trace has no \(layer).\(property)") }
        var points: [(x: Double, y: Double)] = []
        for s in series {
            guard let c = TraceComparison.components(s.value), component < c.count, component >= 0 else {
                throw CurveFailure("\(layer).\(property) at \(TraceComparison.seconds(s.time)) is \(s.value), which has no numeric component \(component)")
            }
            points.append((s.time, c[component]))
        }
        self.init("\(layer).\(property)" + (component > 0 ? "[\(component)]" : ""), points: points.sorted { $0.x < $1.x })
    }

    /// Both ends exactly `start` and `end` (within `tolerance`, 0 by default: exact).
    public func expectEnds(_ start: Double, _ end: Double, within tolerance: Double = 0) throws(CurveFailure) {
        guard let first = points.first, let last = points.last else { throw CurveFailure("\(name) has no points") }
        if abs(first.y - start) > tolerance { throw CurveFailure("\(name) starts at \(f(first.y)), not \(f(start)) (tolerance \(f(tolerance)))") }
        if abs(last.y - end) > tolerance { throw CurveFailure("\(name) ends at \(f(last.y)), not \(f(end)) (tolerance \(f(tolerance)))") }
    }

    /// Which way a monotonic curve goes.
    public enum Direction: Sendable { case increasing, decreasing }

    /// Never turning back: each point at least (increasing) or at most (decreasing) the one before,
    /// within `tolerance`.
    public func expectMonotonic(_ direction: Direction = .increasing, within tolerance: Double = 0) throws(CurveFailure) {
        for (a, b) in zip(points, points.dropFirst()) {
            let step = direction == .increasing ? b.y - a.y : a.y - b.y
            if step < -tolerance {
                throw CurveFailure("\(name) is not \(direction == .increasing ? "increasing" : "decreasing"): \(f(a.y)) at \(f(a.x)), then \(f(b.y)) at \(f(b.x))")
            }
        }
    }

    /// Leaving the range its ends span by at most `limit` (above the higher end, below the lower).
    public func expectOvershoot(atMost limit: Double) throws(CurveFailure) {
        guard let first = points.first, let last = points.last else { throw CurveFailure("\(name) has no points") }
        let low = min(first.y, last.y), high = max(first.y, last.y)
        guard let worst = points.max(by: { max($0.y - high, low - $0.y) < max($1.y - high, low - $1.y) }) else { return }
        let amount = max(worst.y - high, low - worst.y)
        if amount > limit {
            throw CurveFailure("\(name) overshoots by \(f(amount)) at \(f(worst.x)) (value \(f(worst.y)), ends \(f(first.y)) and \(f(last.y))); at most \(f(limit)) expected")
        }
    }

    /// Within `epsilon` of `target` (its last value when nil) from x = `by` on.
    public func expectSettles(within epsilon: Double, of target: Double? = nil, by: Double) throws(CurveFailure) {
        guard let last = points.last else { throw CurveFailure("\(name) has no points") }
        let goal = target ?? last.y
        if let outside = points.last(where: { $0.x >= by && abs($0.y - goal) > epsilon }) {
            throw CurveFailure("\(name) has not settled by \(f(by)): \(f(outside.y)) at \(f(outside.x)) is \(f(abs(outside.y - goal))) from \(f(goal)) (ε = \(f(epsilon)))")
        }
    }

    /// Equal at every point to the CSS easing `css` (any text `flipbook ease` reads: `ease-in-out`,
    /// `cubic-bezier(…)`, `linear(…)`, `steps(…)`) within `tolerance`; the x of a point is the easing's input.
    public func expectEquals(css text: String, within tolerance: Double) throws(CurveFailure) {
        let easing: TimingFunction
        do {
            easing = try TimingFunction(parsing: text)
        } catch {
            throw CurveFailure("'\(text)' is not a CSS easing: \(error)")
        }
        var worst: (x: Double, y: Double, e: Double)?
        for p in points {
            let e = easing(p.x)
            if abs(p.y - e) > tolerance, abs(p.y - e) > abs((worst?.y ?? 0) - (worst?.e ?? 0)) || worst == nil { worst = (p.x, p.y, e) }
        }
        if let worst {
            throw CurveFailure("\(name) differs from \(text) by \(f(abs(worst.y - worst.e))) at \(f(worst.x)): \(f(worst.y)) against \(f(worst.e)) (tolerance \(f(tolerance)))")
        }
    }

    private func f(_ v: Double) -> String { TraceComparison.number(v) }
}

/// A curve that does not meet an expectation; the description says where.
public struct CurveFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
