import Flipbook
import FlipbookComponents

/// The JSON Schema (draft 2020-12) of scene files, generated from the layer types so it always lists
/// every type and property the loader accepts. Scenes/scene.schema.json is this text; a test keeps
/// them equal (`flipbook schema > Scenes/scene.schema.json` regenerates it).
public enum SceneSchema {
    public static func text(layerTypes: [any LayerBehavior.Type] = LayerTypes.builtIn) -> String {
        var defs: [(String, String)] = [
            ("number", ##"{"type": "number"}"##),
            ("angle", ##"{"oneOf": [{"type": "number", "description": "degrees; 0 at 3 o'clock, positive clockwise on screen"}, {"type": "object", "properties": {"radians": {"type": "number"}}, "required": ["radians"], "additionalProperties": false, "description": "radians, as Flipbook writes an angle no degree value gives exactly"}]}"##),
            ("point", ##"{"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2, "description": "[x, y] in pixels"}"##),
            ("size", ##"{"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2, "description": "[width, height] in pixels"}"##),
            ("rect", ##"{"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4, "description": "[x, y, width, height] in pixels"}"##),
            ("color", ##"{"description": "#rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() (CSS Color 4), a name (black, white, red, orange, none, …), [r, g, b, a] in 0…1, {white, alpha} or {hue, saturation, brightness, alpha}", "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 1}, "minItems": 3, "maxItems": 4}, {"type": "object", "properties": {"white": {"type": "number"}, "hue": {"type": "number"}, "saturation": {"type": "number"}, "brightness": {"type": "number"}, "alpha": {"type": "number"}}, "additionalProperties": false}]}"##),
            ("transform", ##"{"description": "{translate, rotate (degrees), scale, skew} or the matrix [a, b, c, d, tx, ty]", "oneOf": [{"type": "array", "items": {"type": "number"}, "minItems": 6, "maxItems": 6}, {"type": "object", "properties": {"translate": {"$ref": "#/$defs/point"}, "rotate": {"type": "number"}, "scale": {"oneOf": [{"type": "number"}, {"$ref": "#/$defs/point"}]}, "skew": {"type": "number"}}, "additionalProperties": false}]}"##),
            ("numbers", ##"{"type": "array", "items": {"type": "number"}}"##),
            ("colors", ##"{"type": "array", "items": {"$ref": "#/$defs/color"}}"##),
            ("dashPattern", ##"{"type": "array", "items": {"type": "number", "minimum": 0}, "description": "dash and gap lengths in pixels"}"##),
            ("path", ##"{"oneOf": [{"type": "string", "description": "SVG path data: M L H V C S Q T A Z"}, {"type": "array", "description": "elements as Flipbook writes them: [\"M\", x, y], [\"L\", x, y], [\"Q\", cx, cy, x, y], [\"C\", c1x, c1y, c2x, c2y, x, y], [\"arc\", cx, cy, r, startRadians, sweepRadians], [\"Z\"]", "items": {"type": "array", "minItems": 1, "prefixItems": [{"enum": ["M", "L", "Q", "C", "arc", "Z"]}], "items": {"type": "number"}}}]}"##),
            ("gradient", ##"{"type": "object", "required": ["stops"], "properties": {"type": {"enum": ["linear", "radial", "conic"]}, "stops": {"type": "array", "items": {"type": "array", "prefixItems": [{"type": "number", "minimum": 0, "maximum": 1}, {"$ref": "#/$defs/color"}], "minItems": 2, "maxItems": 2}}, "start": {"$ref": "#/$defs/point"}, "end": {"$ref": "#/$defs/point"}, "center": {"$ref": "#/$defs/point"}, "radius": {"type": "number", "minimum": 0}, "focus": {"$ref": "#/$defs/point"}, "startAngle": {"$ref": "#/$defs/angle"}}, "additionalProperties": false}"##),
            ("text", ##"{"type": "string"}"##),
            ("flag", ##"{"type": "boolean"}"##),
            ("easing", ##"{"type": "string", "description": "easing text: CSS (ease-in-out, cubic-bezier(…), steps(…), linear(…)), Core Animation names, Penner curves, spring(…)"}"##),
            ("seconds", ##"{"type": "number", "minimum": 0}"##),
        ]
        let timing = ##""key": {"type": "string"}, "beginTime": {"type": "number"}, "duration": {"$ref": "#/$defs/seconds"}, "speed": {"type": "number"}, "timeOffset": {"type": "number"}, "repeatCount": {"oneOf": [{"type": "number", "minimum": 0}, {"const": "infinite"}]}, "repeatDuration": {"$ref": "#/$defs/seconds"}, "autoreverses": {"type": "boolean"}, "fillMode": {"enum": ["removed", "forwards", "backwards", "both"]}, "removedOnCompletion": {"type": "boolean"}, "timing": {"$ref": "#/$defs/easing"}, "additive": {"type": "boolean"}, "cumulative": {"type": "boolean"}, "colorSpace": {"enum": ["srgb", "oklab"]}"##
        defs.append(("animation", ##"{"type": "object", "description": "basic (from/to/by), spring (spring), keyframe (values or path) or group (animations)", "properties": {"property": {"type": "string"}, "from": {}, "to": {}, "by": {}, "spring": {"oneOf": [{"type": "string"}, {"type": "object", "properties": {"mass": {"type": "number"}, "stiffness": {"type": "number"}, "damping": {"type": "number"}, "velocity": {"type": "number"}, "duration": {"type": "number"}, "bounce": {"type": "number"}}, "additionalProperties": false}]}, "values": {"type": "array", "minItems": 1}, "keyTimes": {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 1}}, "timingFunctions": {"type": "array", "items": {"$ref": "#/$defs/easing"}}, "calculationMode": {"enum": ["linear", "discrete", "paced", "cubic", "cubicPaced"]}, "tension": {"$ref": "#/$defs/numbers"}, "continuity": {"$ref": "#/$defs/numbers"}, "bias": {"$ref": "#/$defs/numbers"}, "path": {"$ref": "#/$defs/path"}, "rotationMode": {"enum": ["auto", "autoReverse"]}, "animations": {"type": "array", "items": {"$ref": "#/$defs/animation"}}, "## + timing + ##"}, "additionalProperties": false}"##))
        defs.append(("change", ##"{"oneOf": [{"title": "set", "type": "object", "required": ["at", "layer", "set"], "properties": {"at": {"$ref": "#/$defs/seconds"}, "layer": {"type": "string"}, "set": {"type": "object", "minProperties": 1}, "duration": {"type": "number", "exclusiveMinimum": 0}, "timing": {"$ref": "#/$defs/easing"}, "disableActions": {"type": "boolean"}}, "additionalProperties": false}, {"title": "add", "type": "object", "required": ["at", "add"], "properties": {"at": {"$ref": "#/$defs/seconds"}, "add": {"$ref": "#/$defs/layer"}, "to": {"type": "string"}, "index": {"type": "integer", "minimum": 0}, "fade": {"type": "number", "minimum": 0}}, "additionalProperties": false}, {"title": "remove", "type": "object", "required": ["at", "remove"], "properties": {"at": {"$ref": "#/$defs/seconds"}, "remove": {"type": "string"}, "fade": {"type": "number", "minimum": 0}}, "additionalProperties": false}]}"##))
        var variants: [String] = []
        for behavior in layerTypes {
            let type = LayerType(behavior)
            var properties = [
                ##""id": {"type": "string", "minLength": 1, "maxLength": 256}"##,
                behavior.typeName == "layer" ? ##""type": {"const": "layer"}"## : ##""type": {"const": "\##(behavior.typeName)"}"##,
                ##""frame": {"$ref": "#/$defs/rect"}"##,
                ##""timing": {"type": "object", "properties": {"beginTime": {"type": "number"}, "speed": {"type": "number"}, "timeOffset": {"type": "number"}}, "additionalProperties": false}"##,
                ##""animations": {"type": "array", "items": {"$ref": "#/$defs/animation"}}"##,
                ##""sublayers": {"type": "array", "items": {"$ref": "#/$defs/layer"}}"##,
                ##""mask": {"$ref": "#/$defs/layer", "description": "a layer whose alpha masks this one (CALayer.mask), in this layer's space; never drawn itself"}"##,
                ##""maskMode": {"enum": [\##(MaskMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))], "default": "alpha", "description": "how the mask masks: kept where it is opaque (alpha), where it is transparent (inverted: a hole in the mask's shape), where it is light (luminance), or where it is dark or transparent (invertedLuminance)"}"##,
            ]
            for key in type.allProperties {
                let schema: String
                if key.kind == .custom {
                    schema = "{\"not\": {}, \"description\": \"a custom Swift value type: set from Swift, not from scene files\"}"
                } else if key.kind == .choice && key.isSet {
                    schema = "{\"type\": \"array\", \"uniqueItems\": true, \"items\": {\"enum\": [" + key.choices.map { "\"\($0)\"" }.joined(separator: ", ") + "]}}"
                } else if key.kind == .choice {
                    schema = "{\"enum\": [" + key.choices.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
                } else {
                    schema = "{\"$ref\": \"#/$defs/\(key.kind.rawValue)\"}"
                }
                properties.append("\"\(key.name)\": \(schema)")
            }
            let required = behavior.typeName == "layer" ? "[\"id\"]" : "[\"id\", \"type\"]"
            variants.append("{\"title\": \"\(behavior.typeName)\", \"type\": \"object\", \"required\": \(required), \"properties\": {"
                            + properties.joined(separator: ", ") + "}, \"additionalProperties\": false}")
        }
        defs.append(("layer", "{\"oneOf\": [\n      " + variants.joined(separator: ",\n      ") + "\n    ]}"))
        // A parameter reference may stand wherever a value goes (the loader binds references before it
        // reads the scene): every number, string and keyword in the definitions.
        defs = defs.map { name, schema in (name, Self.referable(schema)) }
        defs.append(("param", ##"{"type": "object", "description": "a parameter's value (\"params\"), optionally times a factor plus an offset (numbers only)", "required": ["param"], "properties": {"param": {"type": "string"}, "times": {"type": "number"}, "plus": {"type": "number"}}, "additionalProperties": false}"##))
        defs.append(("paramDeclaration", ##"{"type": "object", "required": ["type"], "properties": {"type": {"enum": ["number", "color", "text"]}, "default": {}, "min": {"type": "number"}, "max": {"type": "number"}, "themable": {"type": "boolean"}, "description": {"type": "string"}}, "additionalProperties": false}"##))
        var out = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://flipbook.invalid/scene.schema.json",
          "title": "Flipbook scene, format version 1",
          "description": "Generated by `flipbook schema`; see Scenes/README.md. Units: seconds, pixels, degrees.",
          "type": "object",
          "required": ["flipbook", "canvas", "duration"],
          "properties": {
            "flipbook": {"const": 1},
            "$schema": {"type": "string"},
            "title": {"type": "string"},
            "description": {"type": "string"},
            "canvas": \(Self.referable(##"{"oneOf": [{"$ref": "#/$defs/size"}, {"type": "object", "required": ["width", "height"], "properties": {"width": {"type": "number"}, "height": {"type": "number"}}, "additionalProperties": false}]}"##)),
            "background": \(Self.referable(##"{"$ref": "#/$defs/color"}"##)),
            "duration": \(Self.referable(##"{"$ref": "#/$defs/seconds"}"##)),
            "fps": \(Self.referable(##"{"type": "number", "minimum": 0.001, "maximum": 1000}"##)),
            "loop": {"type": "boolean"},
            "reducedMotion": \(Self.referable(##"{"description": "what prefers-reduced-motion shows in the animated SVG: an instant held, or the start dissolving into the end", "oneOf": [{"type": "object", "required": ["at"], "properties": {"at": {"$ref": "#/$defs/seconds"}}, "additionalProperties": false}, {"type": "object", "required": ["crossfade"], "properties": {"crossfade": {"type": "number", "exclusiveMinimum": 0, "maximum": 60}}, "additionalProperties": false}]}"##)),
            "poster": \(Self.referable(##"{"$ref": "#/$defs/seconds", "description": "the instant the animated SVG's static picture shows (what a renderer that does not animate draws), seconds"}"##)),
            "params": {"type": "object", "description": "typed parameters, used as {param: name} wherever a value goes; set with --set or --data", "propertyNames": {"pattern": "^[A-Za-z][A-Za-z0-9_-]{0,63}$"}, "additionalProperties": {"$ref": "#/$defs/paramDeclaration"}},
            "layers": {"type": "array", "items": {"$ref": "#/$defs/layer"}},
            "changes": {"type": "array", "items": {"$ref": "#/$defs/change"}},
            "lint": {"type": "object", "description": "findings of flipbook lint that are meant", "properties": {"allow": {"type": "array", "items": {"type": "string", "minLength": 1, "description": "a rule id, optionally followed by a JSON path or its start"}}}, "additionalProperties": false}
          },
          "additionalProperties": false,
          "$defs": {

        """
        out += defs.map { "    \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
        out += "\n  }\n}\n"
        return out
    }

    /// `schema` (JSON Schema text) with each leaf schema of a value — an object holding no other
    /// object, whose type is a number, an integer or a string, or which lists an enum — also accepting
    /// a parameter reference (`{"anyOf": [leaf, {"$ref": "#/$defs/param"}]}`). Braces inside strings
    /// (descriptions) are passed over. A constant (a layer's `type`) and a boolean are left alone.
    static func referable(_ schema: String) -> String {
        var out: [UInt8] = []
        // The start in `out` of each object open at this point, and whether it holds another.
        var open: [(start: Int, nested: Bool)] = []
        var inString = false, escaped = false
        for byte in schema.utf8 {
            out.append(byte)
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"):
                if !open.isEmpty { open[open.count - 1].nested = true }
                open.append((out.count - 1, false))
            case UInt8(ascii: "}"):
                guard let object = open.popLast(), !object.nested else { continue }
                let text = String(decoding: out[object.start...], as: UTF8.self)
                let leaf = [##""type": "number""##, ##""type": "integer""##, ##""type": "string""##].contains { text.contains($0) } || text.hasPrefix(##"{"enum": "##)
                guard leaf else { continue }
                out.removeSubrange(object.start...)
                out += Array(##"{"anyOf": [\##(text), {"$ref": "#/$defs/param"}]}"##.utf8)
            default: break
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
