extension SceneCost {
    /// The steps (microseconds of one core of the reference machine) each counted thing costs, and the
    /// bytes for memory: measured on whole processes by `Tools/check-cost`, which fits them (`--fit`)
    /// to scenes that raise one count at a time and to every shipped scene at three scales and two
    /// frame rates.
    public struct Coefficients: Hashable, Sendable {
        /// Starting the process, reading the scene and setting up the output.
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
        /// Per frame (or observed instant): presenting one drawn layer.
        public var layer: Double
        /// Per frame: evaluating one animation.
        public var animation: Double
        /// Per frame: one layer a component derives from its values (a pie's slice), made again.
        public var derivedLayer: Double
        /// Per frame: one byte of a drawn layer's id (hashed and compared).
        public var idByte: Double
        /// SVG frames, per frame: creating and writing the file.
        public var file: Double
        /// SVG frames, per frame: one draw item written.
        public var svgItem: Double
        /// SVG frames, per frame: one path element or dash entry written.
        public var svgElement: Double
        /// SVG frames, per frame: one byte of text written.
        public var svgTextByte: Double
        /// Raster frames, per frame: one device pixel filled with the background and streamed.
        public var streamPixel: Double
        /// Raster frames, per frame: one device pixel filled and encoded as PNG.
        public var pngPixel: Double
        /// Raster frames, per frame: one draw item set up.
        public var rasterItem: Double
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
        /// The animated SVG: one item's element and tracks, written once.
        public var itemTrack: Double
        /// The animated SVG, per observed instant: its evaluation and bookkeeping.
        public var instant: Double
        /// The animated SVG: one path morph fitted adaptively, per layer of the tree.
        public var morphItem: Double
        /// The animated SVG: one knot, where spans are fitted and probed, per layer of the tree (each
        /// probe evaluates all of it).
        public var knotProbe: Double
        /// The animated SVG, per observed instant: one drawn item read.
        public var instantItem: Double
        /// The animated SVG, per observed instant: one item whose drawing changes, fitted and checked.
        public var changingItem: Double
        /// The animated SVG, per observed instant: one layer whose transform, opacity or clip moves.
        public var movingLayer: Double
        /// The animated SVG: one moving layer whose tracks are sampled and fitted adaptively, per layer
        /// of the tree.
        public var sampledLayer: Double
        /// The animated SVG, per observed instant: one path element or gradient stop of a sampled item
        /// (a morph fitted point by point).
        public var sampledElement: Double
        /// The animated SVG: the model after one timed change walked by the timeline, per layer.
        public var timelineChange: Double
        /// The animated SVG: a text's change bisected, per layer of the tree.
        public var `switch`: Double
        /// The animated SVG, per observed instant: one path element or dash entry.
        public var instantElement: Double
        /// The animated SVG, per observed instant: one byte of text.
        public var instantTextByte: Double
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
            process: 10_000, keyframeValue: 2.6, cubicPacedValue: 34, change: 12, modelLayer: 44,
            layer: 9.3e-07, animation: 3.3, derivedLayer: 1.1, idByte: 0.005,
            file: 9.9, svgItem: 0.17, svgElement: 0.22, svgTextByte: 0.15,
            streamPixel: 0.0019, pngPixel: 0.0067, rasterItem: 0.69, edge: 0.013, row: 0.052,
            dash: 0.17, glyph: 1.1, gradientPixel: 0.01, surfacePixel: 0.0045,
            itemTrack: 24, instant: 8.3, morphItem: 950, knotProbe: 62, instantItem: 0.035, changingItem: 0.012, movingLayer: 0.0093,
            sampledLayer: 540, sampledElement: 6.4, timelineChange: 5.8, switch: 210,
            instantElement: 0.045, instantTextByte: 2e-05,
            processBytes: 11e6, rendererPixelBytes: 12, pngPixelBytes: 2, keyframeValueBytes: 100, layerBytes: 4_000, changeBytes: 500, elementBytes: 64)
    }
}
