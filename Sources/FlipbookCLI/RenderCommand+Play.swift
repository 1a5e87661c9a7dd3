import FlipbookFiles

extension RenderCommand {
    /// `--play`: the DOM event a file's animations start on (`AnimatedSVGCompiler.beginEvent`: "click",
    /// "mouseover", or "view" for in view) and whether a CSS file follows the page's scroll instead of
    /// time; a trigger a format cannot hold (click in CSS; scroll or in-view in SMIL) refused, naming why.
    static func play(_ args: ParsedArguments) throws(UsageError) -> (beginEvent: String?, scrollTimeline: Bool) {
        var beginEvent: String?
        var scrollTimeline = false
        if let play = args.options["play"] {
            guard args.options["animated"] != nil else { throw UsageError("--play goes with --animated") }
            switch play {
            case "auto": beginEvent = nil
            case "click", "hover":
                guard !args.flags.contains("css") || play == "hover" else {
                    throw UsageError("--play click starts SMIL animations on an event; a CSS file cannot start on a click without a script (leave out --css)")
                }
                beginEvent = play == "click" ? "click" : "mouseover"
            case "scroll":
                guard args.flags.contains("css") else {
                    throw UsageError("--play scroll follows the page's scroll with a CSS scroll timeline; SMIL has none (add --css)")
                }
                scrollTimeline = true
            case "in-view":
                guard args.flags.contains("css") else {
                    throw UsageError("--play in-view starts CSS animations when the SVG comes into view (a CSS scroll trigger); SMIL cannot without a script (add --css)")
                }
                beginEvent = "view"
            default: throw UsageError("--play expects auto, click, hover, in-view or scroll, got '\(play)'")
            }
        }
        return (beginEvent, scrollTimeline)
    }

    /// What `--report` says of where the trigger `play` works, as Tools/check-embedding measures it in
    /// Chromium (the manual's AnimatedSVG article holds the table); nil for `auto`.
    static func playNote(_ play: String, css: Bool) -> String? {
        switch play {
        case "click": "plays when clicked inline or in <object>; in <img> or a CSS background it waits for ever (an image takes no events)"
        case "hover" where css: "plays while the pointer is over it inline or in <object>; in <img> or a CSS background it waits for ever"
        case "hover": "plays when the pointer enters it inline or in <object>; in <img> or a CSS background it waits for ever (an image takes no events)"
        case "scroll": "follows the page's scroll inline; in <img>, <object> or a CSS background it has no scroller and shows its end"
        case "in-view": "starts when wholly in view inline (CSS scroll-triggered animations, Chromium 146 and later; a browser without them plays it at once); in <img>, <object> or a CSS background it is in its own view and plays at once"
        default: nil
        }
    }
}
