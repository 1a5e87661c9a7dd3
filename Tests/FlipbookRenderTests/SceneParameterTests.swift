import Flipbook
import FlipbookScenes
import FlipbookSVG
import Testing

/// Scene parameters (`"params"`, `{"param": …}`) and the data rows that bind them.
struct SceneParameterTests {
    /// A pie slice whose end angle and colour are parameters, referenced in a keyframe list, a layer
    /// property and a timed change.
    static func template(_ endReference: String = #"{"param": "move", "times": 360, "plus": -90}"#) -> String {
        """
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10,
         "params": {"move": {"type": "number", "default": 0.5, "min": 0, "max": 1},
                    "accent": {"type": "color", "default": "#ff2d55"},
                    "title": {"type": "text", "default": "none"}},
         "layers": [{"id": "s", "type": "pieSlice", "frame": [0, 0, 100, 100], "radius": 40, "startAngle": -90, "endAngle": -90,
                     "fillColor": {"param": "accent"},
                     "animations": [{"property": "endAngle", "values": [-90, \(endReference)], "duration": 1}]},
                    {"id": "t", "type": "text", "frame": [0, 80, 100, 20], "string": {"param": "title"}}],
         "changes": [{"at": 0.5, "layer": "s", "set": {"radius": {"param": "move", "times": 80}}}]}
        """
    }

    /// The same scene written with the values in place.
    static func literal(end: Double, accent: String, title: String, radius: Double) -> String {
        """
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10,
         "layers": [{"id": "s", "type": "pieSlice", "frame": [0, 0, 100, 100], "radius": 40, "startAngle": -90, "endAngle": -90,
                     "fillColor": "\(accent)",
                     "animations": [{"property": "endAngle", "values": [-90, \(end)], "duration": 1}]},
                    {"id": "t", "type": "text", "frame": [0, 80, 100, 20], "string": "\(title)"}],
         "changes": [{"at": 0.5, "layer": "s", "set": {"radius": \(radius)}}]}
        """
    }

    static func frames(_ scene: Scene) -> [String] { (0..<scene.frameCount).map { scene.svgFrame($0) } }

    @Test func aBoundTemplateDrawsWhatTheSceneWithItsValuesWrittenInDraws() throws {
        let loader = SceneLoader()
        // Defaults: end = 0.5 × 360 − 90 = 90, radius 0.5 × 80 = 40.
        let defaults = try loader.decode(Array(Self.template().utf8), file: "t.json")
        let expected = try loader.decode(Array(Self.literal(end: 90, accent: "#ff2d55", title: "none", radius: 40).utf8), file: "l.json")
        #expect(Self.frames(defaults) == Self.frames(expected))
        // Bound: 0.8 × 360 − 90 = 198, 0.8 × 80 = 64.
        let json = try loader.parse(Array(Self.template().utf8), file: "t.json")
        let bound = try loader.decode(json, file: "t.json", parameters: ["move": .text("0.8"), "accent": .text("orange"), "title": .text("A <b> & c")])
        let written = try loader.decode(Array(Self.literal(end: 0.8 * 360 - 90, accent: "orange", title: "A <b> & c", radius: 0.8 * 80).utf8), file: "l.json")
        #expect(Self.frames(bound) == Self.frames(written))
        // And the frames differ from the defaults' (the values reached the drawing).
        #expect(Self.frames(bound) != Self.frames(defaults))
        // The text is escaped as any text is: no markup from a value.
        #expect(bound.svgFrame(0).contains("A &lt;b&gt; &amp; c"))
        // Values built in Swift bind as the text forms do (orange is #ffa500).
        let typed = try loader.decode(json, file: "t.json", parameters: ["move": .number(0.8), "accent": .color(Color(red: 1, green: 165.0 / 255, blue: 0)),
                                                                      "title": .text("A <b> & c")])
        #expect(Self.frames(typed) == Self.frames(written))
    }

