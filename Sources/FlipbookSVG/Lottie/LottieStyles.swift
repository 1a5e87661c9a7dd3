/// Paint: fills, strokes (with their dashes, or the trim they show), and one-number properties, each
/// registered for read-back as it is written.
extension LottieWriter {
    /// A fill (`fl`) for the element's `fill` and `fill-opacity`.
    func paint(_ e: Element, _ name: String) -> [JSON] {
        let c = e.attribute(name).flatMap(Self.color) ?? [0, 0, 0, 1]
        let colorValue = keys(e, name, initial: c, parse: Self.color).map { animated($0, precise: true) } ?? slotted(fixed(c, precise: true), e, name)
        probe(e, name, colorValue) { Array($0.prefix(3)) }
        return [.object([("ty", .string("fl")), ("c", colorValue), ("o", property(e, "\(name)-opacity", initial: [number(e, "\(name)-opacity") ?? 1], scale: 100)),
                         ("r", fillRule(e))])]
    }

    /// A fill's rule (`r`): 2, even-odd, for an element whose `fill-rule` is `evenodd`; else 1,
    /// non-zero (the fill was written non-zero whatever the element's rule: a flower whose petals
    /// overlap even-odd lost its holes).
    func fillRule(_ e: Element) -> JSON { .int(keyword(e, "fill-rule") == "evenodd" ? 2 : 1) }

    /// The stroke (`st`), preceded by a trim (`tm`) when its dashes show one stretch of the path; a
    /// trim of one turn of a twice-round path is turned `turnedBy` degrees further (where the ellipse
    /// written for it starts).
    /// A stroke painted by a linear gradient (`gradient`: `gradientFields`) is a gradient stroke (`gs`).
    func stroke(_ e: Element, pathLength: Double, twoTurns: Bool, turnedBy: Double = 0,
                gradient: [(String, JSON)]? = nil) -> ([JSON], oneTurn: Bool) {
        var paint: [(String, JSON)]
        if let gradient {
            paint = [("ty", .string("gs"))] + gradient
        } else {
            let c = e.attribute("stroke").flatMap(Self.color) ?? [0, 0, 0, 1]
            let colorValue = keys(e, "stroke", initial: c, parse: Self.color).map { animated($0, precise: true) } ?? slotted(fixed(c, precise: true), e, "stroke")
            probe(e, "stroke", colorValue) { Array($0.prefix(3)) }
            paint = [("ty", .string("st")), ("c", colorValue)]
        }
        let caps = ["butt": 1, "round": 2, "square": 3], joins = ["miter": 1, "round": 2, "bevel": 3]
        var fields: [(String, JSON)] = paint + [
            ("o", property(e, "stroke-opacity", initial: [number(e, "stroke-opacity") ?? 1], scale: 100)),
            ("w", property(e, "stroke-width", initial: [number(e, "stroke-width") ?? 1], scale: 1)),
            ("lc", .int(caps[keyword(e, "stroke-linecap") ?? "butt"] ?? 1)),
            ("lj", .int(joins[keyword(e, "stroke-linejoin") ?? "miter"] ?? 1)), ("ml", .number(10)),
        ]
        if var lengths = e.attribute("stroke-dasharray").flatMap(Self.numbers) {
            if lengths.count % 2 == 1 { lengths += lengths }
            let trackKeys = keys(e, "stroke-dasharray", initial: lengths, parse: { Self.numbers($0).map { $0.count % 2 == 1 ? $0 + $0 : $0 } })
            var list: [JSON] = []
            for (i, length) in lengths.enumerated() {
                let value: JSON = trackKeys.map { ks in
                    animated(ks.map { k in Key(time: k.time, value: [i < k.value.count ? k.value[i] : 0], ease: k.ease) })
                } ?? fixed(length)
                list.append(.object([("n", .string(i % 2 == 0 ? "d" : "g")), ("nm", .string(i % 2 == 0 ? "dash" : "gap")), ("v", value)]))
            }
            // Players disagree on negative offsets (rlottie draws them elsewhere; lottie-ios shifts them):
            // when the pattern's period never changes, whole periods are added until no offset is negative,
            // which draws the same dashes.
            let initialOffset = number(e, "stroke-dashoffset") ?? 0
            var offsetKeys = keys(e, "stroke-dashoffset", initial: [initialOffset], parse: { Self.numbers($0) })
            let periods = [lengths.reduce(0, +)] + (trackKeys ?? []).map { $0.value.reduce(0, +) }
            let lowest = min(initialOffset, offsetKeys?.map { $0.value[0] }.min() ?? initialOffset)
            var shift = 0.0
            let steady = periods.first.flatMap { period in
                period > 0 && periods.allSatisfy({ abs($0 - period) <= 1e-6 * period }) ? period : nil
            }
            if let period = steady, lowest < 0 {
                shift = (-lowest / period).rounded(.up) * period
            }
            let offsetValue: JSON
            if var ks = offsetKeys {
                for i in ks.indices { ks[i].value = ks[i].value.map { $0 + shift } }
                offsetKeys = ks
                offsetValue = animated(ks)
            } else {
                offsetValue = fixed(initialOffset + shift)
            }
            list.append(.object([("n", .string("o")), ("nm", .string("offset")), ("v", offsetValue)]))
            if let t = trim(lengths: lengths, dashKeys: trackKeys, offset: initialOffset, offsetKeys: keys(e, "stroke-dashoffset", initial: [initialOffset], parse: { Self.numbers($0) }), pathLength: pathLength, twoTurns: twoTurns, turnedBy: turnedBy) {
                let tm: JSON = .object([("ty", .string("tm")), ("s", t.start), ("e", t.end), ("o", t.offset), ("m", .int(1))])
                probeTrim(e, t, pathLength: pathLength, turnedBy: turnedBy, period: steady)
                return ([tm, .object(fields)], t.oneTurn)
            }
            // Read back: the entries as the dash pattern (its first n numbers: an odd pattern is written
            // twice over), the offset less the periods added.
            let entries = list.dropLast().compactMap { entry -> LottieProperty? in
                guard case .object(let f) = entry, let v = f.first(where: { $0.0 == "v" })?.1 else { return nil }
                return LottieProperty(v)
            }
            let fps = self.fps
            for check in e.checks(of: "stroke-dasharray") {
                let n = check.values.first?.count ?? 0
                probes.list.append(LottieProbe(check: check, read: { t in Array(entries.map { $0.value(at: LottieWriter.frame(t, fps: fps))[0] }.prefix(n)) }))
            }
            probe(e, "stroke-dashoffset", offsetValue) { $0.map { $0 - shift } }
            fields.append(("d", .array(list)))
        }
        return ([.object(fields)], false)
    }

