import Easing
import Flipbook
import FlipbookFiles
import FlipbookOutput
import FlipbookRaster
import FlipbookScenes
import FlipbookSVG
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flipbook render TEMPLATE --data ROWS`: one output per row of a CSV or JSON Lines file, each the
/// template with the row's columns bound to its parameters — byte for byte what `--set` of those
/// values renders. Output paths are patterns (`--animated 'out/{id}.svg'`) whose `{column}`s the row
/// fills. A bad row (a value of the wrong type or out of range, a missing column, a file name it
/// cannot make) is reported with its line and never stops the others; the exit status is then 1.
///
/// Sendable because rows render on several threads, each reading the batch and changing none of it.
struct RenderBatch: @unchecked Sendable {
    /// What each row writes: the paths are patterns.
    struct Outputs {
        var animated: Pattern?
        /// The animated SVG's form, as without --data: CSS, minified, played n times, started by an
        /// event or by the page's scroll.
        var css = false
        var minify = false
        var repeatCount: Double?
        var beginEvent: String?
        var scrollTimeline = false
        var lottie: Pattern?
        var apng: Pattern?
        var frames: Pattern?
        var format = FrameFormat.svg
        var still: (time: Double, path: Pattern)?
        var scale = 1.0
        var textAsPaths = false
        var force = false
        var fonts: FontSet?

        var patterns: [Pattern] { [animated, lottie, apng, frames, still?.path].compactMap { $0 } }
    }

    let template: BytePath
    let json: JSONValue
    let parameters: SceneParameters
    let loader: SceneLoader
    let outputs: Outputs
    let dataPath: BytePath
    let quiet: Bool
    let jobs: Int
    /// With `--shard I/N`: only the rows of part I, the parts balanced by estimated work (`owners`).
    var shard: Shard?
    /// The output folders, each looked at once for what killed writers left, not once a row.
    let listings = FolderListings()

    /// Rows read and rendered at a time: the batch's memory is this many rows and their outputs.
    static let chunk = 256
    /// The most unused column names the batch notes (a JSON Lines file can name new keys on every line).
    static let notedColumns = 64

    /// Renders every row; returns the exit status (1 when a row failed).
    func run() throws -> Int32 {
        guard let format = DataRowReader.format(ofFileNamed: dataPath.description) else {
            throw UsageError("--data: '\(dataPath)' is neither .csv nor .jsonl (or .ndjson)")
        }
        // A folder every row needs is looked at before any row: its absence is one error, not one a row.
        for pattern in outputs.patterns { try pattern.checkFolder(listings) }
        // With a shard, the file is read twice: once for every row's estimated work (which part a row
        // belongs to), then to render this part's rows.
        let parts = try shard.map { try owners(of: $0, format: format) }
        let source = try DataSource(dataPath)
        var reader = DataRowReader(format: format, next: source.next)
        var index = 0
        // Columns that are neither parameters nor in an output's pattern are named once each, on the
        // first row that has them (a typo in a header, or in one JSON line's key, would otherwise
        // leave a parameter at its default unseen); at most `notedColumns` names.
        let used = Set(parameters.declared.map(\.name) + outputs.patterns.flatMap(\.columns))
        var noted: Set<String> = []
        var rows = 0, failed = 0, written = 0
        // Each path planned, by its hash (`fnv1a`), with the line of the row that writes it: the one
        // thing the batch keeps of every row (16 bytes and the table's slack).
        var firstLine: [UInt64: Int] = [:]
        while true {
            var chunk: [DataRow] = []
            do {
                while chunk.count < Self.chunk, let row = try reader.nextRow() { chunk.append(row) }
            } catch let error as DataFileError {
                throw InputError("\(dataPath): line \(error.line): \(error.message)")
            }
            if chunk.isEmpty { break }
            for row in chunk where row.problem == nil && noted.count < Self.notedColumns {
                let unused = row.values.map(\.name).filter { !used.contains($0) && !noted.contains($0) }
                guard !unused.isEmpty else { continue }
                noted.formUnion(unused)
                // Each with the parameter it may misspell ("moev" (did you mean 'move'?)).
                let named = unused.map { name in
                    let hint = DidYouMean.closest(to: name, among: parameters.declared.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                    return "\"\(DisplayText.escaped(name, limit: 40))\"\(hint)"
                }
                printError("flipbook render: note: \(dataPath): line \(row.line): the column\(unused.count == 1 ? "" : "s") \(named.joined(separator: ", ")) name\(unused.count == 1 ? "s" : "") no parameter and no output uses \(unused.count == 1 ? "it" : "them")")
            }
            // Paths first, in row order, so two rows that would write one file are found whatever the
            // threads do (the second is refused).
            var planned: [Result<[String], BatchRowError>] = []
            for row in chunk {
                if let problem = row.problem { planned.append(.failure(BatchRowError(problem))); continue }
                var list: [String] = []
                var failure: BatchRowError?
                for pattern in outputs.patterns {
                    switch pattern.path(for: row) {
                    case .success(let p):
                        let h = Self.fnv1a(p)
                        if let line = firstLine[h] {
                            if failure == nil {
                                failure = BatchRowError("writes '\(DisplayText.escaped(p, limit: 120))', as line \(line) does (put a column that tells rows apart in the pattern, such as {id})")
                            }
                        } else {
                            firstLine[h] = row.line
                        }
                        list.append(p)
                    case .failure(let e): failure = failure ?? e
                    }
                }
                planned.append(failure.map { .failure($0) } ?? .success(list))
            }
            // Another part's rows: their paths were planned (so a repeated path is found the same on
            // every machine), and nothing else is done with them here.
            let first = index
            index += chunk.count
            if let parts, let shard {
                for i in planned.indices where parts[first + i] != shard.index { planned[i] = .failure(BatchRowError.otherPart) }
            }
            let batch = self, rowsHere = chunk, plans = planned
            try ParallelWork.run(chunk.count, jobs: jobs, work: { i in
                switch plans[i] {
                case .failure(let e) where e.message == BatchRowError.otherPart.message: return [2]
                case .failure(let e): return [0] + Array(e.message.utf8)
                case .success(let p): return batch.render(rowsHere[i], paths: p)
                }
            }, consume: { i, result in
                if result.first == 2 { return }
                rows += 1
                let text = String(decoding: result.dropFirst(), as: UTF8.self)
                if result.first == 1 {
                    written += 1
                    if !quiet && !text.isEmpty { print(text) }
                } else {
                    failed += 1
                    printError("flipbook render: error: \(dataPath): line \(rowsHere[i].line): \(text)")
                }
            })
        }
        let part = shard.map { " (part \($0) of the rows)" } ?? ""
        if failed > 0 {
            printError("flipbook render: \(written) of \(rows) rows written\(part); \(failed) failed (listed above)")
            return 1
        }
        if !quiet { print("wrote \(written) row\(written == 1 ? "" : "s") of \(dataPath)\(part)") }
        return 0
    }

    /// For every row of the file, the part (1…count) it belongs to: the parts are runs of rows in
    /// file order, cut where the estimated work (`SceneCost` of the outputs asked for, the row bound)
    /// adds up to each k / count of the whole, each row going where the middle of its work falls, so
    /// every machine that reads the file works out the same parts. A row that cannot be bound
    /// weighs nothing (its part reports it).
    func owners(of shard: Shard, format: DataRowReader.Format) throws -> [Int] {
        let source = try DataSource(dataPath)
        var reader = DataRowReader(format: format, next: source.next)
        var costs: [Double] = []
        do {
            while let row = try reader.nextRow() { costs.append(estimate(row)) }
        } catch let error as DataFileError {
            throw InputError("\(dataPath): line \(error.line): \(error.message)")
        }
        let total = costs.reduce(0, +)
        var before = 0.0
        return costs.enumerated().map { r, cost in
            defer { before += cost }
            let middle = total > 0 ? (before + cost / 2) / total : (Double(r) + 0.5) / Double(costs.count)
            return min(shard.count, Int(middle * Double(shard.count)) + 1)
        }
    }

    /// The estimated work of a row's outputs (0 for a row that cannot be bound).
    func estimate(_ row: DataRow) -> Double {
        guard row.problem == nil, let scene = try? scene(for: row) else { return 0 }
        let frameOutput: SceneCost.Output = outputs.format == .png ? .png(scale: outputs.scale) : .svgFrames
        let cost = SceneCost(scene: scene, frames: scene.frameCount, jobs: 1, for: outputs.frames != nil ? frameOutput : .animated)
        var work = 0.0
        if outputs.animated != nil { work += cost.work(.animated) }
        if outputs.lottie != nil { work += cost.work(.animated) }
        if outputs.apng != nil {
            let png = SceneCost.Output.png(scale: outputs.scale)
            work += SceneCost(scene: scene, frames: scene.frameCount, jobs: 1, for: png).work(png)
        }
        if outputs.frames != nil { work += cost.work(frameOutput) }
        if outputs.still != nil { work += cost.frameWork(frameOutput) }
        return work
    }

    /// The template with the row's columns bound to the parameters of those names.
    func scene(for row: DataRow) throws(SceneError) -> Scene { try themable(row).scene }

    /// `scene(for:)` and the row's theme probe (`Themes.probe`), as the `--set` render makes them.
    func themable(_ row: DataRow) throws(SceneError) -> (scene: Scene, theme: ThemeProbe?) {
        var values: [String: JSONValue] = [:]
        for (name, value) in row.values {
            guard let parameter = parameters.parameter(named: name) else { continue }
            values[name] = try parameters.resolve(value, for: parameter, source: name)
        }
        let file = template.description
        let scene = try parameters.decode(json, values: values, loader: loader, file: file)
        let needsTheme = outputs.animated != nil || outputs.lottie != nil
        return (scene, needsTheme ? try Themes.probe(json, parameters: parameters, values: values, loader: loader, file: file) : nil)
    }

    /// One row: its values bound, its outputs written (each atomically). The result's first byte is 1
    /// with what was written, or 0 with why not.
    func render(_ row: DataRow, paths: [String]) -> [UInt8] {
        do {
            let (scene, theme) = try themable(row)
            // Every output's budget, as without --data, before any of the row's files is written.
            let budgets: [(SceneCost.Output, Int)] = (outputs.animated != nil || outputs.lottie != nil ? [(.animated, scene.frameCount)] : [])
                + (outputs.apng != nil ? [(.png(scale: outputs.scale), scene.frameCount)] : [])
                + (outputs.frames != nil ? [(outputs.format == .png ? .png(scale: outputs.scale) : .svgFrames, scene.frameCount)] : [])
            for (output, frames) in budgets {
                try SceneOptions.checkCost(scene, frames: frames, output: output, file: template, limits: loader.limits, jobs: 1)
            }
            var lines: [String] = [], next = 0
            func path() -> BytePath { defer { next += 1 }; return BytePath(paths[next]) }
            if outputs.animated != nil {
                let p = path()
                let compiled = try scene.writeAnimatedSVG(to: p, css: outputs.css, jobs: 1, fonts: outputs.fonts, textAsPaths: outputs.textAsPaths,
                                                          theme: theme, repeatCount: outputs.repeatCount, beginEvent: outputs.beginEvent,
                                                          scrollTimeline: outputs.scrollTimeline, minify: outputs.minify, listings: listings)
                lines.append("wrote \(p) (\(compiled.svg.utf8.count) bytes)")
            }
            if outputs.lottie != nil {
                let p = path()
                if p.description.lowercased().hasSuffix(".tgs") {
                    // A Telegram sticker, as without --data: its rules checked, gzipped.
                    let bytes = try RenderCommand.writeTGS(scene, to: p, file: template, jobs: 1, fonts: outputs.fonts, theme: theme, listings: listings)
                    lines.append("wrote \(p) (\(bytes) bytes: a Telegram sticker, gzipped Lottie)")
                } else {
                    let bytes = try RenderCommand.writeLottie(scene, to: p, jobs: 1, fonts: outputs.fonts, theme: theme, listings: listings)
                    lines.append("wrote \(p) (\(bytes) bytes)")
                }
            }
            if outputs.apng != nil {
                let p = path()
                let written = try scene.writeAPNG(to: p, scale: outputs.scale, fonts: outputs.fonts, jobs: 1, listings: listings)
                lines.append("wrote \(p) (\(written.bytes) bytes, \(written.frames) frames of \(scene.frameCount) after equal ones merged)")
            }
            if outputs.frames != nil {
                let p = path()
                let written = try scene.writeFrames(to: p, format: outputs.format, jobs: 1, scale: outputs.scale, fonts: outputs.fonts,
                                                    textAsPaths: outputs.textAsPaths, force: outputs.force, listings: listings)
                lines.append("wrote \(written.count) frames to \(p)")
            }
            if let still = outputs.still {
                let p = path()
                let bytes = try scene.writeStill(at: still.time, to: p, format: outputs.format(ofStill: p), scale: outputs.scale,
                                                 fonts: outputs.fonts, textAsPaths: outputs.textAsPaths, listings: listings)
                lines.append("wrote \(p) (\(bytes) bytes)")
            }
            return [1] + Array(lines.joined(separator: "\n").utf8)
        } catch let error as SceneError {
            // The template's path is the same for every row; the value's source is the row's column.
            return [0] + Array((error.file == template.description ? "\(error.path): \(error.message)" : "\(error.file): \(error.message)").utf8)
        } catch let error as InputError {
            return [0] + Array(error.message.utf8)
        } catch {
            return [0] + Array("\(error)".utf8)
        }
    }

    /// 64-bit FNV-1a of a path's bytes: the batch remembers each path written by this.
    static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }
}

extension RenderBatch.Outputs {
    /// A still's format by its file's extension: PNG for `.png`, else SVG.
    func format(ofStill path: BytePath) -> FrameFormat {
        path.description.lowercased().hasSuffix(".png") ? .png : .svg
    }
}

/// Why one row of a batch was not rendered.
struct BatchRowError: Error {
    let message: String
    init(_ message: String) { self.message = message }

    /// The row belongs to another part (`--shard`): not an error, not rendered here.
    static let otherPart = BatchRowError("\u{0}another part")
}

/// A data file read in chunks of 64 KiB; closed when released.
final class DataSource {
    let fd: Int32
    let path: BytePath

    init(_ path: BytePath) throws {
        self.path = path
        fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw InputError("\(path): \(errno == ENOENT ? "no such file" : "cannot be read (\(FileError.reason(errno)))")") }
    }

    deinit { close(fd) }

    /// The next chunk, or nil at the end of the file.
    func next() throws -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw DataFileError(line: 0, message: "cannot be read (\(FileError.reason(errno)))") }
            return n == 0 ? nil : Array(chunk[..<n])
        }
    }
}
