import Easing
import FlipbookSupport

/// One row of a data file: the line it starts on and its values by column, or why it cannot be read.
public struct DataRow: Sendable {
    /// Line of the file the row starts on, from 1.
    public var line: Int
    /// Column names and values, in the file's order.
    public var values: [(name: String, value: ParameterValue)]
    /// Why the row cannot be used (a CSV record of the wrong width, a JSON line that is no object).
    public var problem: String?

    /// The value of column `name`, or nil.
    public func value(_ name: String) -> ParameterValue? { values.first { $0.name == name }?.value }

    /// Column `name` as text for a file name: a string as it is, a number in its shortest form; nil
    /// for a missing column or another kind of value.
    public func text(_ name: String) -> String? {
        switch value(name) {
        case .text(let s)?: s
        case .json(let j)?:
            switch j.kind {
            case .string(let s): s
            case .number(let v): v.roundTripText
            default: nil
            }
        case nil: nil
        }
    }
}

/// Reads the rows of a CSV (RFC 4180: a header record naming the columns, quoted fields with `""`
/// for a quote, CRLF or LF between records) or JSON Lines file (one object a line; blank lines
/// skipped) from chunks of bytes, one row at a time, so a file of any length is read in the memory of
/// its longest record (at most `maxRecord` bytes; a longer one ends the file with an error).
public struct DataRowReader {
    public enum Format: String, Sendable { case csv, jsonl }

    public let format: Format
    /// The most bytes one record may hold. Default 16 MiB.
    public var maxRecord = 1 << 24
    private let next: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false
    private var line = 1
    /// CSV: the header's names once read.
    public private(set) var header: [String]?
    /// Whether a byte order mark at the start has been looked for.
    private var started = false

    /// A reader of `format` pulling chunks from `next` (nil at the end of the file).
    public init(format: Format, next: @escaping () throws -> [UInt8]?) {
        self.format = format
        self.next = next
    }

    /// The format a data file's name says: `.csv`, or `.jsonl` / `.ndjson`; nil for another.
    public static func format(ofFileNamed name: String) -> Format? {
        let lower = name.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonl }
        return nil
    }

    /// The byte at `position`, reading another chunk when needed; nil at the end.
    private mutating func peek() throws -> UInt8? {
        while position >= buffer.count {
            if ended { return nil }
            guard let chunk = try next() else { ended = true; return nil }
            buffer.removeFirst(position)
            position = 0
            buffer += chunk
        }
        return buffer[position]
    }

    /// The next row, or nil at the end of the file.
    /// - Throws: `DataFileError` for what ends the reading (a record over `maxRecord`, a CSV header
    ///   that is missing or repeats a name, an unclosed quote).
    public mutating func nextRow() throws -> DataRow? {
        if !started {
            started = true
            try skipByteOrderMark()
        }
        switch format {
        case .jsonl: return try nextJSONLine()
        case .csv:
            if header == nil {
                guard let (written, _) = try record() else { throw DataFileError(line: 1, message: "the file is empty: a CSV file starts with a header naming its columns") }
                // Names are read without the spaces around them ("id, move, name", as a header is
                // often typed); a value keeps its spaces (a text's are drawn).
                let names = written.map(\.whitespaceTrimmed)
                var seen: Set<String> = []
                for name in names where !seen.insert(name).inserted {
                    throw DataFileError(line: 1, message: "the header names the column \"\(DisplayText.escaped(name, limit: 80))\" twice")
                }
                header = names
            }
            guard let (fields, start) = try record() else { return nil }
            let names = header!
            guard fields.count == names.count else {
                return DataRow(line: start, values: [], problem: "\(fields.count) field\(fields.count == 1 ? "" : "s") where the header names \(names.count)")
            }
            return DataRow(line: start, values: zip(names, fields).map { ($0, .text($1)) }, problem: nil)
        }
    }

    /// Passes over a UTF-8 byte order mark at the start of the file (EF BB BF), as spreadsheets
    /// write one before a CSV file's header: it is not part of the first column's name.
    private mutating func skipByteOrderMark() throws {
        while buffer.count - position < 3 && !ended {
            if let chunk = try next() { buffer += chunk } else { ended = true }
        }
        if buffer[position...].starts(with: [0xEF, 0xBB, 0xBF]) { position += 3 }
    }

    /// A CSV record's fields and the line it starts on; blank lines are skipped.
    private mutating func record() throws -> ([String], Int)? {
        while let b = try peek(), b == 0x0A || b == 0x0D {
            position += 1
            if b == 0x0A { line += 1 }
        }
        guard try peek() != nil else { return nil }
        let start = line
        var fields: [String] = [], field: [UInt8] = [], quoted = false, size = 0
        while true {
            guard let b = try peek() else {
                if quoted { throw DataFileError(line: start, message: "a quoted field is not closed before the end of the file") }
                fields.append(String(decoding: field, as: UTF8.self))
                return (fields, start)
            }
            position += 1
            size += 1
            guard size <= maxRecord else { throw DataFileError(line: start, message: "a record longer than \(maxRecord) bytes") }
            if quoted {
                if b == 0x22 {
                    if try peek() == 0x22 { position += 1; field.append(0x22) } else { quoted = false }
                } else {
                    if b == 0x0A { line += 1 }
                    field.append(b)
                }
                continue
            }
            switch b {
            case 0x22 where field.isEmpty: quoted = true
            case 0x2C:
                fields.append(String(decoding: field, as: UTF8.self))
                field = []
            case 0x0D:
                if try peek() != 0x0A { field.append(b) }
            case 0x0A:
                line += 1
                fields.append(String(decoding: field, as: UTF8.self))
                return (fields, start)
            default: field.append(b)
            }
        }
    }

    private mutating func nextJSONLine() throws -> DataRow? {
        while true {
            guard try peek() != nil else { return nil }
            let start = line
            var bytes: [UInt8] = []
            while let b = try peek() {
                position += 1
                if b == 0x0A { line += 1; break }
                bytes.append(b)
                guard bytes.count <= maxRecord else { throw DataFileError(line: start, message: "a line longer than \(maxRecord) bytes") }
            }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes, maxDepth: 32)
            } catch {
                return DataRow(line: start, values: [], problem: "column \(error.column): \(error.message)")
            }
            guard case .object(let members) = value.kind else {
                return DataRow(line: start, values: [], problem: "expected an object of column names and values, got \(value.typeName)")
            }
            var seen: Set<String> = []
            for m in members where !seen.insert(m.key).inserted {
                return DataRow(line: start, values: [], problem: "the key \"\(DisplayText.escaped(m.key, limit: 80))\" appears twice")
            }
            return DataRow(line: start, values: members.map { ($0.key, .json($0.value)) }, problem: nil)
        }
    }
}

/// What stops a data file being read: a line and why.
public struct DataFileError: Error, Sendable {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}
