extension SceneCost {
    /// Estimated peak memory of `output`, bytes: the process (its code and runtime), the model and one
    /// presentation of it, then what the output holds at once.
    ///
    /// - SVG frames: each thread's frame and up to 16 frames a thread written ahead.
    /// - Raster frames: each thread's renderer (its frame, coverage and the surfaces of its groups, as
    ///   `ParallelFrames.raster` caps the threads at 1 GB of renderers), the frames rendered ahead that
    ///   wait for the writer (counted as half the window: 8 a thread of the 16 it may hold, and 128 MB
    ///   of its 256 MB, 4 bytes a pixel) and the
    ///   encoder's rows and output.
    /// - The animated SVG: the snapshots of the instants it evaluates (a cache of at most 20,000) and
    ///   the tracks' keyframes and text.
    public func memory(_ output: Output) -> Double {
        let m = Coefficients.reference
        var model = m.keyframeValueBytes * Double(keyframeValues)
        model += m.layerBytes * Double(max(layers, modelLayers))
        model += m.changeBytes * Double(changes)
        model += m.elementBytes * Double(pathElements)
        model += 4 * Double(textBytes + idBytes)
        // One frame's drawing: its nodes, path elements and text.
        let frame = 400 * Double(layers) + 40 * Double(pathElements) + 8 * Double(textBytes) as Double
        switch output {
        case .svgFrames:
            // (A frame's conic wedges are written as text: about 60 bytes a path element.)
            let written = frame + 60 * Double(wedgeElements)
            return m.processBytes + model + Double(jobs) * Double(min(17, max(frames, 1))) * written
        case .raster(let scale, let png):
            let pixels = self.pixels(scale)
            let threads = Double(max(1, min(jobs, Int(min(Double(1 << 30) / max(pixels * 12, 1), Double(Int.max))))))
            // Each thread's renderer and the surfaces of its groups, then the frames waiting for the
            // writer (a few a thread while it keeps up) and the encoder's rows and output.
            // A shadow's plane holds a Float a pixel beside its two surfaces (the source and the group).
            let shadowBytes = 8 * (shadows.map(\.area).max() ?? 0) * scale * scale
            let renderer = m.rendererPixelBytes * pixels + 4 * surfacePixels * scale * scale + shadowBytes + frame
            let waiting = min(8 * threads, Double(128 << 20) / max(pixels * 4, 1)) * 4 * pixels
            return m.processBytes + model + threads * renderer + waiting + (png ? m.pngPixelBytes * pixels : 0)
        case .animated:
            // Every instant evaluated as a whole tree is kept (20,000 of them at most, and what the
            // compiler weighs as 256 MB; counted here up to 640 MB, since 800 shapes changing on a spring
            // for 10 s passed 1 GB, while 1,000 changing pie slices peak at 152 MB): the observed ones;
            // and in a scene with layers that components derive, about 40 for each text change
            // bisected, 50 for each layer whose tracks are fitted adaptively, 10 for each knot and the
            // instants the sampled items' fits share. (A layer of the model is read at those instants
            // alone, `LayerAlone`, and nothing is kept of them; a derived one through the whole tree.
            // Counted for every layer where any is derived: more than the compiler keeps.) Where fewer
            // than 2,000 snapshots fit in the cache, adaptive sampling asks for no more than fit
            // (`Sampler.sampleDepth`). A snapshot holds a node of its own (about 450 bytes; weighed
            // `snapshotNodeWeight` and its path elements) for each layer that moves or draws something
            // that changes, and 48 bytes (weighed `snapshotSharedWeight`) for each other: a reference to
            // the node the snapshots share, and its slot's entries. The first holds every layer's.
            var evaluated = animatedInstants
            if derivedLayers > 0 {
                evaluated += 40 * Double(textSwitches) + 50 * Double(sampledLayers) + 10 * Double(knots)
                if sampledItems > 0 { evaluated += Self.sampledInstants }
            }
            let all = Double(layers), changing = Double(min(layers, movingLayers + changingItems))
            let weight = Double(Self.snapshotNodeWeight) * changing + Double(Self.snapshotSharedWeight) * (all - changing)
                + Double(pathElements) * changing / max(all, 1)
            let fit = min(Double(Self.snapshotCacheCount), Double(Self.snapshotCacheWeight) / max(weight, 1))
            let kept = min(evaluated, fit < 2_000 ? fit : Double(Self.snapshotCacheCount))
            let snapshot = 48 * all + 450 * changing + 40 * Double(pathElements) + 8 * Double(textBytes)
            let snapshots = 450 * all + min(640e6, kept * snapshot)
            // Each track keeps the engine's values at every instant it was checked at (for the other
            // formats' checks), an array each: about four tracks a changing item (a colour's channels,
            // a width), three a moving layer (position, rotation or scale, opacity).
            let tracked = Double(items) + 4 * Double(changingItems) + 3 * Double(movingLayers)
            // The elements of texts observed at the frames and knots only (`gridNumberStates`) keep
            // two such arrays each (their 319 took 20 MB over 638 instants, fuzz seed 20261240).
            let tracks = animatedInstants * (tracked + 2 * Double(gridNumberStates)) * 48 + animatedInstants * 16 * Double(pathElements)
            // Conic gradients' wedges, written once: an element and its path (about five elements) each.
            let wedges = 300 * Double(wedgeElements)
            return m.processBytes + model + snapshots + tracks + wedges
        }
    }
}
