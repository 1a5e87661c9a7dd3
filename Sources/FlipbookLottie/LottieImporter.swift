import Flipbook
import FlipbookScenes

/// Turns a Lottie file (Bodymovin JSON) into a Flipbook scene file: the composition's size, frame
/// rate and in and out points become the canvas, fps and duration; its layers become layers, its
/// keyframes keyframe animations (`property(_:name:clock:convert:)`).
///
/// The subset read so far: shape, solid and null layers, text set in glyphs the file carries; parenting (transform only, as Lottie
/// inherits it: each parent's transform is a wrapping layer with no opacity of its own); in and out
/// points and start times; transforms (anchor, position, also with separated dimensions, scale,
/// rotation, opacity); shape groups with their transforms; paths (animated: path morphs), rectangles
/// and ellipses (animated where one of their properties moves, or all on the same keys); fills and
/// strokes (colour, opacity, width, caps, joins, miter limit, dashes, still or animated; fill rule). Everything
/// else is reported with its JSON path (`omissions`) and left out, never guessed.
public struct LottieImporter {
    /// Something the file holds that the scene leaves out or draws otherwise.
    public struct Omission: Hashable, Sendable, CustomStringConvertible {
        /// Where in the Lottie file (`layers[3].shapes[0].it[2]`).
        public var path: String
        /// What was left out or approximated, and how it is drawn instead.
        public var message: String

        public var description: String { "\(path): \(message)" }
    }

    /// What the file holds that the scene does not, in the order met.
    public private(set) var omissions: [Omission] = []
    /// The scene file, as JSON text that `SceneLoader` reads.
    public private(set) var sceneText = ""

    let file: String
    var usedIDs: Set<String> = []
    var nextSuffix: [String: Int] = [:]
    var clock = LottieClock(fps: 30, inPoint: 0)
    /// Precompositions' layer lists by asset id.
    var assets: [String: LottieValue] = [:]
    /// Scene layers made so far, and whether that passed `maxLayers` (the import then stops and
    /// fails: a precomposition used in itself thousands of times over is refused, not built).
    var layerCount = 0, overLimit = false
    /// How many of the precompositions being imported around the current layer are placed other than
    /// where they stand (`LottieImporter.placesInPlace`): a drop shadow inside one is reported.
    var movedPrecompositions = 0
    /// Where and why the import is refused, when something in it is over a limit of its own (a
    /// repeater's copies).
    var refusal: (path: String, message: String)?
    /// The file's fonts (`fonts.list`) and glyphs (`chars`).
    var fonts: [LottieValue] = [], chars: [LottieValue] = []
    /// Letters text layers may still draw (`maxLetters`).
    var lettersLeft = LottieImporter.maxLetters
    /// Keys the import's loops (`loopOut`, `loopIn`) and expressions read at every frame may still make.
    var loopKeyBudget = LottieLoop.importBudget
    /// Values time remaps may still read (`remapReads`).
    var remapBudget = LottieImporter.remapReads
    /// The most layers an import makes (the scene loader's default limit).
    static let maxLayers = 100_000
    /// Bytes of paths the paints may still write, of `maxBytes`.
    var pathBytesLeft: Int
    /// The limit on the scene the import makes, bytes (`init(_:file:maxBytes:)`).
    let maxBytes: Int
    /// The scene loader's default limit on a scene file: 32 MB.
    public static let defaultMaxBytes = 33_554_432

    /// Whether `json` is a Lottie file: an object with a frame rate, in and out points, a size and
    /// layers, and no `"flipbook"` version (a scene file).
    public static func isLottie(_ json: JSONValue) -> Bool {
        guard case .object(let members) = json.kind else { return false }
        let keys = Set(members.map(\.key))
        return !keys.contains("flipbook") && ["fr", "ip", "op", "w", "h", "layers"].allSatisfy(keys.contains)
    }

