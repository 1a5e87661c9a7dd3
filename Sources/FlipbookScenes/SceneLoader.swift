import Easing
import Flipbook
import FlipbookComponents
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads scene files (format version 1, documented in Scenes/README.md) into `Scene`s.
///
/// Every problem is found here, before anything renders, and reported as a `SceneError` naming the
/// file, the JSON path and what was expected: syntax errors, unknown or duplicate keys (with a
/// did-you-mean), wrong types, NaN, infinite or negative durations, empty keyframe lists, mismatched
/// key times, unknown properties or layer types, duplicate or unknown layer ids, and the limits.
public struct SceneLoader {
    /// Layer types scene files may name: the built-in ones unless more are given.
    public var layerTypes: [any LayerBehavior.Type]
    public var limits: SceneLimits

    public init(layerTypes: [any LayerBehavior.Type] = LayerTypes.builtIn, limits: SceneLimits = SceneLimits()) {
        self.layerTypes = layerTypes
        self.limits = limits
    }

    /// A loader that reads the built-in layer types and `customTypes` (a type named like a built-in
    /// one replaces it).
    public init(adding customTypes: [any LayerBehavior.Type], limits: SceneLimits = SceneLimits()) {
        let names = Set(customTypes.map { $0.typeName })
        self.init(layerTypes: LayerTypes.builtIn.filter { !names.contains($0.typeName) } + customTypes, limits: limits)
    }

    /// The names of the layer types scene files may use.
    public var layerTypeNames: [String] { layerTypes.map { $0.typeName } }

    /// The layer type named `name`, or nil.
    public func layerType(named name: String) -> LayerType? {
        for behavior in layerTypes where behavior.typeName == name { return LayerType(behavior) }
        return nil
    }

    /// The current format version.
    public static let formatVersion = 1

    /// Reads and decodes the file at `path`.
    public func load(contentsOf path: String) throws(SceneError) -> Scene {
        guard let data = LocalFile.contents(atPath: path) else {
            let message = switch LocalFile.kind(atPath: path) {
            case .missing: "no such file"
            case .folder: "is a folder, not a scene file"
            case .file: "cannot be read"
            }
            throw SceneError(file: path, path: "", message: message)
        }
        return try decode(data, file: path)
    }

    /// Decodes scene JSON; `file` names it in errors.
    public func decode(_ bytes: [UInt8], file: String) throws(SceneError) -> Scene {
        try decode(parse(bytes, file: file), file: file)
    }

