import Easing
import Flipbook
import FlipbookComponents

/// A scene that cannot be written as a scene file, and why.
public struct SceneEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the scene, as a JSON path of the file that would be written (`layers[2].fillColor`).
    public var path: String
    public var message: String
    public var description: String { "\(path.isEmpty ? "scene" : path): \(message)" }
}

/// Writes a `Scene` as a scene file (format version 1) that `SceneLoader` reads back equal.
///
/// The output is deterministic: members in a fixed order (layer: id, type, the type's properties in
/// its declared order, timing, animations, sublayers), numbers in their shortest exact form. Every
/// value is written exactly: angles in degrees when a degree value converts back to the same radians,
/// otherwise as `{"radians": r}`; colours as hex when that is exact, otherwise `[r, g, b, a]`;
/// transforms as matrices; paths as element lists.
///
/// A layer with neither `bounds` nor `position` set is written with zero bounds set (a scene file's
/// unplaced layer fills its parent instead); everything else loads back equal. The root must be as the
/// loader makes it (id "root", the canvas as bounds, anchor at the top left, nothing else).
public struct SceneEncoder {
    /// Layer types the file may name; the loader that reads it back needs the same.
    public var layerTypes: [any LayerBehavior.Type]

    public init(layerTypes: [any LayerBehavior.Type] = LayerTypes.builtIn) {
        self.layerTypes = layerTypes
    }

    /// An encoder for the built-in layer types and `customTypes` (as `SceneLoader(adding:)` reads).
    public init(adding customTypes: [any LayerBehavior.Type]) {
        let names = Set(customTypes.map { $0.typeName })
        self.init(layerTypes: LayerTypes.builtIn.filter { !names.contains($0.typeName) } + customTypes)
    }

    /// The scene file's text, ending in a newline.
    public func encode(_ scene: Scene, title: String? = nil) throws(SceneEncodingError) -> String {
        var members: [(String, JSONText)] = [("flipbook", .number(Double(SceneLoader.formatVersion)))]
        if let title { members.append(("title", .string(title))) }
        members.append(("canvas", .array([.number(scene.canvas.width), .number(scene.canvas.height)])))
        if scene.background != .clear { members.append(("background", try SceneValueText.color(scene.background, at: "background"))) }
        members.append(("duration", .number(scene.duration)))
        members.append(("fps", .number(scene.fps)))
        if scene.loops { members.append(("loop", .bool(true))) }
        if let at = scene.reducedMotionAt { members.append(("reducedMotion", .object([("at", .number(at))]))) }
        if let fade = scene.reducedMotionCrossfade { members.append(("reducedMotion", .object([("crossfade", .number(fade))]))) }
        if let at = scene.poster { members.append(("poster", .number(at))) }
        try checkRoot(scene)
        var types: [String: LayerType] = ["root": scene.root.type]
        let layers = try scene.root.sublayers.enumerated().map { (i, layer) throws(SceneEncodingError) in
            try self.layer(layer, at: "layers[\(i)]", types: &types)
        }
        members.append(("layers", .array(layers)))
        if !scene.changes.isEmpty {
            // The layers changes add first (a change may name one listed later), then each change.
            var added: [Int: JSONText] = [:]
            for (i, change) in scene.changes.enumerated() {
                if case .add(let layer, _)? = change.edit { added[i] = try self.layer(layer, at: "changes[\(i)].add", types: &types) }
            }
            members.append(("changes", .array(try scene.changes.enumerated().map { (i, change) throws(SceneEncodingError) in
                try self.change(change, at: "changes[\(i)]", types: types, added: added[i])
            })))
        }
        let file = JSONText.object(members)
        try file.checkFinite(at: "")
        return file.rendered() + "\n"
    }

    private func checkRoot(_ scene: Scene) throws(SceneEncodingError) {
        var expected = Layer(id: "root")
        expected[.bounds] = Rect(origin: .zero, size: scene.canvas)
        expected[.anchorPoint] = .zero
        expected.sublayers = scene.root.sublayers
        guard scene.root == expected else {
            throw SceneEncodingError(path: "", message: "the root layer must be a plain layer with id \"root\", the canvas as bounds and anchorPoint (0, 0), and no other properties, animations or timing (put them on a layer inside it)")
        }
    }

