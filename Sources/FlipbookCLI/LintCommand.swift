import Easing
import Flipbook
import FlipbookScenes
import FlipbookSupport
import FlipbookTesting

/// `flipbook lint SCENE`: motion that is legal but almost certainly not what was meant (`SceneLint`).
enum LintCommand {
    static let help = """
    USAGE: flipbook lint <scene.json>... [--error] [--wcag [--viewing-scale <k>]] [options]

    Finds motion that is legal but likely not meant, each finding with its rule, the scene file's JSON
    path, the time and what to change:
      loop-seam           a looping scene whose end does not meet its start
      loop-velocity       ... or meets it with a jump in speed
      retarget-jump       an animation or change that starts a moving value from another value than
                          the one on screen (Core Animation's classic glitch)
      out-of-range        opacity above 1, strokeEnd below 0, a negative width or radius
      outlasts-scene      an animation or change still running when the scene ends
      never-shows         an animation or change that starts when the scene is over
      spring-cut          a spring whose duration ends before it settles
    With --wcag, on the raster frames and the timing:
      wcag-2.3.1-flashes  more than three general or red flashes in any one second (WCAG 2.3.1)
      wcag-2.2.2-motion   motion that starts by itself and lasts more than five seconds (a warning)

    OPTIONS:
      --error              Exit 1 when anything is found (default: findings are printed, exit 0).
      --wcag               Also run the WCAG checks.
      --viewing-scale <k>  Screen pixels per scene pixel for 2.3.1's flash area (default 1: the
                           canvas at its size on a 1024 × 768 screen).
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 linted (findings or not, without --error), 1 findings with --error or an invalid
    scene, 2 bad usage.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions.union(["viewing-scale"]),
                                       flagOptions: ["help", "error", "wcag"], command: "lint")
        if args.flags.contains("help") { print(help); return 0 }
        guard !args.positionals.isEmpty else { throw UsageError("'lint' needs a scene file") }
        var scale = 1.0
        if let text = args.options["viewing-scale"] {
            guard let k = Double(text), k.isFinite, k > 0, k <= 100 else { throw UsageError("--viewing-scale expects a number above 0 and at most 100, got '\(text)'") }
            scale = k
        }
        var total = 0
        for path in args.positionalPaths {
            let scene = try SceneOptions.load(path, args)
            // The scene loaded, so its file reads and parses, and its "lint" has the right shape.
            var allow: [LintAllowance] = []
            if let bytes = LocalFile.contents(atPath: path.description), let json = try? SceneLoader().parse(bytes, file: path.description) {
                for (text, at) in try SceneLoader.lintAllowances(in: json, file: path.description) {
                    do {
                        allow.append(try LintAllowance(parsing: text))
                    } catch {
                        throw InputError("\(path): \(at): \(error.message)")
                    }
                }
            }
            let findings: [LintFinding]
            do {
                findings = try SceneLint(scene: scene, wcag: args.flags.contains("wcag"), viewingScale: scale, allow: allow).findings()
            } catch {
                throw InputError("\(path): the frames cannot be rasterized for --wcag: \(error)")
            }
            for finding in findings { print("\(path): \(finding)") }
            total += findings.count
        }
        print("\(total) finding\(total == 1 ? "" : "s") in \(args.positionals.count) scene\(args.positionals.count == 1 ? "" : "s")")
        return total > 0 && args.flags.contains("error") ? 1 : 0
    }
}