    /// The JSON of a scene file (or of any file read as one: a Lottie file), parsed as `decode` parses
    /// it (nesting up to four times the layer depth allowed, at least 200); `file` names it in errors.
    public func parse(_ bytes: [UInt8], file: String) throws(SceneError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes, maxDepth: max(200, limits.depth * 4))
        } catch {
            throw SceneError(file: file, path: "", message: "line \(error.line), column \(error.column): \(error.message)")
        }
    }

    /// Decodes parsed scene JSON, its parameters (`"params"`) at their defaults; `file` names it in
    /// errors.
    public func decode(_ json: JSONValue, file: String) throws(SceneError) -> Scene {
        try decode(json, file: file, parameters: [:])
    }

    /// Decodes scene JSON whose parameter references are already bound (`SceneParameters.bind`): a
    /// batch binds one parsed template to each row's values and decodes it so.
    public func decodeBound(_ json: JSONValue, file: String) throws(SceneError) -> Scene {
        var context = Context(loader: self)
        return try context.scene(JSONReader(value: json, path: "", file: file))
    }

    /// State while decoding one file.
    struct Context {
        let loader: SceneLoader
        var ids: [String: String] = [:]
        var types: [String: LayerType] = [:]
        /// Each layer's bounds and depth as read (a layer added to it without a frame fills it).
        var placed: [String: (bounds: Rect, depth: Int)] = [:]
        /// When changes add layers, by the ids of the added layers and their sublayers.
        var addedAt: [String: Double] = [:]
        var layerCount = 0

        init(loader: SceneLoader) {
            self.loader = loader
        }

        static let topKeys = ["flipbook", "$schema", "title", "description", "canvas", "background", "duration", "fps", "loop",
                              "params", "layers", "changes", "lint", "reducedMotion", "poster"]

        mutating func scene(_ r: JSONReader) throws(SceneError) -> Scene {
            let o = try r.object()
            let versionReader = try o.required("flipbook", "the format version, \"flipbook\": 1")
            let version = try versionReader.number("the format version 1")
            guard version == Double(SceneLoader.formatVersion) else {
                throw versionReader.error("unsupported format version \(versionReader.format(version)); this Flipbook reads version 1")
            }
            _ = try o.optional("$schema")?.string()
            _ = try o.optional("title")?.string()
            _ = try o.optional("description")?.string()
            _ = o.optional("params") // read and bound before (SceneParameters)
            if let lint = o.optional("lint") { _ = try SceneLoader.lintAllowances(lint) }
            let canvasReader = try o.required("canvas", "the canvas size [width, height] in pixels")
            let canvas = try size(canvasReader)
            let duration = try o.required("duration", "the length in seconds").number("a duration ≥ 0 in seconds", where: { $0 >= 0 && $0.isFinite })
            // At least a frame every 1,000 s: slower rates put an animation's key times within 1e-9 of a
            // frame of each other, where the Lottie file (frames, 9 decimals) holds them all at one
            // (fuzz seed 20261122: fps 1e-300 showed a pie's last value at its first frame).
            let fps = try o.optional("fps")?.number("frames per second from 0.001 to 1000", where: { $0 >= 0.001 && $0 <= 1000 }) ?? 60
            let loops = try o.optional("loop")?.bool() ?? false
            let background = try o.optional("background").map { (r) throws(SceneError) in try SceneValues.color(r) } ?? .clear

            var root = Layer(id: "root")
            root[.bounds] = Rect(origin: .zero, size: canvas)
            root[.anchorPoint] = .zero
            ids["root"] = "the canvas"
            types["root"] = root.type
            placed["root"] = (root.bounds, 0)
            if let layers = o.optional("layers") {
                for item in try layers.array() {
                    root.sublayers.append(try layer(item, parentBounds: root.bounds, depth: 1))
                }
            }
            var changes: [TimedChange] = []
            if let list = o.optional("changes") {
                let items = try list.array()
                guard items.count <= loader.limits.keyframes else {
                    throw list.error("\(items.count) timed changes is over the limit of \(loader.limits.keyframes) items in one list (raise --max-keyframes)")
                }
                // Layers that changes add first (a change may name one listed later), then the others, in
                // the list's order.
                var read: [TimedChange?] = Array(repeating: nil, count: items.count)
                for (i, item) in items.enumerated() {
                    if case .object(let members) = item.value.kind, members.contains(where: { $0.key == "add" }) { read[i] = try change(item) }
                }
                for (i, item) in items.enumerated() where read[i] == nil { read[i] = try change(item) }
                changes = read.compactMap { $0 }
            }
            var reducedMotionAt: Double?, reducedMotionCrossfade: Double?
            if let reduced = o.optional("reducedMotion") {
                let r = try reduced.object()
                if let fade = r.optional("crossfade") {
                    reducedMotionCrossfade = try fade.number("a dissolve's length in seconds, above 0 and at most 60", where: { $0 > 0 && $0 <= 60 })
                    try r.finish(allowed: ["crossfade"])
                } else {
                    reducedMotionAt = try r.required("at", "the instant reduced motion holds, seconds (or crossfade: a dissolve's length)").number("a time in seconds from 0 to the duration (\(duration))", where: { $0 >= 0 && $0 <= duration })
                    try r.finish(allowed: ["at"])
                }
            }
            let poster = try o.optional("poster")?.number("a time in seconds from 0 to the duration (\(duration))", where: { $0 >= 0 && $0 <= duration })
            try o.finish(allowed: Self.topKeys)
            let frames = (duration * fps).rounded() + 1
            guard frames <= Double(loader.limits.frames) else {
                throw r.child("duration", r.value).error("\(Int(saturating: frames)) frames (duration × fps + 1) is over the limit of \(loader.limits.frames); shorten the scene, lower fps or raise --max-frames")
            }
            var scene = Scene(canvas: canvas, background: background, duration: duration, fps: fps, loops: loops, root: root, changes: changes)
            scene.reducedMotionAt = reducedMotionAt
            scene.reducedMotionCrossfade = reducedMotionCrossfade
            scene.poster = poster
            return scene
        }

        func size(_ r: JSONReader) throws(SceneError) -> Size {
            let limit = loader.limits.canvasSide
            let check = { (v: Double) in v > 0 && v <= limit }
            let expected = "a side > 0 and ≤ \(r.format(limit)) pixels"
            if case .object = r.value.kind {
                let o = try r.object()
                let w = try o.required("width", "pixels").number(expected, where: check)
                let h = try o.required("height", "pixels").number(expected, where: check)
                try o.finish(allowed: ["width", "height"])
                return Size(w, h)
            }
            let items = try r.array()
            guard items.count == 2 else { throw r.error("expected the canvas size [width, height], got an array of \(items.count)") }
            return Size(try items[0].number(expected, where: check), try items[1].number(expected, where: check))
        }

        static let layerKeys = ["id", "type", "frame", "timing", "animations", "sublayers", "mask", "maskMode"]
        /// The longest layer id, in UTF-8 bytes.
        static let maxIDBytes = 256

        mutating func layer(_ r: JSONReader, parentBounds: Rect, depth: Int) throws(SceneError) -> Layer {
            guard depth <= loader.limits.depth else {
                throw r.error("layers nest deeper than \(loader.limits.depth) levels (raise --max-depth)")
            }
            layerCount += 1
            guard layerCount <= loader.limits.layers else {
                throw r.error("more than \(loader.limits.layers) layers (raise --max-layers)")
            }
            let o = try r.object()
            let idReader = try o.required("id", "a unique name for the layer")
            let id = try idReader.string()
            guard !id.isEmpty else { throw idReader.error("expected a non-empty id") }
            // Ids are hashed wherever a layer is looked up, every frame: a 10-million-character id (a
            // fuzz mutant) made each frame seconds long without adding to any estimate.
            guard id.utf8.count <= Self.maxIDBytes else {
                throw idReader.error("an id of \(id.utf8.count) bytes is over the limit of \(Self.maxIDBytes)")
            }
            // Components name the layers they make "<id>.<part>" (pie.slice0, graph.line): a user id
            // with a dot could be one of them, so the dot is reserved.
            if id.contains(".") {

                throw idReader.error("the id \"\(JSONReader.shown(id))\" has a '.', which is reserved for the layers components make (a pie chart \"pie\" makes \"pie.slice0\", …); use '-' or '_' instead")
            }
            if let first = ids[id] {
                throw idReader.error("duplicate id \"\(id)\" (already used by \(first))")
            }
            ids[id] = r.path
            var typeName = "layer"
            if let t = o.optional("type") {
                typeName = try t.string()
                guard loader.layerType(named: typeName) != nil else {
                    let names = loader.layerTypeNames
                    throw t.error("unknown layer type \"\(typeName)\"\(DidYouMean.hint(for: typeName, among: names)); expected one of \(names.joined(separator: ", "))")
                }
            }
            var layer = Layer(id: id, type: loader.layerType(named: typeName)!.behavior)
            types[id] = layer.type
            let properties = layer.type.allProperties
            for key in o.keys where !Self.layerKeys.contains(key) {
                guard let property = properties.first(where: { $0.name == key }) else { continue }
                let value = try SceneValues.value(o.optional(key)!, for: property)
                try checkListSize(value, o.optional(key)!)
                layer.properties[key] = value
            }
            if let frameReader = o.optional("frame") {
                if o.has("bounds") || o.has("position") {
                    throw frameReader.error("give either frame or bounds and position, not both")
                }
                let v = try frameReader.numbers(count: 4, what: "a frame [x, y, width, height]")
                let anchor = layer[.anchorPoint]
                layer[.bounds] = Rect(x: 0, y: 0, width: v[2], height: v[3])
                let position = Point(v[0] + anchor.x * v[2], v[1] + anchor.y * v[3])
                guard position.x.isFinite, position.y.isFinite else {
                    throw frameReader.error("the frame's origin plus its size is too large to hold (the layer's position would be infinite)")
                }
                layer[.position] = position
            } else if !o.has("bounds") && !o.has("position") {
                // Unplaced layers fill their parent.
                let anchor = layer[.anchorPoint]
                layer[.bounds] = Rect(x: 0, y: 0, width: parentBounds.width, height: parentBounds.height)
                layer[.position] = Point(parentBounds.minX + anchor.x * parentBounds.width, parentBounds.minY + anchor.y * parentBounds.height)
            }
            if let timingReader = o.optional("timing") {
                let t = try timingReader.object()
                layer.timing.beginTime = try t.optional("beginTime")?.number("a time in seconds", where: \.isFinite) ?? 0
                layer.timing.speed = try t.optional("speed")?.number("a finite speed", where: \.isFinite) ?? 1
                layer.timing.timeOffset = try t.optional("timeOffset")?.number("a time in seconds", where: \.isFinite) ?? 0
                try t.finish(allowed: ["beginTime", "speed", "timeOffset"])
            }
            if let list = o.optional("animations") {
                for item in try list.array() {
                    let (animation, key) = try AnimationDecoder(loader: loader).animation(item, type: layer.type, depth: 1)
                    if layer.type == LayerType(ReplicatorLayer.self),
                       let name = animation.keys.first(where: { name in ReplicatorLayer.properties.contains { $0.name == name } }) {
                        throw item.error("\(name) takes effect at once and is not animated (a timed change may set it)")
                    }
                    layer.add(animation, forKey: key)
                }
            }
            if let list = o.optional("sublayers") {
                for item in try list.array() {
                    layer.sublayers.append(try self.layer(item, parentBounds: layer.bounds, depth: depth + 1))
                }
            }
            if let item = o.optional("mask") {
                // In the layer's own space, filling its bounds when unplaced (as a sublayer).
                layer.mask = try self.layer(item, parentBounds: layer.bounds, depth: depth + 1)
            }
            if let mode = try Self.maskMode(o) { layer.maskMode = mode }
            try o.finish(allowed: Self.layerKeys + properties.map(\.name))
            if layer.type == LayerType(ReplicatorLayer.self) {
                // Each instance is a copy of the sublayers: the copies count against the layer limit.
                let drawn = layer.expandedLayerCount
                let asked = layer[ReplicatorLayer.instanceCount].rounded(.down)
                let perInstance = 1 + layer.sublayers.reduce(0.0) { $0 + Double($1.expandedLayerCount) }
                let wanted = asked * perInstance + 1
                if wanted > Double(loader.limits.layers) || asked > Double(ReplicatorLayer.maxInstances) {
                    let countReader = o.optional("instanceCount") ?? r
                    throw countReader.error("\(r.format(asked)) instances of \(r.format(perInstance)) layers each (the sublayers and the instance) draw \(r.format(wanted)) layers, over the limit of \(min(loader.limits.layers, ReplicatorLayer.maxInstances * Int(perInstance))) (lower instanceCount or raise --max-layers)")
                }
                layerCount += max(0, drawn - layer.allLayers.count)
            }
            placed[id] = (layer.bounds, depth)
            return layer
        }

        func checkListSize(_ value: PropertyValue, _ r: JSONReader) throws(SceneError) {
            if case .text(let s) = value {
                let bytes = s.utf8.count
                guard bytes <= loader.limits.textBytes else {
                    throw r.error("a string of \(bytes) bytes is over the limit of \(loader.limits.textBytes) bytes for one string (raise --max-text)")
                }
            }
            let count: Int = switch value {
            case .numbers(let v): v.count
            case .colors(let v): v.count
            case .dashPattern(let d): d.lengths.count
            case .path(let p): p.elements.count
            case .gradient(let g): g.stops.count
            default: 0
            }
            guard count <= loader.limits.keyframes else {
                throw r.error("\(count) items is over the limit of \(loader.limits.keyframes) (raise --max-keyframes)")
            }
        }

        static let changeKeys = ["at", "layer", "set", "duration", "timing", "disableActions"]
        static let addKeys = ["at", "add", "to", "index", "fade"]
        static let removeKeys = ["at", "remove", "fade"]

        /// A change's `"fade"`: the onOrderIn or onOrderOut fade, seconds ≥ 0 (0 when absent).
        func fade(_ o: ObjectReader) throws(SceneError) -> Double {
            try o.optional("fade")?.number("a fade in seconds ≥ 0", where: { $0 >= 0 && $0.isFinite && $0 <= 1e6 }) ?? 0
        }

        mutating func change(_ r: JSONReader) throws(SceneError) -> TimedChange {
            let o = try r.object()
            let time = try o.required("at", "the time of the change in seconds").number("a time ≥ 0 in seconds", where: { $0 >= 0 && $0.isFinite })
            if let addReader = o.optional("add") {
                // {"at": 1, "add": {a layer}, "to": "parent-id", "index": 2}
                let toReader = o.optional("to")
                let parent = try toReader?.string() ?? "root"
                guard let (bounds, depth) = placed[parent] else {
                    throw (toReader ?? r).error("no layer has the id \"\(parent)\"\(DidYouMean.hint(for: parent, among: Array(types.keys)))")
                }
                let index = try o.optional("index")?.number("a sublayer index ≥ 0 (0: at the bottom)", where: { $0 >= 0 && $0 <= 1e9 && $0 == $0.rounded() })
                if let joined = addedAt[parent], joined > time {
                    throw (toReader ?? r).error("\"\(parent)\" is added at \(r.format(joined)) s, after this change at \(r.format(time)) s")
                }
                let layer = try self.layer(addReader, parentBounds: bounds, depth: depth + 1)
                for sublayer in layer.allLayers { addedAt[sublayer.id] = time }
                let fade = try fade(o)
                try o.finish(allowed: Self.addKeys)
                return .add(layer, to: parent, at: index.map { Int($0) }, time: time, fade: fade)
            }
            if let removeReader = o.optional("remove") {
                // {"at": 2, "remove": "layer-id"}
                let id = try removeReader.string()
                guard types[id] != nil, id != "root" else {
                    throw removeReader.error("no layer has the id \"\(id)\"\(DidYouMean.hint(for: id, among: Array(types.keys)))")
                }
                if let joined = addedAt[id], joined > time {
                    throw removeReader.error("\"\(id)\" is added at \(r.format(joined)) s, after this change at \(r.format(time)) s")
                }
                let fade = try fade(o)
                try o.finish(allowed: Self.removeKeys)
                return .remove(id, time: time, fade: fade)
            }
            let layerReader = try o.required("layer", "the id of the layer to change (or \"add\": a layer, or \"remove\": an id)")
            let id = try layerReader.string()
            guard let type = types[id] else {
                throw layerReader.error("no layer has the id \"\(id)\"\(DidYouMean.hint(for: id, among: Array(types.keys)))")
            }
            if let joined = addedAt[id], joined > time {
                throw layerReader.error("\"\(id)\" is added at \(r.format(joined)) s, after this change at \(r.format(time)) s")
            }
            var transaction = Transaction()
            if let d = o.optional("duration") { transaction.duration = try d.number("a duration > 0 in seconds", where: { $0 > 0 && $0.isFinite }) }
            if let t = o.optional("timing") { transaction.timingFunction = try AnimationDecoder.easing(t) }
            if let d = o.optional("disableActions") { transaction.disableActions = try d.bool() }
            let setReader = try o.required("set", "the properties to change, {\"name\": value}")
            let set = try setReader.object()
            guard !set.members.isEmpty else { throw setReader.error("expected at least one property to set") }
            var assignments: [TimedChange.Assignment] = []
            for name in set.keys {
                let valueReader = set.optional(name)!
                guard let key = type.property(named: name) else {
                    throw valueReader.error(UnknownProperty.message(name, type: type))
                }
                let value = try SceneValues.value(valueReader, for: key)
                try checkListSize(value, valueReader)
                assignments.append(TimedChange.Assignment(key: key, value: value))
            }
            try o.finish(allowed: Self.changeKeys)
            return TimedChange(time: time, layerID: id, assignments: assignments, transaction: transaction)
        }
    }
}
