import Flipbook
import FlipbookScenes
import FlipbookSVG
import Synchronization
import Testing

/// The presentation kept between instants against the one built from nothing: equal trees at every
/// instant, in any order, and components derived again only when what they derive from changed.
struct RetainedPresentationTests {
    static func load(_ name: String) throws -> Scene {
        try SceneLoader().load(contentsOf: GoldenTests.root.appendingPathComponent("Scenes/\(name).json").path)
    }

    /// Both trees, from the retained presentation and from nothing, at `t`.
    static func expectSame(_ retained: RetainedPresentation, _ scene: Scene, at t: Double, _ context: String) {
        // Compared as booleans: a failure names the scene and instant without printing two trees.
        let plain = scene.presentation(at: t)
        let samePresentation = retained.presentation(at: t) == plain
        let sameTree = retained.renderTree(at: t) == plain.renderNode()
        #expect(samePresentation, "\(context) presentation at \(t)")
        #expect(sameTree, "\(context) render tree at \(t)")
    }

    @Test(arguments: GoldenTests.scenes)
    func everyInstantOfEveryScene(_ name: String) throws {
        let scene = try Self.load(name)
        let n = scene.frameCount
        let retained = RetainedPresentation(scene: scene)
        // Asked for render trees only, as the compiler's sampler and the raster pipe ask (its presented
        // sublayers are then brought up to date only where a component derives from them), and for
        // the presentation only at every seventh instant.
        let renderOnly = RetainedPresentation(scene: scene)
        // Forwards at every frame and half way between (as the animated compiler asks), then
        // jumping about, then backwards, all with the same retained presentation.
        var times: [Double] = []
        for i in 0..<n {
            times.append(scene.frameTime(i))
            times.append((Double(i) + 0.5) / scene.fps)
        }
        let scrambled = (0..<min(n, 40)).map { scene.frameTime(($0 * 7919 + 3) % n) }
        let backwards = stride(from: n - 1, through: 0, by: -max(1, n / 20)).map(scene.frameTime)
        var last: RenderNode?
        for (i, t) in (times + scrambled + backwards).enumerated() where t <= scene.duration {
            Self.expectSame(retained, scene, at: t, name)
            let plain = scene.presentation(at: t)
            let tree = renderOnly.renderTree(at: t)
            let sameTree = tree == plain.renderNode()
            #expect(sameTree, "\(name) render tree alone at \(t)")
            // A tree said to repeat is the last one (what was made of it serves again).
            if renderOnly.renderTreeRepeats {
                let repeats = tree == last
                #expect(repeats, "\(name) render tree said to repeat at \(t)")
            }
            last = tree
            if i % 7 == 6 {
                let samePresentation = renderOnly.presentation(at: t) == plain
                #expect(samePresentation, "\(name) presentation after render trees alone at \(t)")
            }
        }
    }

