import Easing
import Flipbook
import FlipbookSupport

/// What `flipbook lint` finds in a scene: motion that is legal but almost certainly not what was
/// meant — a loop that does not meet itself, a retarget that jumps, a value outside its property's
/// range, an animation the scene cuts or never shows, a spring cut short — and, with `wcag`, frames
/// that flash or motion with no way to stop it (`SceneLint+Flashes.swift`).
///
/// Each rule samples the engine (the presentation tree at computed instants) or reads the model; none
/// reads the outputs. Findings are sorted by time, then JSON path.
public struct SceneLint: Sendable {
    /// The scene linted.
    public var scene: Scene
    /// Whether to run the WCAG checks (2.3.1 on raster frames, 2.2.2 on timing). Default false.
    public var wcag = false
    /// The WCAG 2.3.1 viewing conditions: the canvas shown at this many screen pixels per scene pixel
    /// on a 1024 × 768 screen seen at a typical distance (the definitions' 341 × 256 px field).
    /// Default 1.
    public var viewingScale = 1.0

    /// Findings the scene says are meant (its `"lint": {"allow": […]}`), left out. Default none.
    public var allow: [LintAllowance] = []

    public init(scene: Scene, wcag: Bool = false, viewingScale: Double = 1, allow: [LintAllowance] = []) {
        self.scene = scene
        self.wcag = wcag
        self.viewingScale = viewingScale
        self.allow = allow
    }

    /// Every finding not allowed, by time then path.
    /// - Throws: with `wcag`, `RasterRenderer.RenderError` when the frames cannot be rasterized (a
    ///   scene with text and no font).
    public func findings() throws -> [LintFinding] {
        var out = timingFindings() + valueFindings()
        if wcag { out += try wcagFindings() }
        out.removeAll { finding in allow.contains { $0.covers(finding) } }
        return out.sorted { ($0.time ?? -1, $0.path, $0.rule.rawValue) < ($1.time ?? -1, $1.path, $1.rule.rawValue) }
    }
}

/// One finding: which rule, where in the scene file, when, what is wrong and what to change.
public struct LintFinding: Hashable, Sendable, CustomStringConvertible {
    /// The rules, by id.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// A looping scene whose end does not meet its start.
        case loopSeam = "loop-seam"
        /// A looping scene whose end meets its start with a jump in velocity.
        case loopVelocity = "loop-velocity"
        /// An animation or change that starts a moving property from another value than the one on screen.
        case retargetJump = "retarget-jump"
        /// A value outside its property's range (opacity above 1, strokeEnd below 0).
        case outOfRange = "out-of-range"
        /// An animation or change still running when the scene ends.
        case outlastsScene = "outlasts-scene"
        /// An animation or change that starts at or after the scene's end.
        case neverShows = "never-shows"
        /// A spring whose duration ends before it settles: its value jumps at the end.
        case springCut = "spring-cut"
        /// WCAG 2.3.1: more than three general or red flashes in a second.
        case flashes = "wcag-2.3.1-flashes"
        /// WCAG 2.2.2: motion that starts by itself and lasts more than five seconds.
        case pauseStopHide = "wcag-2.2.2-motion"
    }

    public var rule: Rule
    /// The scene file's JSON path of what to change ("layers[0].animations[1]", "changes[2]").
    public var path: String
    /// Seconds in scene time where it shows, when it is at one instant.
    public var time: Double?
    /// What is wrong.
    public var message: String
    /// What to change.
    public var fix: String

    public init(_ rule: Rule, path: String, time: Double?, message: String, fix: String) {
        self.rule = rule
        self.path = path
        self.time = time
        self.message = message
        self.fix = fix
    }

    /// `rule path [at t s]: message; fix`.
    public var description: String {
        "\(rule.rawValue) \(path.isEmpty ? "(scene)" : path)\(time.map { " at \(TraceComparison.number($0)) s" } ?? ""): \(message); \(fix)"
    }
}

/// A finding a scene means: a rule, anywhere or where the JSON path starts with `path`.
public struct LintAllowance: Hashable, Sendable {
    public var rule: LintFinding.Rule
    /// The start of the paths it holds for ("layers[3]"); nil: everywhere.
    public var path: String?

    public init(_ rule: LintFinding.Rule, path: String? = nil) {
        self.rule = rule
        self.path = path
    }

    /// From a scene's text: "out-of-range" or "out-of-range layers[3]".
    public init(parsing text: String) throws(TraceError) {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = parts.first, let rule = LintFinding.Rule(rawValue: first) else {
            let ids = LintFinding.Rule.allCases.map(\.rawValue)
            let name = parts.first ?? ""
            throw TraceError("unknown lint rule \"\(name)\"\(Trace.suggestion(name, among: ids)); the rules are \(ids.joined(separator: ", "))")
        }
        self.init(rule, path: parts.count > 1 ? parts[1].whitespaceTrimmed : nil)
    }

    func covers(_ finding: LintFinding) -> Bool {
        finding.rule == rule && (path.map { finding.path.hasPrefix($0) } ?? true)
    }
}
