import CFlipbookSystem
import Easing
import FlipbookFiles
import FlipbookScenes
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The release, as `flipbook --version` prints it.
let flipbookVersion = "0.9.0"

/// The commands, for help and did-you-mean.
let commands = ["render", "validate", "dump", "trace", "lint", "verify", "format", "import", "ease", "schema"]

let usage = """
USAGE: flipbook <command> [options]

COMMANDS:
  render <scene>   Render a scene to numbered SVG frames.
  validate <scene> Check scene files without rendering.
  dump <scene>     Print the presentation tree at a time as JSON.
  trace <scene>    Print properties of layers over time as CSV or JSON.
  lint <scene>     Find motion that is legal but likely not meant (and, with --wcag, flashes).
  verify <file>    Check an animated SVG against a scene (--against), instant by instant.
  format <scene>   Print the scene as Flipbook writes scene files.
  import <lottie>  Print a Lottie file as a scene file, and what it leaves out.
  ease <spec>      Evaluate, sample or plot a timing curve.
  schema           Print the JSON Schema of scene files.

Run 'flipbook <command> --help' for a command's options, 'flipbook --version' for the release.
"""

/// Runs a command and maps errors to exit codes: 1 for bad input, 2 for bad usage.
func runCommand(_ raw: [[UInt8]]) -> Int32 {
    guard let first = raw.first else {
        printError(usage)
        return 2
    }
    let command = DisplayText.escaped(String(decoding: first, as: UTF8.self), limit: 40)
    let rawRest = Array(raw.dropFirst())
    let rest = rawRest.map { String(decoding: $0, as: UTF8.self) }
    do {
        switch command {
        case "ease": return try EaseCommand.run(rest)
        case "render": return try RenderCommand.run(rawRest)
        case "validate": return try ValidateCommand.run(rawRest)
        case "dump": return try DumpCommand.run(rawRest)
        case "trace": return try TraceCommand.run(rawRest)
        case "lint": return try LintCommand.run(rawRest)
        case "verify": return try VerifyCommand.run(rawRest)
        case "format": return try FormatCommand.run(rawRest)
        case "import": return try ImportCommand.run(rawRest)
        case "schema":
            if rest.contains("--help") {
                print("USAGE: flipbook schema\n\nPrints the JSON Schema of scene files (Scenes/scene.schema.json).")
                return 0
            }
            guard rest.isEmpty else { throw UsageError("'schema' takes no arguments") }
            print(SceneSchema.text(), terminator: "")
            return 0
        case "--version", "-V", "version":
            print("flipbook \(flipbookVersion) (scene format \(SceneLoader.formatVersion))")
            return 0
        case "--help", "-h", "help":
            if let topic = rawRest.first { return runCommand([topic, Array("--help".utf8)]) }
            print(usage)
            return 0
        default:
            let hint = closestMatch(command, among: commands).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown command '\(command)'\(hint)")
        }
    } catch let error as UsageError {
        // Help for a command that exists; otherwise the list of commands.
        let known = commands.contains(command)
        printError("flipbook\(known ? " " + command : ""): error: \(error.message)\nRun 'flipbook \(known ? command + " " : "")--help' for usage.")
        return 2
    } catch let error as InputError {
        printError("flipbook \(command): error: \(error.message)")
        return error.exitCode
    } catch let error as FileError {
        printError("flipbook \(command): error: \(error.message)")
        return error.signal != 0 ? 128 + error.signal : 1
    } catch {
        printError("flipbook \(command): error: \(error)")
        return 1
    }
}

/// The arguments as the bytes the process was given (paths need not be UTF-8).
let rawArguments: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
    guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
    return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
}

Interruption.install()
// Freed frame buffers are kept for the next frame (151 rings PNG frames with --jobs 2: 163.4 -> 147.9 ms).
flipbook_keep_freed_memory()
// Commands run on a thread with a 512 MiB stack (reserved, not used): every recursion over user input
// has a depth limit, and the limits (--max-depth at most 1000) fit in this stack with room to spare,
// whatever the shell's `ulimit -s`.
reserveStandardStreams()
/// The command's thread (not the main actor's): runs the command and ends the process with its status.
#if canImport(Glibc)
nonisolated func commandThread(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    exit(finishStandardOutput(runCommand(rawArguments)))
}
#else
nonisolated func commandThread(_: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    exit(finishStandardOutput(runCommand(rawArguments)))
}
#endif
var attributes = pthread_attr_t()
pthread_attr_init(&attributes)
pthread_attr_setstacksize(&attributes, 512 << 20)
#if canImport(Glibc)
var worker = pthread_t()
#else
var worker: pthread_t?
#endif
let started = pthread_create(&worker, &attributes, commandThread, nil)
if started != 0 {
    // No thread of that stack size: run here, on the main thread's stack.
    exit(finishStandardOutput(runCommand(rawArguments)))
}
while true { sleep(1000) }
