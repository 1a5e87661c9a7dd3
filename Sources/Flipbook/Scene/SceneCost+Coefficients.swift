extension SceneCost {
    /// The steps (microseconds of one core of the reference machine) each counted thing costs, and the
    /// bytes for memory: measured on whole processes by `Tools/check-cost`, which fits them (`--fit`)
    /// to scenes that raise one count at a time and to every shipped scene at three scales and two
    /// frame rates, and reports the public Lottie corpus's files beside them. (The raster, SVG layer
    /// and probe coefficients were fitted last with the corpus in: its imports are deep trees of
    /// mostly still layers, and their raster frames had become two to five times cheaper than the
    /// estimates once groups folded their opacity and composited eight pixels at a time.)
    public struct Coefficients: Hashable, Sendable {
        /// Starting the process, reading the scene and setting up the output. (6,000: a process that
        /// renders a scene of no layers takes 3.3 ms of CPU on the reference machine, and the sticker's
        /// SVG frames, whose frames cost little, 5.8 to 7.4 ms in all, which 7,700 put within a hair of
        /// three times over.)
        public var process: Double
        /// Decoding and preparing one keyframe value or key time.
        public var keyframeValue: Double
        /// The fixed point of a cubicPaced animation's key times, per value (about 16 rounds of 32
        /// chords a segment).
        public var cubicPacedValue: Double
        /// A timed change: the model after it, built once.
        public var change: Double
        /// Decoding and building one model layer.
        public var modelLayer: Double
        /// Per frame: evaluating one animation. (2.2: the animated SVG of 300 bordered, stroked dots
        /// compiled 18 % slower once shapes carried a stroke gradient and nodes a mask, 0.33 of 1.9's
        /// estimate.)
        public var animation: Double
        /// Per frame: one layer a component derives from its values (a pie's slice), made again; and
        /// per instant the animated compiler probes in a knot interval (`Tools/hostile`'s 2,000
        /// replicated dots, each delayed by its own millisecond, compiled in over 100 s: 17 s
        /// estimated without this term).
        public var derivedLayer: Double
        /// Per frame: one byte of a drawn layer's id (hashed and compared).
        public var idByte: Double
        /// SVG frames, per frame: creating and writing the file.
        public var file: Double
        /// SVG frames, per frame: one path element or dash entry written.
        public var svgElement: Double
        /// SVG frames, per frame: one layer's element written (its group or path, id and paint); a
        /// still layer's is written again only as bytes kept from the frame before. (0.2 with the
        /// corpus: loading.json's 1,172 layers, few of them moving, over 5 times under an estimate
        /// made with 1.)
        public var svgLayer: Double
        /// SVG frames, per frame: one more for a layer a component derives (a pie's slice: its
        /// geometry made from its values, then written). (1.5 more: 100,000 pie slices, 11 frames,
        /// took 5.6 to 6.3 s against 1.76 s estimated without either.)
        public var svgDerivedLayer: Double
        /// SVG frames, per frame: one byte of text written.
        public var svgTextByte: Double
        /// Raster frames, per frame: one device pixel filled with the background and streamed.
        /// (0.0015: the easing gallery streamed at 5.4× — 721 million pixels, little else — took 3.2 s
        /// of CPU, 1.8 s of it the kernel's copying into the pipe: 0.32 of an estimate made with 0.0013;
        /// one dot streamed for 20,001 frames into a pipe read to its end took 7.3 s, 0.66 of its
        /// estimate; `Tools/hostile`'s infinite spring streamed into a file ran past three times an
        /// estimate made with 0.00105, fitted to streams into /dev/null.)
        public var streamPixel: Double
        /// Raster frames, per frame: one device pixel filled and encoded as PNG.
        public var pngPixel: Double
        /// Raster frames, per frame: one device pixel of outline walked by the coverage.
        public var edge: Double
        /// Raster frames, per frame: one device row a shape spans.
        public var row: Double
        /// Raster frames, per frame: one dash stroked.
        public var dash: Double
        /// Raster frames, per frame: one glyph laid out.
        public var glyph: Double
        /// Raster frames, per frame: one device pixel of a gradient's box per bisection step.
        public var gradientPixel: Double
        /// Raster frames, per frame: one device pixel of a group's own surface.
        public var surfacePixel: Double
        /// Raster frames, per frame: one tap of a shadow's blur on one device pixel (`ShadowPlane.work`).
        public var shadowTap: Double
        /// The animated SVG, per observed instant: its evaluation and bookkeeping. (4: a one-dot scene
        /// of 20,001 frames compiled in 140 to 150 ms of CPU here once a still layer's node was read
        /// from one snapshot, not at each instant again, 0.26 of an estimate made with 12; 610 to 830
        /// ms before.)
        public var instant: Double
        /// The animated SVG: one animation evaluated at an instant the compiler probes
        /// (`SceneCost.probeInstants`). (0.38, and `probeLayer` 0.34: fitted by `Tools/check-cost` with
        /// the corpus in. The instants 30 corpus files' compiles evaluated, counted in the sampler, cost
        /// 0.86 µs an animation and 0.21 µs a layer by least squares on those alone. They replace a
        /// knot's probe of 42 a layer, which counted every layer as moving: loading.json, 1,172 layers
        /// and 4 animations, was estimated at 10 times its 4.9 s.)
        public var probeAnimation: Double
        /// The animated SVG: one layer of the tree walked at an instant the compiler probes.
        public var probeLayer: Double
        /// The animated SVG: one layer of the tree built afresh for the probes of a timed change's
        /// instant (each model's tree is built again where a probe crosses a change). (2,000 changes
        /// over 50 dots compiled in 4.7 s.)
        public var changeProbe: Double
        /// The animated SVG: one evaluation of the tree, per layer, while the states of a formatted
        /// number's text are looked for between frames (12 a state). (2: a gauge's two counters of
        /// 213 states compiled in 184 ms, 0.24 of an estimate that counted each as a knot's probe.)
        public var numberProbe: Double
        /// The animated SVG: one state of a formatted number's text checked at one instant (its
        /// element's tracks). (0.3: ten counters of 250 states compiled in 3.0 s, 2.95 of an estimate made with 0.5.)
        public var numberTrack: Double
        /// The animated SVG: one moving layer whose tracks are sampled and fitted adaptively, per layer
        /// of the tree.
        public var sampledLayer: Double
        /// The animated SVG, per observed instant: one item sampled without an exact form, fitted.
        public var sampledItem: Double
        /// The animated SVG, per observed instant: one path element of a path morph (fitted point by
        /// point).
        public var sampledElement: Double
        /// The animated SVG, per observed instant: one path element of a keyframed path morph (a
        /// model layer's own path, fitted segment by segment between its keys). (0.94 with the corpus,
        /// whose fireworks morph hundreds of paths: 5317-fireworkds.json, 392 of them, compiled in 9 s
        /// against 63 s estimated as a component's sampled morphs, 6.4 an element, and a fit each
        /// probing the whole tree, which refused it by default.)
        public var keyedMorphElement: Double
        /// The animated SVG: a text's change bisected, per layer of the tree.
        public var `switch`: Double
        /// The animated SVG, per observed instant: one path element or dash entry.
        public var instantElement: Double
        /// The animated SVG, per observed instant: one draw item walked, compared and its tracks'
        /// values kept. (300 dots with a background, a border, a fill and a stroke each compiled in
        /// 320 to 460 ms, 0.26 to 0.37 of an estimate without this term.)
        public var instantItem: Double
        /// Memory: the process, bytes.
        public var processBytes: Double
        /// Memory: a raster renderer's bytes per device pixel.
        public var rendererPixelBytes: Double
        /// Memory: the PNG encoder's bytes per device pixel.
        public var pngPixelBytes: Double
        /// Memory: one keyframe value, bytes.
        public var keyframeValueBytes: Double
        /// Memory: one layer of the model and its presentation, bytes.
        public var layerBytes: Double
        /// Memory: one timed change, bytes.
        public var changeBytes: Double
        /// Memory: one path element or dash entry, bytes.
        public var elementBytes: Double

        /// The reference machine's: a 2-core x86-64 VM (`Tools/check-cost`).
        public static let reference = Coefficients(
            process: 6_000, keyframeValue: 1.8, cubicPacedValue: 38, change: 9.7, modelLayer: 24,
            animation: 2.2, derivedLayer: 1.1, idByte: 0.005,
            file: 6.3, svgElement: 0.14, svgLayer: 0.2, svgDerivedLayer: 1.5, svgTextByte: 0.053,
            streamPixel: 0.0015, pngPixel: 0.0048, edge: 0.002, row: 0.045,
            dash: 0.18, glyph: 0.92, gradientPixel: 0.0029, surfacePixel: 0.0022, shadowTap: 0.00035,
            instant: 4, probeAnimation: 0.38, probeLayer: 0.34, changeProbe: 12, numberProbe: 2, numberTrack: 0.3,
            sampledLayer: 350, sampledItem: 6.2, sampledElement: 6.4, keyedMorphElement: 0.94, switch: 150,
            instantElement: 0.11, instantItem: 1.2,
            processBytes: 11e6, rendererPixelBytes: 12, pngPixelBytes: 2, keyframeValueBytes: 100, layerBytes: 4_000, changeBytes: 500, elementBytes: 64)
    }
}
