import Flipbook
import FlipbookSupport

/// The message for a property name a layer type does not have: a likely typo's correction, or for
/// Core Animation's key paths into a value's parts (`transform.rotation.z`, `position.x`), the
/// property that holds the whole value here and how it differs.
enum UnknownProperty {
    /// Core Animation's component key paths, each with the property here and what to write instead.
    static let coreAnimationKeyPaths: [String: (property: String, note: String)] = [
        "transform.rotation": ("rotation", "in degrees, clockwise (Core Animation's are radians)"),
        "transform.rotation.z": ("rotation", "in degrees, clockwise (Core Animation's are radians)"),
        "transform.scale": ("scale", "a size: write [s, s]"),
        "transform.scale.x": ("scale", "a size [x, y]: animate both, the other at its value"),
        "transform.scale.y": ("scale", "a size [x, y]: animate both, the other at its value"),
        "transform.translation": ("translation", "a point [x, y]"),
        "transform.translation.x": ("translation", "a point [x, y]: animate both, the other at its value"),
        "transform.translation.y": ("translation", "a point [x, y]: animate both, the other at its value"),
        "position.x": ("position", "a point [x, y]: animate both, the other at its value"),
        "position.y": ("position", "a point [x, y]: animate both, the other at its value"),
        "bounds.size": ("bounds", "a rect [x, y, width, height]"),
        "bounds.size.width": ("bounds", "a rect [x, y, width, height]: animate it whole"),
        "bounds.size.height": ("bounds", "a rect [x, y, width, height]: animate it whole"),
        "bounds.origin": ("bounds", "a rect [x, y, width, height]: animate it whole"),
    ]

    /// "a shape layer has no property "name"" and the hint that fits, if any.
    static func message(_ name: String, type: LayerType) -> String {
        let names = type.allProperties.map(\.name)
        var hint = DidYouMean.hint(for: name, among: names)
        if let mapped = coreAnimationKeyPaths[name], names.contains(mapped.property) {
            hint = "; Core Animation's key path \"\(name)\" is \"\(mapped.property)\" here, \(mapped.note)"
        }
        return "a \(type.name) layer has no property \"\(DisplayText.escaped(name, limit: 80))\"\(hint)"
    }
}
