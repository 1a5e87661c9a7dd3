extension AnimatedDocument {
    /// The document's stills (the reduced-motion still, the crossfade's first frame, the poster:
    /// frame markup, not elements) with the colours themable parameters give marked as the elements'
    /// are (`themedMarkup(_:against:byColor:)`), against the probe's stills. Returns the names of the
    /// stills that keep their colours (they differ from the probe's otherwise).
    mutating func themeStills(against probe: AnimatedDocument, byColor: [String: String]) -> [String] {
        var fixed: [String] = []
        func themed(_ still: String?, _ probed: String?, _ name: String) -> String? {
            guard let still, let probed, still != probed else { return still }
            if let marked = Self.themedMarkup(still, against: probed, byColor: byColor) { return marked }
            fixed.append(name)
            return still
        }
        reducedMotionStill = themed(reducedMotionStill, probe.reducedMotionStill, "the reduced-motion still")
        if let fade = reducedMotionCrossfade {
            reducedMotionCrossfade = (themed(fade.from, probe.reducedMotionCrossfade?.from, "the crossfade's first frame") ?? fade.from, fade.seconds)
        }
        poster = themed(poster, probe.poster, "the poster")
        return fixed
    }

    /// SVG frame markup whose colour attributes are, where `probe` (the same frame drawn with the
    /// sentinels) has a parameter's sentinel (`byColor`: sentinel "#rrggbb" to parameter), also read
    /// from the parameter's custom property: each such tag gains `style="fill:var(--accent,#ff2d55)"`
    /// (one style for all its themed colours; the frame writer writes no style of its own). nil when
    /// the two differ anywhere else: another tag, other text, a value that is not a sentinel colour.
    static func themedMarkup(_ markup: String, against probe: String, byColor: [String: String]) -> String? {
        let tags = markup.split(separator: "<", omittingEmptySubsequences: false)
        let probed = probe.split(separator: "<", omittingEmptySubsequences: false)
        guard tags.count == probed.count else { return nil }
        var out = ""
        out.reserveCapacity(markup.utf8.count + 64)
        for (i, (tag, other)) in zip(tags, probed).enumerated() {
            if i > 0 { out += "<" }
            guard tag != other else { out += tag; continue }
            // Quotes split a tag into names (even pieces) and values (odd): the names and the text
            // after the tag must agree; only colour values may differ.
            guard let end = tag.firstIndex(of: ">"), let otherEnd = other.firstIndex(of: ">"),
                  tag[tag.index(after: end)...] == other[other.index(after: otherEnd)...] else { return nil }
            let pieces = tag[...end].split(separator: "\"", omittingEmptySubsequences: false)
            let otherPieces = other[...otherEnd].split(separator: "\"", omittingEmptySubsequences: false)
            guard pieces.count == otherPieces.count else { return nil }
            var style: [String] = []
            for k in pieces.indices where pieces[k] != otherPieces[k] {
                guard k % 2 == 1, let theme = byColor[String(otherPieces[k])], pieces[k].hasPrefix("#"),
                      let name = pieces[k - 1].split(separator: " ").last.flatMap({ $0.hasSuffix("=") ? $0.dropLast() : nil }) else { return nil }
                style.append("\(name):var(--\(theme),\(pieces[k]))")
            }
            let head = tag[..<end], closing = head.hasSuffix("/") ? "/>" : ">"
            out += (closing == "/>" ? head.dropLast() : head) + " style=\"" + style.joined(separator: ";") + "\"" + closing + tag[tag.index(after: end)...]
        }
        return out
    }
}