    /// Animations of properties the model sets are computed in place, key by key, over the model's
    /// values: stacked on one key (additive, by, to-only, cumulative repeats, keyframes), beginning late,
    /// ending and removed, filling, and beside layers that take the general path (a property the model
    /// does not set, a motion path, a group). Every layer's values equal the built tree's bit for bit
    /// (`isUnchanged`) at every instant, forwards, backwards and jumping about.
    @Test func animationsOfSetPropertiesAreAppliedInPlace() {
        func box(_ id: String) -> Layer {
            var layer = Layer(id: id)
            layer[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
            layer[.position] = Point(5, 5)
            layer[.opacity] = 0.5
            layer[.backgroundColor] = Color(red: 1, green: 0, blue: 0)
            return layer
        }
        var stacked = box("stacked")
        stacked.add(.basic(.opacity, from: 0.2, to: 0.8, duration: 0.5, beginTime: 0.2))
        var nudge = Animation.basic(PropertyKey<Double>.opacity, by: 0.1, duration: 1)
        nudge.isAdditive = true
        stacked.add(nudge)
        var walk = Animation(.keyframe(KeyframeAnimation(.position, values: [Point(5, 5), Point(9, 6), Point(7, 9)])),
                             timing: MediaTiming(duration: 0.4, repeatCount: 3))
        walk.isCumulative = true
        stacked.add(walk)
        stacked.add(.basic(.backgroundColor, to: Color(red: 0, green: 0, blue: 1), duration: 0.6, beginTime: 0.9))
        var held = Animation.basic(PropertyKey<Double>.opacity, from: 1, to: 0, duration: 0.3, beginTime: 1.2)
        held.isRemovedOnCompletion = false
        held.timing.fillMode = .both
        stacked.add(held)
        var unset = box("unset")
        unset.add(.basic(.rotation, from: .zero, to: Angle(radians: 1), duration: 1))   // not set in the model
        var pathed = box("pathed")
        pathed.add(Animation(.keyframe(KeyframeAnimation(key: AnyPropertyKey(PropertyKey<Point>.position),
                                                         path: Path([.move(Point(0, 0)), .line(Point(20, 10))]))),
                             timing: MediaTiming(duration: 1.5)))
        var grouped = box("grouped")
        grouped.add(Animation(.group([.basic(.opacity, from: 0, to: 1, duration: 0.5)]), timing: MediaTiming(duration: 1)))
        let scene = Scene(canvas: Size(40, 40), duration: 2, fps: 20, layers: [stacked, unset, pathed, grouped])
        let retained = RetainedPresentation(scene: scene)
        let n = scene.frameCount
        var times = (0..<n).flatMap { [scene.frameTime($0), (Double($0) + 0.5) / scene.fps] }.filter { $0 <= scene.duration }
        times += (0..<n).map { scene.frameTime(($0 * 13 + 5) % n) } + (0..<n).reversed().map(scene.frameTime)
        for t in times {
            let kept = retained.presentation(at: t).allLayers, built = scene.presentation(at: t).allLayers
            #expect(kept.count == built.count)
            for (a, b) in zip(kept, built) {
                #expect(a.id == b.id && a.properties.isUnchanged(from: b.properties), "\(a.id) at \(t)")
            }
            Self.expectSame(retained, scene, at: t, "in place")
        }
    }

    /// A component that counts its derivations: one sublayer as wide as the layer's opacity × 10.
    enum Counting: LayerBehavior {
        static let typeName = "countingTest"
        static let properties: [AnyPropertyKey] = []
        static let derivations = Atomic<Int>(0)
        static func draw(_ layer: Layer) -> [DrawItem] { [] }
        static func derivedSublayers(_ layer: Layer) -> [Layer] {
            derivations.add(1, ordering: .relaxed)
            var bar = Layer(id: layer.id + ".bar")
            bar[.bounds] = Rect(x: 0, y: 0, width: layer[.opacity] * 10, height: 2)
            bar[.backgroundColor] = .black
            return [bar]
        }
    }

    /// A component that draws nothing itself (`drawsNothing`) and counts the calls to its `draw`: a
    /// bar as long as its level × 10.
    enum Gauge: LayerBehavior {
        static let typeName = "gaugeTest"
        static let level = PropertyKey<Double>("level", default: 0)
        static let properties = [AnyPropertyKey(level)]
        static let drawsNothing = true
        static let draws = Atomic<Int>(0)
        static func draw(_ layer: Layer) -> [DrawItem] {
            draws.add(1, ordering: .relaxed)
            return []
        }
        static func derivedSublayers(_ layer: Layer) -> [Layer] {
            var bar = Layer(id: layer.id + ".bar")
            bar[.bounds] = Rect(x: 0, y: 0, width: layer[level] * 10, height: 2)
            bar[.backgroundColor] = .black
            return [bar]
        }
    }

    /// A group that draws nothing keeps its own render node while only its own properties move (a
    /// ring gauge's fraction), and makes it again once a base property moves (its opacity): the
    /// trees equal the ones built from nothing throughout, and the derived bar follows the level.
    @Test func aGroupThatDrawsNothingIsDrawnAgainOnlyWhenABasePropertyChanges() {
        var gauge = Layer(id: "g", type: Gauge.self)
        gauge[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        gauge.add(.basic(Gauge.level, from: 0, to: 1, duration: 2))
        var fade = Animation.basic(PropertyKey<Double>.opacity, from: 1, to: 0.5, duration: 0.5)
        fade.timing.beginTime = 1
        gauge.add(fade)
        let scene = Scene(canvas: Size(40, 40), duration: 2, layers: [gauge])
        let retained = RetainedPresentation(scene: scene)
        func draws(at t: Double) -> Int {
            let before = Gauge.draws.load(ordering: .relaxed)
            _ = retained.renderTree(at: t)
            return Gauge.draws.load(ordering: .relaxed) - before
        }
        #expect(draws(at: 0.1) == 1)                        // built from nothing
        #expect(draws(at: 0.2) == 0 && draws(at: 0.9) == 0)  // the level alone moves
        #expect(draws(at: 1.2) == 1 && draws(at: 1.4) == 1)  // the opacity moves too
        #expect(draws(at: 1.8) == 1)                        // the fade removed: the opacity is 1 again
        #expect(draws(at: 1.9) == 0)
        for t in [0.0, 0.5, 1.25, 0.75, 1.5, 2.0, 0.25] {
            Self.expectSame(retained, scene, at: t, "gauge")
            let bar = retained.renderTree(at: t)?.children.first?.children.first
            #expect(bar?.items.count == 1 && bar?.opacity == 1, "bar at \(t)")
            // The level runs from 0 to 1 over 2 s, then the animation is removed (the model's 0).
            let level = t < 2 ? t / 2 : 0
            if case .shape(let s)? = bar?.items.first { #expect(s.path.boundingBox?.width == level * 10, "bar at \(t)") }
        }
    }

    /// A component in two parts that count their derivations: part a, a bar as long as `partA` × 10;
    /// part b, one as long as `partB` × opacity × 10.
    enum TwoParts: LayerBehavior {
        static let typeName = "twoPartsTest"
        static let a = PropertyKey<Double>("partA", default: 0), b = PropertyKey<Double>("partB", default: 0)
        static let properties = [AnyPropertyKey(a), AnyPropertyKey(b)]
        static let drawsNothing = true
        static let derivedA = Atomic<Int>(0), derivedB = Atomic<Int>(0)
        static func draw(_ layer: Layer) -> [DrawItem] { [] }
        static func bar(_ layer: Layer, _ name: String, _ length: Double) -> Layer {
            var bar = Layer(id: layer.id + "." + name)
            bar[.bounds] = Rect(x: 0, y: 0, width: length * 10, height: 2)
            bar[.backgroundColor] = .black
            return bar
        }
        static let derivationParts = [
            DerivationPart(reading: [AnyPropertyKey(a)]) { layer in
                derivedA.add(1, ordering: .relaxed)
                return [bar(layer, "a", layer[a])]
            },
            DerivationPart(reading: [AnyPropertyKey(b), AnyPropertyKey(PropertyKey<Double>.opacity)]) { layer in
                derivedB.add(1, ordering: .relaxed)
                return [bar(layer, "b", layer[b] * layer[.opacity])]
            },
        ]
    }

    /// A part is derived again only when a property it reads changes: while `partA` alone moves,
    /// part b keeps its sublayer; the trees equal the ones built from nothing throughout.
    @Test func aPartIsDerivedAgainOnlyWhenWhatItReadsChanges() {
        var layer = Layer(id: "t", type: TwoParts.self)
        layer[.bounds] = Rect(x: 0, y: 0, width: 20, height: 20)
        layer[TwoParts.b] = 0.5
        layer.add(.basic(TwoParts.a, from: 0, to: 1, duration: 2))
        var grow = Animation.basic(TwoParts.b, from: 1, to: 2, duration: 0.5)
        grow.timing.beginTime = 1
        layer.add(grow)
        let scene = Scene(canvas: Size(40, 40), duration: 2, layers: [layer])
        let retained = RetainedPresentation(scene: scene)
        func derivations(at t: Double) -> [Int] {
            let a = TwoParts.derivedA.load(ordering: .relaxed), b = TwoParts.derivedB.load(ordering: .relaxed)
            _ = retained.renderTree(at: t)
            return [TwoParts.derivedA.load(ordering: .relaxed) - a, TwoParts.derivedB.load(ordering: .relaxed) - b]
        }
        #expect(derivations(at: 0.1) == [1, 1])                          // built from nothing
        #expect(derivations(at: 0.2) == [1, 0] && derivations(at: 0.9) == [1, 0])  // partA alone moves
        #expect(derivations(at: 0.9) == [0, 0])                          // nothing moves
        #expect(derivations(at: 1.2) == [1, 1] && derivations(at: 1.4) == [1, 1])  // both move
        #expect(derivations(at: 1.8) == [1, 1])                          // partB back to the model's 0.5
        #expect(derivations(at: 1.9) == [1, 0])
        for t in [0.0, 0.5, 1.25, 0.75, 1.5, 2.0, 0.25, 1.1] {
            Self.expectSame(retained, scene, at: t, "two parts")
            let bars = retained.renderTree(at: t)?.children.first?.children ?? []
            // partA runs from 0 to 1 over 2 s, then its animation is removed (the model's 0); partB is
            // 1 → 2 from 1 s to 1.5 s, else the model's 0.5.
            let a = t < 2 ? t / 2 : 0, b = t >= 1 && t < 1.5 ? 1 + (t - 1) / 0.5 : 0.5
            let widths = bars.map { bar -> Double? in
                if case .shape(let s)? = bar.items.first { return s.path.boundingBox?.width }
                return nil
            }
            if a > 0 { #expect(widths == [a * 10, b * 10], "bars at \(t)") }
        }
    }

    /// A part whose refresh breaks its promise: the bar's background is set only while the size is
    /// below 1, so a bar refreshed from a small size to a large one would keep a background that the
    /// part does not derive.
    enum BrokenRefresh: LayerBehavior {
        static let typeName = "brokenRefreshTest"
        static let size = PropertyKey<Double>("brokenSize", default: 0)
        static let properties = [AnyPropertyKey(size)]
        static let drawsNothing = true
        static func draw(_ layer: Layer) -> [DrawItem] { [] }
        static let derivationParts = [
            DerivationPart(reading: [AnyPropertyKey(size)], making: { Layer(id: $0.id + ".bar") }) { layer, bar in
                if layer[size] < 1 { bar[.backgroundColor] = .black }
                bar[.bounds] = Rect(x: 0, y: 0, width: layer[size] * 10, height: 2)
            },
        ]
    }

    /// Debug builds check a refresh against the part's derivation at every refresh (the promise of
    /// `DerivationPart.init(reading:making:refresh:)`): the broken part stops the process at the instant
    /// its refreshed bar would keep the stale background. Its promise kept, the same scene runs through
    /// (the ring gauge's parts, at every instant of `everyInstantOfEveryScene`).
    @Test func aRefreshThatBreaksItsPromiseStopsADebugBuild() async {
        #if DEBUG
        await #expect(processExitsWith: .failure) {
            var layer = Layer(id: "b", type: RetainedPresentationTests.BrokenRefresh.self)
            layer[.bounds] = Rect(x: 0, y: 0, width: 20, height: 20)
            layer.add(.basic(RetainedPresentationTests.BrokenRefresh.size, from: 0, to: 2, duration: 1))
            let retained = RetainedPresentation(scene: Scene(canvas: Size(40, 40), duration: 1, layers: [layer]))
            for t in [0.0, 0.25, 0.75, 1.0] { _ = retained.renderTree(at: t) }
        }
        #endif
    }

    /// A component whose derived sublayer carries an animation of its own.
    enum Spinning: LayerBehavior {
        static let typeName = "spinningTest"
        static let properties: [AnyPropertyKey] = []
        static func draw(_ layer: Layer) -> [DrawItem] { [] }
        static func derivedSublayers(_ layer: Layer) -> [Layer] {
            var arm = Layer(id: layer.id + ".arm")
            arm[.bounds] = Rect(x: 0, y: 0, width: 20, height: 2)
            arm[.backgroundColor] = .black
            arm.add(.basic(PropertyKey<Angle>.rotation, from: .zero, to: .degrees(360), duration: 2))
            return [arm]
        }
    }

    @Test func componentsAreDerivedAgainOnlyWhenTheirLayerChanges() {
        var counting = Layer(id: "c", type: Counting.self)
        counting[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        counting.add(.basic(PropertyKey<Double>.opacity, from: 0.2, to: 1, duration: 1))
        var still = Layer(id: "s", type: Counting.self)
        still[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        let scene = Scene(canvas: Size(40, 40), duration: 3, layers: [counting, still])
        let retained = RetainedPresentation(scene: scene)
        func derivations(at t: Double) -> Int {
            let before = Counting.derivations.load(ordering: .relaxed)
            _ = retained.renderTree(at: t)
            return Counting.derivations.load(ordering: .relaxed) - before
        }
        // Built from nothing: both components derive.
        #expect(derivations(at: 0.1) == 2)
        // While the opacity animates, the animated one derives again; the still one never does.
        #expect(derivations(at: 0.2) == 1)
        #expect(derivations(at: 0.3) == 1)
        // The same instant again, and instants after the animation ends: once, when the opacity
        // returns to the model's, then never.
        #expect(derivations(at: 0.3) == 0)
        #expect(derivations(at: 2.0) == 1)
        #expect(derivations(at: 2.5) == 0)
        #expect(derivations(at: 3.0) == 0)
        for t in [0.0, 0.25, 0.5, 2.0, 0.75, 3.0] { Self.expectSame(retained, scene, at: t, "counting") }
    }

    @Test func aDerivedSublayersOwnAnimationStillPlays() {
        var spinner = Layer(id: "p", type: Spinning.self)
        spinner[.bounds] = Rect(x: 0, y: 0, width: 40, height: 40)
        let scene = Scene(canvas: Size(40, 40), duration: 2, layers: [spinner])
        let retained = RetainedPresentation(scene: scene)
        var angles: [Double] = []
        for t in [0.0, 0.5, 1.0, 1.5, 1.0, 0.25] {
            Self.expectSame(retained, scene, at: t, "spinner")
            let arm = retained.presentation(at: t).sublayers[0].sublayers[0]
            angles.append(arm[.rotation].degrees)
        }
        // 360° over 2 s, linear: the arm turns though its component is derived once.
        #expect(angles.map { ($0 * 1e9).rounded() / 1e9 } == [0, 90, 180, 270, 180, 45])
    }

    @Test func aTimedChangeStartsAfresh() throws {
        // The rings: a change at 0 and at 1.2 s; instants either side of it, in both directions.
        let scene = try Self.load("activity-rings")
        let retained = RetainedPresentation(scene: scene)
        for t in [1.1, 1.2, 1.19, 1.3, 0.0, 2.5, 1.2] { Self.expectSame(retained, scene, at: t, "rings") }
    }
    /// A node keeps the base of its own render node (transform, opacity, clip, background, border)
    /// while no base property changes, and makes it again when one does, on every path a layer's
    /// values take: animated in place (position, background colour, opacity), on a copy of the model's
    /// table (a corner radius, a border, hidden, a motion path), refreshed by a component's part (a
    /// ring gauge whose bounds and width move its arcs), taken from a new derived layer (a pie chart's
    /// slices as its bounds grow), and by a timed change (masksToBounds, a move). The retained render
    /// tree equals the built one, and the frame renderer's bytes the plain writer's, at every frame and
    /// half frame, forwards and jumping about.
    @Test func baseOfAnOwnRenderNodeIsMadeAgainWhenABasePropertyChanges() throws {
        let json = """
        {"flipbook": 1, "canvas": [300, 200], "duration": 2, "fps": 20, "layers": [
          {"id": "s", "type": "shape", "frame": [10, 10, 40, 30], "path": "M0 0H40V30Z", "fillColor": "#336699",
           "backgroundColor": "#ffcc00", "opacity": 0.9, "rotation": 5,
           "animations": [
             {"property": "position", "from": [30, 25], "to": [80, 60], "duration": 1, "beginTime": 0.2},
             {"property": "backgroundColor", "from": "#ffcc00", "to": "#00ccff", "duration": 0.5, "beginTime": 1},
             {"property": "opacity", "from": 0.9, "to": 0.2, "duration": 0.6, "beginTime": 0.9, "fillMode": "forwards", "removedOnCompletion": false}]},
          {"id": "t", "type": "shape", "frame": [120, 10, 40, 30], "path": "M0 0H40V30Z", "fillColor": "#993366", "rotation": 0,
           "animations": [
             {"property": "cornerRadius", "from": 0, "to": 12, "duration": 1},
             {"property": "borderWidth", "from": 0, "to": 6, "duration": 1, "beginTime": 0.5},
             {"property": "hidden", "from": false, "to": true, "duration": 0.4, "beginTime": 1.3},
             {"property": "position", "path": "M140 25 L 200 25 A 30 30 0 0 1 200 85", "rotationMode": "auto", "duration": 1.5}]},
          {"id": "g", "type": "ringGauge", "frame": [10, 80, 100, 100], "lineWidth": 12, "fraction": 0.3,
           "animations": [
             {"property": "fraction", "from": 0.1, "to": 0.9, "duration": 2},
             {"property": "bounds", "from": [0, 0, 100, 100], "to": [0, 0, 80, 60], "duration": 0.5, "beginTime": 0.6},
             {"property": "lineWidth", "from": 12, "to": 4, "duration": 0.5, "beginTime": 1.2}]},
          {"id": "p", "type": "pieChart", "frame": [180, 100, 80, 80], "values": [1, 2, 3],
           "animations": [{"property": "bounds", "from": [0, 0, 80, 80], "to": [0, 0, 110, 90], "duration": 1, "beginTime": 0.5}]}
        ],
        "changes": [{"at": 1.5, "layer": "t", "set": {"masksToBounds": true, "position": [150, 150]}, "disableActions": true},
                    {"at": 1.5, "layer": "s", "set": {"backgroundColor": "#00ff00"}, "disableActions": true}]}
        """
        let scene = try SceneLoader().decode(Array(json.utf8), file: "bases.json")
        let retained = RetainedPresentation(scene: scene)
        let frames = RetainedPresentation(scene: scene)
        var renderer = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
        let n = scene.frameCount
        let times = (0..<n).flatMap { [scene.frameTime($0), (Double($0) + 0.5) / scene.fps] }.filter { $0 <= scene.duration }
            + (0..<n).map { scene.frameTime(($0 * 7 + 3) % n) }
        for t in times {
            Self.expectSame(retained, scene, at: t, "bases")
            let plain = SVGFrameWriter(canvas: scene.canvas, background: scene.background).documentBytes(for: scene.presentation(at: t).renderNode())
            let same = renderer.documentBytes(at: t, of: frames).string == plain.string
            #expect(same, "bases frame at \(t)")
        }
    }

    /// A red square fading out over the first second of two (4 frames a second), then back at the
    /// model's opacity: frames 0 to 4 differ (4 is the model's), 5 to 8 repeat frame 4, and are said
    /// to; a call to `tree(at:)` between two instants, or a timed change, leaves it unknown (false).
    @Test func aHeldFrameIsSaidToRepeat() throws {
        var square = Layer(id: "sq")
        square.frame = Rect(x: 2, y: 2, width: 6, height: 6)
        square[.backgroundColor] = Color(red: 1, green: 0, blue: 0)
        square.add(.basic(.opacity, from: 1, to: 0, duration: 1))
        let scene = Scene(canvas: Size(12, 10), duration: 2, fps: 4, layers: [square])
        let retained = RetainedPresentation(scene: scene)
        var repeats: [Bool] = []
        for i in 0..<scene.frameCount {
            _ = retained.renderTree(at: scene.frameTime(i))
            repeats.append(retained.renderTreeRepeats)
        }
        #expect(repeats == [false, false, false, false, false, true, true, true, true])
        _ = retained.tree(at: 2)
        _ = retained.renderTree(at: 2)
        #expect(!retained.renderTreeRepeats)
        _ = retained.renderTree(at: 2)
        #expect(retained.renderTreeRepeats)
    }
}
