import Flipbook
import Foundation
import FlipbookScenes
@testable import FlipbookSVG
import Testing

/// Themable colour parameters: the colours they give, and only those, become CSS custom properties
/// (`var(--accent, …)`) in the animated SVG and slots in Lottie.
struct ThemeTests {
    /// Three layers: one filled with the parameter, one with the same colour written out (not the
    /// parameter's), one whose fill animates from the parameter to blue (a blend: not themable).
    static let template = #"""
    {"flipbook": 1, "canvas": [120, 40], "duration": 1, "fps": 10,
     "params": {"accent": {"type": "color", "default": "#ff2d55", "themable": true}},
     "layers": [{"id": "a", "type": "shape", "frame": [0, 0, 40, 40], "path": "M0 0H30V30H0Z", "fillColor": {"param": "accent"}},
                {"id": "b", "type": "shape", "frame": [40, 0, 40, 40], "path": "M0 0H30V30H0Z", "fillColor": "#ff2d55"},
                {"id": "c", "type": "shape", "frame": [80, 0, 40, 40], "path": "M0 0H30V30H0Z", "fillColor": "#0000ff",
                 "animations": [{"property": "fillColor", "from": {"param": "accent"}, "to": "#0000ff", "duration": 1}]}]}
    """#

    /// A pie whose first slice is the parameter's colour and whose shares move: while they move, the
    /// slice is drawn as a wide stroke of a circle (the band), whose colour a `<set>` used to give.
    static let pie = #"""
    {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10,
     "params": {"accent": {"type": "color", "default": "#ff9500", "themable": true}},
     "layers": [{"id": "p", "type": "pieChart", "frame": [0, 0, 100, 100], "values": [3, 1], "colors": [{"param": "accent"}, "#34c759"],
                 "animations": [{"property": "values", "from": [1, 1], "to": [3, 1], "duration": 1}]}]}
    """#

    /// A disc filled by a conic gradient from the parameter's colour to blue, beside a square filled
    /// with the parameter: the gradient is drawn as wedges, as many as its colours need, so the probe's
    /// has another number of them.
    static let conic = #"""
    {"flipbook": 1, "canvas": [140, 60], "duration": 1, "fps": 10,
     "params": {"accent": {"type": "color", "default": "#ff9500", "themable": true}},
     "layers": [{"id": "d", "type": "pieSlice", "frame": [0, 0, 60, 60], "radius": 30, "startAngle": 0, "endAngle": 360,
                 "fillGradient": {"type": "conic", "center": [30, 30], "stops": [[0, {"param": "accent"}], [1, "#0000ff"]]}},
                {"id": "s", "type": "shape", "frame": [80, 0, 60, 60], "path": "M0 0H40V40H0Z", "fillColor": {"param": "accent"}}]}
    """#

    /// A bar filled by a linear gradient from the parameter's colour to blue.
    static let stops = #"""
    {"flipbook": 1, "canvas": [100, 20], "duration": 1, "fps": 10,
     "params": {"accent": {"type": "color", "default": "#ff9500", "themable": true}},
     "layers": [{"id": "g", "type": "gradient", "frame": [0, 0, 100, 20],
                 "gradient": {"type": "linear", "start": [0, 0], "end": [100, 0], "stops": [[0, {"param": "accent"}], [1, "#0000ff"]]}}]}
    """#

    /// A card on a themable background, bordered and shadowed in a second themable colour.
    static let card = #"""
    {"flipbook": 1, "canvas": [100, 80], "duration": 1, "fps": 10, "background": {"param": "bg"},
     "params": {"bg": {"type": "color", "default": "#101418", "themable": true}, "ink": {"type": "color", "default": "#ff2d55", "themable": true}},
     "layers": [{"id": "c", "type": "layer", "frame": [20, 20, 60, 40], "backgroundColor": "#ffffff", "borderColor": {"param": "ink"}, "borderWidth": 2,
                 "shadowColor": {"param": "ink"}, "shadowOpacity": 0.5, "shadowRadius": 4}]}
    """#

    static func compiled(_ target: AnimatedSVGCompiler.Target, _ template: String = template) throws -> AnimatedSVG {
        let loader = SceneLoader()
        let json = try loader.parse(Array(template.utf8), file: "t.json")
        let (declared, values) = try loader.resolve(json, file: "t.json", parameters: [:])
        let scene = try loader.decodeBound(declared.bind(json, values: values, file: "t.json"), file: "t.json")
        let probe = try #require(try declared.themeProbe(json, values: values, loader: loader, file: "t.json"))
        var compiler = AnimatedSVGCompiler(scene: scene)
        compiler.target = target
        return compiler.compile(theme: ThemeProbe(scene: probe.scene, sentinels: probe.sentinels))
    }

    @Test func onlyTheParametersOwnStaticColourIsThemed() throws {
        let svg = try Self.compiled(.smil)
        #expect(svg.document.themes.map(\.name) == ["accent"])
        // One element reads the property; the written-out #ff2d55 stays an attribute; the animated
        // fill keeps its values and is reported.
        #expect(svg.svg.components(separatedBy: "var(--accent,#ff2d55)").count == 2)
        #expect(svg.svg.contains("style=\"fill:var(--accent,#ff2d55)\""))
        #expect(svg.svg.contains("fill=\"#ff2d55\""))
        #expect(svg.report.contains { $0.property.hasPrefix("fixed colour") })
        // Without a theme, the three fills that start #ff2d55 are attributes; with it, a's also reads
        // the property (its attribute stays: renderers without custom properties, librsvg 2.54 among
        // them, paint `var()` black and read the attribute), and b's (written out) and c's (the
        // animation's first value) are attributes only. The themed file is the plain one and the style.
        let plain = try SceneLoader().decode(Array(Self.template.utf8), file: "t.json").animatedSVG().svg
        #expect(plain.components(separatedBy: "fill=\"#ff2d55\"").count == 4)
        #expect(!plain.contains("var("))
        #expect(svg.svg.contains("fill=\"#ff2d55\" style=\"fill:var(--accent,#ff2d55)\""))
        #expect(svg.svg.replacingOccurrences(of: " style=\"fill:var(--accent,#ff2d55)\"", with: "") == plain)
    }

    /// A pie slice's band is painted by a static stroke shown by its opacity from t = 0, so its
    /// colour is themed like the fill: both read the property, nothing stays fixed, and Lottie slots
    /// the fill and the stroke.
    @Test func aMovingPieSliceIsThemable() throws {
        let svg = try Self.compiled(.smil, Self.pie)
        #expect(svg.svg.contains(##"fill="#ff9500" stroke="#ff9500" stroke-opacity="0""##))
        #expect(svg.svg.contains(##"style="fill:var(--accent,#ff9500);stroke:var(--accent,#ff9500)""##))
        #expect(svg.svg.contains(#"<set attributeName="stroke-opacity" to="1" begin="0s"/>"#))
        #expect(!svg.svg.contains(#"<set attributeName="stroke" "#))
        #expect(!svg.report.contains { $0.property.hasPrefix("fixed colour") })
        let lottie = try Self.compiled(.lottie, Self.pie).lottie(fps: 10, frames: 10)
        #expect(lottie.json.components(separatedBy: "\"sid\":\"accent\"").count == 3)
    }

    /// Where the probe's document has more or fewer parts (a conic gradient's wedges), those parts
    /// keep their colours and are reported; the elements beside them are still themed (the whole
    /// document used to be left unthemed).
    @Test func partsThatFollowTheColourStayFixedAndTheRestIsThemed() throws {
        let svg = try Self.compiled(.smil, Self.conic)
        #expect(svg.document.themes.map(\.name) == ["accent"])
        #expect(svg.svg.components(separatedBy: "var(--accent,#ff9500)").count == 2)
        #expect(svg.svg.contains(##"fill="#ff9500" style="fill:var(--accent,#ff9500)""##))
        #expect(svg.report.contains { $0.element.hasSuffix("content (as many parts as its colours need)") && $0.property.hasPrefix("fixed colour") })
        #expect(svg.report.contains { $0.element == "--accent" && $0.property == "theme" })
    }

    /// A gradient's stop is themed in SVG (`stop-color`), but Lottie holds a gradient's stops as one
    /// property, which one colour's slot cannot replace: the file declares no slot a property does not
    /// take, and its report says so (it had declared the slot, which ThorVG applied to nothing).
    @Test func aGradientStopIsThemedInSVGAndReportedInLottie() throws {
        let svg = try Self.compiled(.smil, Self.stops)
        #expect(svg.svg.contains(##"style="stop-color:var(--accent,#ff9500)""##))
        let lottie = try Self.compiled(.lottie, Self.stops).lottie(fps: 10, frames: 10)
        #expect(!lottie.json.contains("\"slots\"") && !lottie.json.contains("\"sid\""))
        #expect(lottie.report.contains { $0.element == "--accent" && $0.property.hasPrefix("theme (no slot:") })
    }

    /// The canvas's background is themable (a page's light or dark mode): its rectangle reads the
    /// property and Lottie slots it (it was held apart from the elements and stayed fixed). A shadow's
    /// colour reads the property in SVG (`flood-color`) but stays in Lottie, and the report says so.
    @Test func theBackgroundIsThemableAndAShadowIsFixedInLottie() throws {
        let svg = try Self.compiled(.smil, Self.card)
        #expect(svg.svg.contains(##"<rect width="100%" height="100%" fill="#101418" style="fill:var(--bg,#101418)"/>"##))
        #expect(svg.svg.contains(##"style="flood-color:var(--ink,#ff2d55)""##))
        #expect(svg.document.themes.map(\.name) == ["bg", "ink"])
        let lottie = try Self.compiled(.lottie, Self.card).lottie(fps: 10, frames: 10)
        #expect(lottie.json.components(separatedBy: "\"sid\":\"bg\"").count == 2)
        #expect(lottie.json.contains("\"slots\":{\"bg\":"))
        #expect(lottie.report.contains { $0.element == "--ink" && $0.property.hasPrefix("fixed colour (a shadow's") })
    }

    /// A still (frame markup, not elements: the reduced-motion still, the poster) is themed by its
    /// probe's: each tag whose colours are the probe's sentinels gains one style for all of them; any
    /// other difference leaves the still as it is.
    @Test func aStillsColoursAreMarkedByItsProbes() {
        let byColor = ["#010203": "accent", "#010204": "paper"]
        let still = ##"<rect width="100%" height="100%" fill="#ffffff"/>\n<path d="M0 0" fill="#ff9500" stroke="#ff9500"/>\n<text x="1">A</text>\n"##
        let probe = ##"<rect width="100%" height="100%" fill="#010204"/>\n<path d="M0 0" fill="#010203" stroke="#010203"/>\n<text x="1">A</text>\n"##
        #expect(AnimatedDocument.themedMarkup(still, against: probe, byColor: byColor)
                == ##"<rect width="100%" height="100%" fill="#ffffff" style="fill:var(--paper,#ffffff)"/>\n<path d="M0 0" fill="#ff9500" stroke="#ff9500" style="fill:var(--accent,#ff9500);stroke:var(--accent,#ff9500)"/>\n<text x="1">A</text>\n"##)
        // Another value, other text or another tag: nothing is marked.
        #expect(AnimatedDocument.themedMarkup(still, against: probe.replacingOccurrences(of: "M0 0", with: "M1 0"), byColor: byColor) == nil)
        #expect(AnimatedDocument.themedMarkup(still, against: probe.replacingOccurrences(of: ">A<", with: ">B<"), byColor: byColor) == nil)
        #expect(AnimatedDocument.themedMarkup(still, against: probe.replacingOccurrences(of: "#010203", with: "#0000ff"), byColor: byColor) == nil)
        #expect(AnimatedDocument.themedMarkup(still, against: probe + "<g/>", byColor: byColor) == nil)
    }

    /// A template with a reduced-motion still: the still reads the property as the animation does (it
    /// had kept the value: a page's theme was lost under prefers-reduced-motion).
    @Test func theReducedMotionStillIsThemed() throws {
        let template = Self.template.replacingOccurrences(of: #""fps": 10,"#, with: #""fps": 10, "reducedMotion": {"at": 1},"#)
        let svg = try Self.compiled(.smil, template)
        let still = try #require(svg.svg.components(separatedBy: "class=\"fb-still\"").last)
        #expect(still.contains("style=\"fill:var(--accent,#ff2d55)\""))
    }

    @Test func lottieHoldsTheSlot() throws {
        let lottie = try Self.compiled(.lottie).lottie(fps: 10, frames: 10)
        #expect(lottie.json.contains("\"slots\":{\"accent\":{\"p\":{\"a\":0,\"k\":[1,0.176471,0.333333,1]}}}"))
        #expect(lottie.json.components(separatedBy: "\"sid\":\"accent\"").count == 2)
    }
}