    private func layer(_ layer: Layer, at path: String, types: inout [String: LayerType]) throws(SceneEncodingError) -> JSONText {
        guard layerTypes.contains(where: { $0.typeName == layer.type.name }) else {
            throw SceneEncodingError(path: path + ".type", message: "the layer type \"\(layer.type.name)\" is not among the encoder's layer types")
        }
        types[layer.id] = layer.type
        var members: [(String, JSONText)] = [("id", .string(layer.id))]
        if layer.type.name != PlainLayer.typeName { members.append(("type", .string(layer.type.name))) }
        var layer = layer
        if !layer.isSet(.bounds) && !layer.isSet(.position) { layer[.bounds] = .zero }
        let declared = layer.type.allProperties
        var written = Set<String>()
        for key in declared where !written.contains(key.name) {
            written.insert(key.name)
            guard let value = layer.properties[key.propertyName] else { continue }
            members.append((key.name, try SceneValueText.value(value, for: key, at: path + "." + key.name)))
        }
        if let stray = layer.properties.keys.first(where: { !written.contains($0) }) {
            throw SceneEncodingError(path: path + "." + stray, message: "a \(layer.type.name) layer has no property \"\(stray)\"")
        }
        if layer.timing != MediaTiming() {
            let t = layer.timing
            guard t.duration == MediaTiming().duration, t.repeatCount == 0, t.repeatDuration == 0, !t.autoreverses,
                  t.fillMode == MediaTiming().fillMode else {
                throw SceneEncodingError(path: path + ".timing", message: "a layer's timing in a scene file has beginTime, speed and timeOffset only")
            }
            var timing: [(String, JSONText)] = []
            if t.beginTime != 0 { timing.append(("beginTime", .number(t.beginTime))) }
            if t.speed != 1 { timing.append(("speed", .number(t.speed))) }
            if t.timeOffset != 0 { timing.append(("timeOffset", .number(t.timeOffset))) }
            members.append(("timing", .object(timing)))
        }
        if !layer.animations.isEmpty {
            members.append(("animations", .array(try layer.animations.enumerated().map { (i, keyed) throws(SceneEncodingError) in
                try AnimationText.animation(keyed.animation, key: keyed.key, at: path + ".animations[\(i)]")
            })))
        }
        let drawn = layer.sublayers.filter { !$0.isMask }
        if !drawn.isEmpty {
            members.append(("sublayers", .array(try drawn.enumerated().map { (i, sublayer) throws(SceneEncodingError) in
                try self.layer(sublayer, at: path + ".sublayers[\(i)]", types: &types)
            })))
        }
        if let mask = layer.mask {
            members.append(("mask", try self.layer(mask, at: path + ".mask", types: &types)))
            if layer.maskMode != .alpha { members.append(("maskMode", .string(layer.maskMode.rawValue))) }
        }
        return .object(members)
    }

    private func change(_ change: TimedChange, at path: String, types: [String: LayerType], added: JSONText?) throws(SceneEncodingError) -> JSONText {
        guard let type = types[change.layerID] else {
            throw SceneEncodingError(path: path + ".layer", message: "no layer has the id \"\(change.layerID)\"")
        }
        switch change.edit {
        case .add(_, let index)?:
            var members: [(String, JSONText)] = [("at", .number(change.time)), ("add", added ?? .object([]))]
            if change.layerID != "root" { members.append(("to", .string(change.layerID))) }
            if let index { members.append(("index", .number(Double(index)))) }
            if change.fade > 0 { members.append(("fade", .number(change.fade))) }
            return .object(members)
        case .remove?:
            guard change.layerID != "root" else { throw SceneEncodingError(path: path + ".remove", message: "the root layer cannot be removed") }
            return .object([("at", .number(change.time)), ("remove", .string(change.layerID))] + (change.fade > 0 ? [("fade", .number(change.fade))] : []))
        case nil:
            break
        }
        var members: [(String, JSONText)] = [("at", .number(change.time)), ("layer", .string(change.layerID))]
        var set: [(String, JSONText)] = []
        for assignment in change.assignments {
            guard let key = type.property(named: assignment.key.name) else {
                throw SceneEncodingError(path: path + ".set." + assignment.key.name, message: "a \(type.name) layer has no property \"\(assignment.key.name)\"")
            }
            guard !set.contains(where: { $0.0 == key.name }) else {
                throw SceneEncodingError(path: path + ".set." + key.name, message: "\"\(key.name)\" is set twice in one change")
            }
            set.append((key.name, try SceneValueText.value(assignment.value, for: key, at: path + ".set." + key.name)))
        }
        members.append(("set", .object(set)))
        let t = change.transaction, d = Transaction()
        if t.duration != d.duration { members.append(("duration", .number(t.duration))) }
        if t.timingFunction != d.timingFunction { members.append(("timing", .string(t.timingFunction.description))) }
        if t.disableActions { members.append(("disableActions", .bool(true))) }
        return .object(members)
    }
}