    /// Registers a trim written for a dash pattern: its stretch read back as the dash and the offset.
    /// The dash is the trim's length (end − start, of the path, or of one turn); the gap is not held
    /// (any gap past the path's end shows the same), so the engine's is kept. One turn's offset is where
    /// the stretch starts, −(o − turnedBy)/360 of the turn, compared modulo the turn (the circle is the
    /// same each turn). Along the path, the stretch starting at s is the dash at offset −s, compared
    /// modulo the pattern's `period` (offsets a period apart draw the same dashes); with no steady
    /// period (nil: dash and gap keys that change it) the offset is not read back. A dash within what
    /// the trim's and the track's written decimals allow of the track's is read as held.
    func probeTrim(_ e: Element, _ t: Trim, pathLength: Double, turnedBy: Double, period: Double?) {
        guard let start = LottieProperty(t.start), let end = LottieProperty(t.end), let offset = LottieProperty(t.offset) else { return }
        let fps = self.fps, length = t.oneTurn ? pathLength / 2 : pathLength
        // The nearest the file's dash can come to the track's: its ends' last written decimals (half of
        // 1e-4 % of the length each) and the track's values as SVG writes them (half of its last
        // decimal). Within that it is held: a round cap 1.7 million px wide on a ring of 77 px moves
        // its edge 11,065 times the dash, so that 0.0005 px of it were 6 px there (fuzz seed 20261240).
        let held = 1e-6 * length + 0.5 * SVGNumber.unit
        for check in e.checks(of: "stroke-dasharray") {
            probes.list.append(LottieProbe(check: check, read: { at in
                [(end.value(at: LottieWriter.frame(at, fps: fps))[0] - start.value(at: LottieWriter.frame(at, fps: fps))[0]) / 100 * length]
            }, adjust: { expected, shown in [LottieProbe.held(shown[0], toward: expected[0], within: held)] + expected.dropFirst() }))
        }
        // The offset: where the stretch starts, read back and compared modulo a length whose
        // multiples draw the same (one turn; along the path, the pattern's period).
        let read: (Double) -> Double, modulus: Double
        if t.oneTurn {
            (read, modulus) = ({ at in -(offset.value(at: LottieWriter.frame(at, fps: fps))[0] - turnedBy) / 360 * length }, length)
        } else if let period {
            (read, modulus) = ({ at in -start.value(at: LottieWriter.frame(at, fps: fps))[0] / 100 * pathLength }, period)
        } else {
            return
        }
        for check in e.checks(of: "stroke-dashoffset") {
            probes.list.append(LottieProbe(check: check, read: { at in [read(at)] }, adjust: { expected, shown in
                guard let e0 = expected.first, let s0 = shown.first, modulus > 0 else { return shown }
                return [e0 + (s0 - e0).remainder(dividingBy: modulus)]
            }))
        }
    }

    /// A one-number property (opacity, width, offset) from its attribute and track, times `scale`.
    func property(_ e: Element, _ name: String, initial: [Double], scale: Double) -> JSON {
        let scaled = initial.map { $0 * scale }
        guard let trackKeys = keys(e, name, initial: initial, parse: { Self.numbers($0) }) else { return fixed(scaled[0]) }
        let json = animated(trackKeys.map { k in
            Key(time: k.time, value: k.value.map { $0 * scale }, ease: k.ease)
        })
        probe(e, name, json) { $0.map { $0 / scale } }
        return json
    }

    /// A static colour `value` with its slot id (`sid`) when the attribute is a themable parameter's
    /// (`AnimatedDocument.Attribute.theme`): players that read slots (ThorVG) replace it.
    func slotted(_ value: JSON, _ e: Element, _ name: String) -> JSON {
        guard let theme = e.attributes.first(where: { $0.name == name })?.theme, case .object(let members) = value else { return value }
        return .object(members + [("sid", .string(theme))])
    }

    /// The file's `slots`: the value of each themable colour whose id a property took (`slotted`), by
    /// its parameter's name (none: nothing).
    func slots(_ slotted: Set<String>) -> [(String, JSON)] {
        let themes = document.themes.filter { slotted.contains($0.name) }
        guard !themes.isEmpty else { return [] }
        return [("slots", .object(themes.map { theme in
            (theme.name, JSON.object([("p", fixed([theme.color.red, theme.color.green, theme.color.blue, 1], precise: true))]))
        }))]
    }
}
