import Easing
import Flipbook
import FlipbookSVG
import FlipbookSupport

/// Chosen properties of chosen layers at chosen instants, as the presentation tree shows them: what
/// a motion test records and compares with a golden file (`Golden`), and what `flipbook trace` prints.
///
/// Each value is the text `flipbook dump` prints for it (`PresentationJSON.text(of:)`): numbers to 6
/// decimals in scene-file units (pixels, degrees), points and sizes as lists, colours as `#rrggbb` or
/// `#rrggbbaa`, paths as SVG path data. So a trace and a dump at the same instant agree value for value.
public struct Trace: Hashable, Sendable {
    /// One property of one layer at one instant.
    public struct Sample: Hashable, Sendable {
        /// Seconds in scene time.
        public var time: Double
        /// The layer's id.
        public var layer: String
        /// The property's scene-file name (`strokeEnd`, `position`, `transform`).
        public var property: String
        /// The value's JSON text as `flipbook dump` prints it.
        public var value: String

        public init(time: Double, layer: String, property: String, value: String) {
            self.time = time
            self.layer = layer
            self.property = property
            self.value = value
        }
    }

    /// In the order recorded: instant by instant, then layer, then property.
    public var samples: [Sample]

    public init(samples: [Sample]) { self.samples = samples }

    /// The trace of `scene` at `times` (seconds, any order, each finite): for every layer of
    /// `layers` (ids; nil: every layer of the presentation tree, derived ones included) every property
    /// of `properties` it has (nil: all of them). A layer or property named that the scene does not
    /// have is an error that lists what it has.
    public init(_ scene: Scene, layers: [String]? = nil, properties: [String]? = nil, times: [Double]) throws(TraceError) {
        if let bad = times.first(where: { !$0.isFinite }) { throw TraceError("a trace's times are finite seconds, got \(bad)") }
        samples = []
        try record(scene, layers: layers, properties: properties, times: times)
    }

    /// The trace at every frame instant of `scene` (`Scene.frameTime`).
    public init(everyFrameOf scene: Scene, layers: [String]? = nil, properties: [String]? = nil) throws(TraceError) {
        try self.init(scene, layers: layers, properties: properties, times: (0..<scene.frameCount).map(scene.frameTime))
    }

    private mutating func record(_ scene: Scene, layers: [String]?, properties: [String]?, times: [Double]) throws(TraceError) {
        // The names are checked against the tree at the first instant and at the end (layers that
        // changes add are in the later one).
        var known: [String: Layer] = [:]
        for t in [times.first ?? 0, scene.duration] {
            for layer in Self.layers(of: scene.presentation(at: t)) where known[layer.id] == nil { known[layer.id] = layer }
        }
        for id in layers ?? [] where known[id] == nil {
            throw TraceError("no layer \"\(id)\" in the scene\(Self.suggestion(id, among: Array(known.keys)))")
        }
        if let properties {
            let chosen = (layers ?? Array(known.keys)).compactMap { known[$0] }
            for name in properties where !chosen.contains(where: { $0.type.property(named: name) != nil }) {
                let names = Set(chosen.flatMap { $0.type.allProperties.map(\.name) })
                throw TraceError("no property \"\(name)\" on \(layers.map { "the layer\($0.count == 1 ? "" : "s") \($0.joined(separator: ", "))" } ?? "any layer")\(Self.suggestion(name, among: Array(names)))")
            }
        }
        for time in times {
            let tree = Self.layers(of: scene.presentation(at: time))
            let ordered = layers.map { ids in ids.compactMap { id in tree.first { $0.id == id } } } ?? tree
            for layer in ordered {
                let keys = properties.map { $0.compactMap(layer.type.property(named:)) } ?? layer.type.allProperties
                for key in keys {
                    samples.append(Sample(time: time, layer: layer.id, property: key.name, value: PresentationJSON.text(of: layer.value(for: key))))
                }
            }
        }
    }

    /// Every layer of the tree below and with `root`, masks included, in document order.
    static func layers(of root: Layer) -> [Layer] {
        var out: [Layer] = []
        func walk(_ layer: Layer) {
            out.append(layer)
            for sub in layer.sublayers { walk(sub) }
        }
        walk(root)
        return out
    }

    static func suggestion(_ name: String, among names: [String]) -> String {
        let all = names.sorted()
        if let close = DidYouMean.closest(to: name, among: all) { return "; did you mean '\(close)'?" }
        return all.isEmpty ? "" : " (it has \(all.prefix(12).joined(separator: ", "))\(all.count > 12 ? ", …" : ""))"
    }

    /// The series of one layer's property, in time order of recording.
    public func series(layer: String, property: String) -> [Sample] {
        samples.filter { $0.layer == layer && $0.property == property }
    }

    /// The (layer, property) pairs in the order they first appear.
    public var keys: [SeriesKey] {
        var seen: Set<SeriesKey> = [], out: [SeriesKey] = []
        for s in samples {
            let k = SeriesKey(layer: s.layer, property: s.property)
            if seen.insert(k).inserted { out.append(k) }
        }
        return out
    }

    /// One property of one layer.
    public struct SeriesKey: Hashable, Sendable, CustomStringConvertible {
        public var layer: String
        public var property: String
        public init(layer: String, property: String) {
            self.layer = layer
            self.property = property
        }
        public var description: String { "\(layer).\(property)" }
    }
}

/// A trace that cannot be recorded or read: an unknown layer or property, a malformed golden file.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
