import Flipbook
import FlipbookScenes
import FlipbookSVG

extension Trace {
    /// The trace as CSV (RFC 4180): a header `time,layer,property,value`, then a record a sample, the
    /// time in seconds to 6 decimals, a field quoted when it holds a comma, a quote or a line break.
    /// What a golden file holds.
    public var csv: String {
        var out = "time,layer,property,value\n"
        for s in samples {
            out += "\(SVGNumber.format(s.time, decimals: 6)),\(Self.field(s.layer)),\(Self.field(s.property)),\(Self.field(s.value))\n"
        }
        return out
    }

    /// The trace as a JSON array of `{"time", "layer", "property", "value"}` objects, the value as
    /// `flipbook dump` prints it (a number, a list or a string).
    public var json: String {
        var out = "["
        for (i, s) in samples.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "  {\"time\": \(SVGNumber.format(s.time, decimals: 6)), \"layer\": \(JSONString.quoted(s.layer)), \"property\": \(JSONString.quoted(s.property)), \"value\": \(s.value)}"
        }
        return out + (samples.isEmpty ? "]\n" : "\n]\n")
    }

    /// A trace read back from its CSV text (`csv`); `file` names it in errors.
    public init(csv bytes: [UInt8], file: String) throws(TraceError) {
        var pending: [UInt8]? = bytes
        var reader = DataRowReader(format: .csv, next: { defer { pending = nil }; return pending })
        var samples: [Sample] = []
        do {
            while let row = try reader.nextRow() {
                if let problem = row.problem { throw TraceError("\(file): line \(row.line): \(problem)") }
                guard reader.header == ["time", "layer", "property", "value"] else {
                    throw TraceError("\(file): line 1: a trace's header is time,layer,property,value")
                }
                guard let time = row.text("time").flatMap(Double.init), time.isFinite,
                      let layer = row.text("layer"), let property = row.text("property"), let value = row.text("value") else {
                    throw TraceError("\(file): line \(row.line): expected a time in seconds, a layer, a property and a value")
                }
                samples.append(Sample(time: time, layer: layer, property: property, value: value))
            }
        } catch let error as DataFileError {
            throw TraceError("\(file): line \(error.line): \(error.message)")
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError("\(file): \(error)")
        }
        self.init(samples: samples)
    }

    private static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    /// This text with every `target` replaced by `replacement` (no Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
