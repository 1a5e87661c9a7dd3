import Flipbook
import Testing
@testable import FlipbookSVG

/// What the CSS file writes for the triggers (`--play in-view`, `--play scroll`); Tools/check-embedding
/// and Tools/check-triggers play them in Chromium.
@Suite struct TriggerCSSTests {
    static func css(_ name: String, beginEvent: String? = nil, scroll: Bool = false) throws -> String {
        var compiler = AnimatedSVGCompiler(scene: try AnimatedCompileTests.scene(name))
        compiler.target = .css
        compiler.beginEvent = beginEvent
        compiler.scrollTimeline = scroll
        return compiler.compile().withCSSAnimations().svg
    }

    /// The element rules (`#id{animation:…}`) of a file, by id.
    static func rules(_ svg: String) -> [(id: String, body: String)] {
        svg.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("#"), let open = line.firstIndex(of: "{"), line.hasSuffix("}") else { return nil }
            return (String(line[line.index(after: line.startIndex)..<open]), String(line[line.index(after: open)..<line.index(before: line.endIndex)]))
        }
    }

    /// In view: the root names the trigger (wholly in view: `contain`), and every animation of every
    /// element is started once by it: as many `--fb play-once` as the element has animations.
    @Test func inViewTriggersEveryAnimationOnce() throws {
        let svg = try Self.css("activity-rings", beginEvent: "view")
        #expect(svg.contains("svg{timeline-trigger:--fb view() contain}"))
        let rules = Self.rules(svg)
        try #require(rules.count == 3)
        for rule in rules {
            let animation = try #require(rule.body.split(separator: ";").first { $0.hasPrefix("animation:") })
            let trigger = try #require(rule.body.split(separator: ";").first { $0.hasPrefix("animation-trigger:") })
            let count = animation.split(separator: ",").count
            #expect(count == 2, "\(rule.id): \(animation)")   // the arc's visibility switch and its dashes
            #expect(trigger == "animation-trigger:" + Array(repeating: "--fb play-once", count: count).joined(separator: ","))
        }
    }

    /// In view with a poster (mask-reveal, poster 2 s): the poster's switches wait for the trigger too.
    @Test func inViewPosterWaitsForTheTrigger() throws {
        let svg = try Self.css("mask-reveal", beginEvent: "view")
        #expect(svg.contains(".fb-on{animation:fb-on 1s both;animation-trigger:--fb play-once}"))
        #expect(svg.contains(".fb-off{animation:fb-off 1s both;animation-trigger:--fb play-once}"))
    }

    /// In view with reduced motion holding an instant (spinner, `"at": 0.6`): the held, paused rules
    /// take no trigger (its play would resume them).
    @Test func inViewHeldRulesTakeNoTrigger() throws {
        let svg = try Self.css("spinner", beginEvent: "view")
        let media = try #require(svg.range(of: "@media (prefers-reduced-motion:reduce){"))
        let held = svg[media.upperBound...]
        #expect(held.contains("paused;animation-trigger:none}"))
        #expect(!held.contains("play-once"))
    }

    /// Scrolled: the arcs' switch from hidden (display none at 0 s: zero length) to shown at 8 µs is a
    /// keyframe over the whole range, at 8e-6 / 2.5 of it (0.00032 %), the range starting at 0 %.
    @Test func scrolledSwitchIsAKeyframeOfTheWholeRange() throws {
        let svg = try Self.css("activity-rings", scroll: true)
        #expect(svg.contains("{0%{visibility:hidden}0.00032%,to{visibility:inherit}}"))
        for rule in Self.rules(svg) {
            #expect(rule.body.contains("animation-range:contain 0% contain 100%,"), "\(rule.id): \(rule.body)")
        }
    }
}
