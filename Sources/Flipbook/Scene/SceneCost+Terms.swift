// The terms each output's work adds up from, and the work, one frame's work and the driver read from them.
extension SceneCost {
    /// The terms of `output`'s work: their sum is `work(output)`.
    public func terms(_ output: Output) -> [Term] {
        let c = Coefficients.reference
        let long = frames > 1_000
        let perFrame: Double, prefix: String, count: Double
        switch output {
        case .svgFrames, .raster:
            perFrame = Double(frames)
            prefix = "\(frames) frames"
            count = Double(max(frames, 1))
        case .animated:
            perFrame = animatedInstants
            prefix = "\(Int(animatedInstants)) observed instants (\(animatedFrames) frames and \(knots) knots)"
            count = Double(max(animatedFrames, 1))
        }
        func once(_ name: String, _ quantity: Double, _ coefficient: Double, _ what: String, _ path: String) -> Term {
            Term(name: name, quantity: quantity, coefficient: coefficient, perFrame: false, driver: Driver(description: what, perFrame: what, path: path))
        }
        func each(_ name: String, _ quantity: Double, _ coefficient: Double, _ what: String, _ path: String) -> Term {
            Term(name: name, quantity: perFrame * quantity, coefficient: coefficient, perFrame: true,
                 driver: Driver(description: "\(prefix) × \(what)", perFrame: what, path: path), frames: count)
        }
        // The raster work of a frame that repeats the one before is skipped (`drawnFrames`).
        func drawn(_ name: String, _ quantity: Double, _ coefficient: Double, _ what: String, _ path: String) -> Term {
            Term(name: name, quantity: Double(drawnFrames) * quantity, coefficient: coefficient, perFrame: true,
                 driver: Driver(description: "\(drawnFrames) frames drawn × \(what)", perFrame: what, path: path), frames: Double(drawnFrames))
        }
        let layersPath = long ? "duration" : "layers"
        var list = [
            once("process", 1, c.process, "starting and loading", "layers"),
            once("keyframeValue", Double(keyframeValues), c.keyframeValue, "\(keyframeValues) keyframe values", "layers"),
            once("cubicPacedValue", Double(cubicPacedValues), c.cubicPacedValue, "\(cubicPacedValues) cubicPaced values", "layers"),
            once("change", Double(changes), c.change, "\(changes) timed changes", "changes"),
            once("modelLayer", Double(modelLayers), c.modelLayer, "\(modelLayers) layers", "layers"),
            each("animation", Double(animations), c.animation, "\(animations) animations", layersPath),
            each("derivedLayer", Double(derivedLayers), c.derivedLayer, "\(derivedLayers) layers components derive", layersPath),
            each("idByte", Double(idBytes), c.idByte, "\(idBytes) bytes of layer ids", "layers"),
        ]
        switch output {
        case .svgFrames:
            list += [
                each("file", 1, c.file, "a file each", "duration"),
                each("svgLayer", Double(layers), c.svgLayer, "\(layers) layers, an element each", layersPath),
                each("svgDerivedLayer", Double(derivedLayers), c.svgDerivedLayer, "\(derivedLayers) layers components derive, made and written", layersPath),
                each("svgElement", Double(pathElements + gradientStops + wedgeElements), c.svgElement,
                     "\(pathElements + gradientStops + wedgeElements) path elements (conic gradients' wedges included) and gradient stops", busiestPath.path),
                each("svgTextByte", Double(textBytes), c.svgTextByte, "\(textBytes) bytes of text", busiestText.path),
            ]
        case .raster(let scale, let png):
            let pixels = self.pixels(scale)
            // A stream writes every frame's pixels, a repeated frame's too; a PNG file is encoded for
            // the frames drawn only, and a repeated one is a file of the bytes before.
            list += [
                png ? drawn("pngPixel", pixels, c.pngPixel, "\(Int(pixels)) pixels", "canvas")
                    : each("streamPixel", pixels, c.streamPixel, "\(Int(pixels)) pixels", "canvas"),
                drawn("edge", edges * scale, c.edge, "\(Int(edges * scale)) pixels of outlines", layersPath),
                drawn("row", rows * scale, c.row, "\(Int(rows * scale)) pixel rows of shapes", layersPath),
                drawn("dash", dashes, c.dash, "\(Int(dashes)) dashes", busiestPath.path),
                drawn("glyph", Double(textBytes), c.glyph, "\(textBytes) bytes of text", busiestText.path),
                drawn("gradientPixel", gradientPixels * scale * scale, c.gradientPixel, "\(Int(gradientPixels * scale * scale)) gradient pixels × stops' bisection", layersPath),
                drawn("surfacePixel", meanSurfacePixels * scale * scale, c.surfacePixel, "\(Int(meanSurfacePixels * scale * scale)) pixels of group surfaces (opacity or a clip), on average", layersPath),
                drawn("shadowTap", shadowWork(scale), c.shadowTap, "\(shadows.count) shadows: \(Int(shadowWork(scale))) pixel taps of their blurs", layersPath),
            ]
            if png {
                let repeated = frames - drawnFrames
                list.append(Term(name: "repeatedFile", quantity: Double(repeated), coefficient: c.file, perFrame: true,
                                 driver: Driver(description: "\(repeated) frames repeating the one before, a file each", perFrame: "a file", path: "duration"),
                                 frames: Double(max(repeated, 1))))
            }
        case .animated:
            list += [
                each("instant", 1, c.instant, "an evaluation each", "duration"),
                // The compiler probes instants of its own: each knot interval's exact curves are checked at
                // a few (shared by the layers that have that interval), and the sampled items' fits halve
                // theirs (`sampledProbes`). Each probe counted as an evaluation of the whole tree: its
                // animations and layers (a layer of the model is read there alone: see above).
                once("probeAnimation", probeInstants * Double(animations), c.probeAnimation,
                     "\(Int(probeInstants)) instants probed (\(knotIntervals) knot intervals, \(Int(sampledProbes)) for sampled items) × \(animations) animations", layersPath),
                // A knot interval's probes derive the components' layers again (a replicator's copies,
                // each delayed by its own interval: every probe moves all of them).
                once("probeDerived", Self.probesPerKnotInterval * Double(knotIntervals) * Double(derivedLayers), c.derivedLayer,
                     "\(Int(Self.probesPerKnotInterval) * knotIntervals) instants probed in knot intervals × \(derivedLayers) layers components derive", layersPath),
                // A probe across a timed change evaluates the tree of another model, built afresh.
                once("changeProbe", Double(changeTimes) * Double(layers), c.changeProbe, "\(changeTimes) instants of timed changes × \(layers) layers", "changes"),
                once("probeLayer", probeInstants * Double(layers), c.probeLayer,
                     "\(Int(probeInstants)) instants probed (\(knotIntervals) knot intervals, \(Int(sampledProbes)) for sampled items) × \(layers) layers", layersPath),
                // Each state of a formatted number is found by halving between frames (about 12
                // evaluations of the whole tree a state).
                once("numberProbe", 12 * Double(numberStates) * Double(layers), c.numberProbe, "\(numberStates) states of formatted numbers × 12 × \(layers) layers", layersPath),
                // Each state is an element whose tracks are checked at every instant: states × instants
                // (those of texts observed at the frames and knots only too).
                once("numberTrack", Double(numberStates + gridNumberStates) * animatedInstants, c.numberTrack,
                     "\(numberStates + gridNumberStates) states of formatted numbers × \(Int(animatedInstants)) instants", layersPath),
                // Each probe of an adaptive fit between observed instants counted as the whole tree.
                once("sampledLayer", Double(sampledLayers) * Double(layers), c.sampledLayer, "\(sampledLayers) layers sampled (no exact form) × \(layers) layers", layersPath),
                each("sampledItem", Double(sampledItems), c.sampledItem, "\(sampledItems) items sampled (no exact form)", layersPath),
                each("sampledElement", Double(sampledElements), c.sampledElement, "\(sampledElements) path elements of components' path morphs", busiestPath.path),
                each("keyedMorphElement", Double(keyedMorphElements), c.keyedMorphElement, "\(keyedMorphElements) path elements of keyframed path morphs", busiestPath.path),
                each("instantElement", Double(pathElements + gradientStops), c.instantElement, "\(pathElements + gradientStops) path elements and gradient stops", busiestPath.path),
                // Every draw item is walked, compared and hashed at each instant (its tracks' values).
                each("instantItem", Double(items), c.instantItem, "\(items) draw items", layersPath),
                // Conic gradients' wedges are made, written and read back once.
                once("wedgeElement", Double(wedgeElements), c.svgElement, "\(wedgeElements) path elements of conic gradients' wedges", layersPath),
                // A discrete track (a text's string, a layer's presence) that changes between two
                // instants is bisected to the change: about 40 evaluations of the whole tree each.
                Term(name: "switch", quantity: Double(textSwitches) * Double(layers), coefficient: c.switch,
                     perFrame: true, driver: Driver(description: "\(textSwitches) text changes × \(layers) layers",
                                                  perFrame: "\(textSwitches) text changes × \(layers) layers", path: busiestText.path), frames: count),
            ]
        }
        return list
    }

    /// Estimated steps (a microsecond each on the reference machine) to render `output`.
    public func work(_ output: Output) -> Double {
        terms(output).reduce(0) { $0 + $1.steps }
    }

    /// Estimated steps of one frame of `output`: for raster frames, of one drawn (a frame repeating the
    /// one before costs its file alone); for the animated SVG, of one frame observed (its instants'
    /// share; the paid-once terms are not in it).
    public func frameWork(_ output: Output) -> Double {
        terms(output).reduce(0) { $0 + ($1.perFrame && $1.frames > 0 ? $1.steps / $1.frames : 0) }
    }

    /// The largest term of `output`'s work: what to change to make it cheaper.
    public func driver(_ output: Output) -> Driver {
        terms(output).max { $0.steps < $1.steps }!.driver
    }

    /// The largest term of one frame's work (`frameWork`).
    public func frameDriver(_ output: Output) -> Driver {
        (terms(output).filter(\.perFrame).max { $0.steps < $1.steps } ?? terms(output)[0]).driver
    }

    /// The device pixels of one raster frame.
    public func pixels(_ scale: Double) -> Double { canvasPixels * scale * scale }
}