    /// Imports the Lottie file `json`, read from `file` (named in errors and omissions' messages).
    /// Throws when the composition itself cannot be read (its size, frame rate, in and out points),
    /// and as soon as the paths its paints write pass `maxBytes`, the limit on the scene it makes
    /// (bytes, default `defaultMaxBytes`; each paint writes the paths it covers again, so paths
    /// under many paints grow with their square, and are refused before they are built).
    public init(_ json: JSONValue, file: String, maxBytes: Int = LottieImporter.defaultMaxBytes) throws(SceneError) {
        self.file = file
        self.maxBytes = maxBytes
        pathBytesLeft = maxBytes
        let root = LottieValue(value: json, path: "", file: file)
        let width = try (root["w"] ?? root).requiredNumber("the width \"w\" > 0", where: { $0 > 0 })
        let height = try (root["h"] ?? root).requiredNumber("the height \"h\" > 0", where: { $0 > 0 })
        let fps = try (root["fr"] ?? root).requiredNumber("the frame rate \"fr\" > 0", where: { $0 > 0 && $0 <= 1000 })
        let inPoint = try (root["ip"] ?? root).requiredNumber("the in point \"ip\"")
        let outPoint = try (root["op"] ?? root).requiredNumber("the out point \"op\" after \"ip\"", where: { $0 > inPoint })
        clock = LottieClock(fps: fps, inPoint: inPoint)
        let duration = (outPoint - inPoint) / fps
        // (Markers name stretches of time for players' APIs and draw nothing: not an omission.)
        // Fonts and their glyphs, for text layers (`textShapes`).
        fonts = root["fonts"]?["list"]?.items ?? []
        chars = root["chars"]?.items ?? []
        for asset in root["assets"]?.items ?? [] {
            if let id = asset["id"]?.string, let layers = asset["layers"], layers.isArray { assets[id] = layers }
        }
        let out = composition(root["layers"]?.items ?? [], offset: 0, outPoint: outPoint, chain: [], idPrefix: "")
        if let refusal {
            throw SceneError(file: file, path: refusal.path, message: refusal.message)
        }
        if overLimit {
            throw SceneError(file: file, path: "layers", message: "the import makes over \(Self.maxLayers) layers (precompositions used within each other), over the limit of \(Self.maxLayers)")
        }
        var scene: [(String, JSONText)] = [("flipbook", .number(1))]
        if let name = root["nm"]?.string { scene.append(("title", .string(name))) }
        scene += [("canvas", .pair(width, height)), ("duration", .number(duration)), ("fps", .number(fps)),
                  ("loop", .bool(true)), ("layers", .array(out))]
        sceneText = JSONText.object(scene).compact
    }

    mutating func omit(_ path: String, _ message: String) {
        omissions.append(Omission(path: path.isEmpty ? "(file)" : path, message: message))
    }

    /// A layer id from the Lottie layer's position and name, unique in the scene (letters, digits,
    /// `-` and `_` only: a `.` names a component's part in Flipbook).
    mutating func uniqueID(_ base: String) -> String {
        let cleaned = String(base.unicodeScalars.map { scalar -> Character in
            (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_") && scalar.isASCII ? Character(scalar) : "_"
        }.prefix(48))
        // Suffixes count up from where the last id of this base stopped (from 2 at each id, a
        // thousand items of one name took a million tries).
        var id = cleaned, n = nextSuffix[cleaned] ?? 2
        while usedIDs.contains(id) {
            id = "\(cleaned)_\(n)"
            n += 1
        }
        nextSuffix[cleaned] = n
        usedIDs.insert(id)
        return id
    }

    /// The members that put a layer in its parent's coordinates unchanged (its own space is the
    /// parent's): what shape items inside a group use.
    static let inPlace: [(String, JSONText)] = [("bounds", .array([.number(0), .number(0), .number(0), .number(0)])),
                                                  ("anchorPoint", .pair(0, 0)), ("position", .pair(0, 0))]
}