    static let errors: [(String, [String: ParameterValue], String)] = [
        (template(), ["move": .text("1.5")], "t.json: --set move: 1.5 is above the maximum 1 of the parameter \"move\""),
        (template(), ["move": .text("-0.1")], "t.json: --set move: -0.1 is below the minimum 0 of the parameter \"move\""),
        (template(), ["move": .text("lots")], "t.json: --set move: expected a number for the parameter \"move\", got \"lots\""),
        (template(), ["move": .text("nan")], "t.json: --set move: expected a number for the parameter \"move\", got \"nan\""),
        (template(), ["accent": .text("red; } svg { display:none")], "t.json: --set accent: expected a colour (\"#rrggbb\", \"#rrggbbaa\", \"rgb(52 120 246 / 50%)\", \"hsl(210, 50%, 40%)\", a name such as \"orange\" or \"none\", [r, g, b, a] in 0…1, or {\"hue\", \"saturation\", \"brightness\"}), got \"red; } svg { display:none\""),
        (template(), ["mvoe": .text("1")], "t.json: params: --set mvoe: the scene declares no parameter \"mvoe\"; did you mean 'move'?; declared: move, accent, title"),
        (template(#"{"param": "mov"}"#), [:], "t.json: layers[0].animations[0].values[1].param: unknown parameter \"mov\"; did you mean 'move'?; declared: move, accent, title"),
        (template(#"{"param": "accent", "times": 2}"#), [:], "t.json: layers[0].animations[0].values[1]: \"times\" and \"plus\" go with a number parameter; \"accent\" is a color"),
        (template(#"{"param": "move", "time": 2}"#), [:], "t.json: layers[0].animations[0].values[1].time: unknown key \"time\"; did you mean 'times'?"),
        (template().replacingOccurrences(of: #""default": 0.5, "min": 0"#, with: #""default": 5, "min": 0"#), [:], "t.json: params.move.default: 5 is above the maximum 1 of the parameter \"move\""),
        (template().replacingOccurrences(of: #""type": "number", "default": 0.5"#, with: #""type": "numbr", "default": 0.5"#), [:], "t.json: params.move.type: unknown parameter type \"numbr\"; did you mean 'number'?; expected number, color or text"),
        // A value that passes its parameter's type but not the place it goes is named by the parameter too.
        (template(#"{"param": "title"}"#), [:], "t.json: layers[0].animations[0].values[1]: from the parameter \"title\" = \"none\": expected an angle in degrees, at most 1e300 in size, got a string"),
        (template(#"{"param": "title"}"#), ["title": .text("up\tdown")], "t.json: layers[0].animations[0].values[1]: from the parameter \"title\" = \"up\\tdown\": expected an angle in degrees, at most 1e300 in size, got a string"),
        (template().replacingOccurrences(of: #""default": 0.5, "#, with: ""), [:], "t.json: layers[0].animations[0].values[1].param: the parameter \"move\" has no default and no value was given (--set move=…, or a column \"move\" in --data)"),
    ]

    @Test(arguments: 0..<errors.count) func aBadValueOrReferenceIsNamedWithItsPath(_ i: Int) throws {
        let (text, values, message) = Self.errors[i]
        let loader = SceneLoader()
        #expect(throws: SceneError.self) { try loader.decode(loader.parse(Array(text.utf8), file: "t.json"), file: "t.json", parameters: values) }
        do {
            _ = try loader.decode(loader.parse(Array(text.utf8), file: "t.json"), file: "t.json", parameters: values)
        } catch {
            #expect(error.description == message)
        }
    }

    /// Rows read whole, and the same bytes fed one at a time (every chunk boundary), give the same rows.
    static func rows(_ text: String, _ format: DataRowReader.Format, chunk: Int) throws -> [DataRow] {
        var bytes = Array(text.utf8)[...]
        var reader = DataRowReader(format: format) {
            guard !bytes.isEmpty else { return nil }
            defer { bytes = bytes.dropFirst(chunk) }
            return Array(bytes.prefix(chunk))
        }
        var out: [DataRow] = []
        while let row = try reader.nextRow() { out.append(row) }
        return out
    }

    static func summary(_ rows: [DataRow]) -> [String] {
        rows.map { row in
            "\(row.line): " + (row.problem ?? row.values.map { "\($0.name)=\(row.text($0.name) ?? "?")" }.joined(separator: " "))
        }
    }

    @Test func csvRecordsFollowRFC4180() throws {
        // RFC 4180 §2: quoted fields hold commas, CRLF and doubled quotes; a blank line is skipped here.
        let csv = "id,name,move\r\nada,\"Lovelace, Ada\",0.9\r\n\r\nbob,\"say \"\"hi\"\"\",0.1\ncy,\"two\nlines\",1\nshort,1\n"
        let expected = ["2: id=ada name=Lovelace, Ada move=0.9", "4: id=bob name=say \"hi\" move=0.1", "5: id=cy name=two\nlines move=1",
                        "7: 2 fields where the header names 3"]
        for chunk in [1, 2, 7, 4096] {
            #expect(Self.summary(try Self.rows(csv, .csv, chunk: chunk)) == expected)
        }
        #expect(throws: DataFileError.self) { try Self.rows("a,a\n1,2\n", .csv, chunk: 10) }
        // A header's names are read without the spaces around them; values keep theirs.
        #expect(Self.summary(try Self.rows("id, move ,\tname\na, 0.5, Ann \n", .csv, chunk: 3)) == ["2: id=a move= 0.5 name= Ann "])
        #expect(throws: DataFileError.self) { try Self.rows("move, move\n1,2\n", .csv, chunk: 10) }
        #expect(throws: DataFileError.self) { try Self.rows("a\n\"open\n", .csv, chunk: 10) }
    }

    @Test func jsonLinesAreObjectsOneALine() throws {
        let jsonl = "{\"id\": \"a\", \"move\": 0.25}\n\n  \n{\"id\": 7}\n[1]\n{\"id\": \"x\", \"id\": \"y\"}\n{\"id\": \"b\"}\r\n{oops}\n"
        let expected = ["1: id=a move=0.25", "4: id=7", "5: expected an object of column names and values, got an array",
                        "6: the key \"id\" appears twice", "7: id=b", "8: column 2: expected a string key in the object, found 'o'"]
        for chunk in [1, 3, 4096] {
            let got = Self.summary(try Self.rows(jsonl, .jsonl, chunk: chunk))
            #expect(got == expected, "\(got)")
        }
    }

    /// A UTF-8 byte order mark before the header (spreadsheets' "CSV UTF-8") or the first JSON line
    /// is not part of the first column's name, at every chunk boundary; a file of the mark alone has
    /// no header; one inside a later field stays.
    @Test func aByteOrderMarkAtTheStartIsPassedOver() throws {
        for chunk in [1, 2, 3, 4096] {
            #expect(Self.summary(try Self.rows("\u{FEFF}id,move\r\nada,0.5\r\nb\u{FEFF},1\r\n", .csv, chunk: chunk))
                    == ["2: id=ada move=0.5", "3: id=b\u{FEFF} move=1"])
            #expect(Self.summary(try Self.rows("\u{FEFF}{\"id\": \"a\"}\n", .jsonl, chunk: chunk)) == ["1: id=a"])
            #expect(throws: DataFileError.self) { try Self.rows("\u{FEFF}", .csv, chunk: chunk) }
        }
    }

    @Test func aRowOverTheRecordLimitStopsTheFileByName() throws {
        var bytes = Array(("id\n" + String(repeating: "x", count: 100) + "\n").utf8)[...]
        var reader = DataRowReader(format: .csv) { defer { bytes = [] }; return bytes.isEmpty ? nil : Array(bytes) }
        reader.maxRecord = 50
        do {
            _ = try reader.nextRow()
            Issue.record("a record of 100 bytes passed a limit of 50")
        } catch let error as DataFileError {
            #expect(error.line == 2 && error.message == "a record longer than 50 bytes")
        }
    }
}
