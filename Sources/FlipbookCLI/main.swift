import FlipbookScenes
import Foundation

let usage = """
USAGE: flipbook <command> [options]

COMMANDS:
  render <scene>   Render a scene to numbered SVG frames.
  validate <scene> Check scene files without rendering.
  dump <scene>     Print the presentation tree at a time as JSON.
  ease <spec>      Evaluate, sample or plot a timing curve.
  schema           Print the JSON Schema of scene files.

Run 'flipbook <command> --help' for a command's options.
"""

/// Runs a command and maps errors to exit codes: 1 for bad input, 2 for bad usage.
func runCommand(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
        printError(usage)
        return 2
    }
    let rest = Array(arguments.dropFirst())
    do {
        switch command {
        case "ease": return try EaseCommand.run(rest)
        case "render": return try RenderCommand.run(rest)
        case "validate": return try ValidateCommand.run(rest)
        case "dump": return try DumpCommand.run(rest)
        case "schema":
            if rest.contains("--help") {
                print("USAGE: flipbook schema\n\nPrints the JSON Schema of scene files (Scenes/scene.schema.json).")
                return 0
            }
            guard rest.isEmpty else { throw UsageError("'schema' takes no arguments") }
            print(SceneSchema.text(), terminator: "")
            return 0
        case "--help", "-h", "help":
            if let topic = rest.first { return runCommand([topic, "--help"]) }
            print(usage)
            return 0
        default:
            let hint = closestMatch(command, among: ["ease", "render", "validate", "dump", "schema"]).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown command '\(command)'\(hint)")
        }
    } catch let error as UsageError {
        printError("flipbook \(command): error: \(error.message)\nRun 'flipbook \(command == "--help" ? "" : command + " ")--help' for usage.")
        return 2
    } catch let error as InputError {
        printError("flipbook \(command): error: \(error.message)")
        return 1
    } catch {
        printError("flipbook \(command): error: \(error)")
        return 1
    }
}

exit(runCommand(Array(CommandLine.arguments.dropFirst())))
