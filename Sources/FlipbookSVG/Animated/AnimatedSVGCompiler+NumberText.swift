import Flipbook

extension AnimatedSVGCompiler.Context {
    /// The most states of one formatted number's text the compiler looks for between the frames
    /// (`numberStates`); a text passing through more is observed at the grid's instants only.
    static let maxNumberStates = 10_000

    /// Instants where each formatted number's text (`TextLayer.format`) shows every state it passes
    /// through between the `grid`'s instants, so that the animated file switches the text wherever
    /// the frames' text changes and at no other time: a count from 0 to 100 over 30 frames is 101
    /// states, each an element shown from the instant its text first shows (`DiscreteTrack` finds
    /// those instants by bisection).
    ///
    /// Between two grid instants whose texts differ, the middle is looked at; a text unlike both ends
    /// is a state of its own, and each half whose ends differ is searched again, down to 1/4096 of
    /// the grid's interval (a state shorter than that, a few microseconds at 60 fps, can be missed).
    /// A layer whose states pass `maxNumberStates` is left to the grid (`sampled`, reported).
    static func numberStates(_ scene: Scene, grid: [Double]) -> (instants: [Double], sampled: [String]) {
        let ids = scene.formattedTextIDs
        guard !ids.isEmpty, grid.count > 1 else { return ([], []) }
        var instants: [Double] = [], sampled: [String] = []
        for id in ids {
            func text(_ t: Double) -> String? {
                scene.presentation(at: t).layer(withID: id).map(TextLayer.shownText)
            }
            var found: [Double] = []
            var values = grid.map(text)
            var over = false
            func search(_ a: Double, _ ta: String?, _ b: Double, _ tb: String?, depth: Int) {
                guard !over, depth > 0, ta != tb else { return }
                let m = 0.5 * (a + b)
                guard m > a, m < b else { return }
                let tm = text(m)
                if tm != ta && tm != tb {
                    found.append(m)
                    if found.count > maxNumberStates { over = true; return }
                }
                search(a, ta, m, tm, depth: depth - 1)
                search(m, tm, b, tb, depth: depth - 1)
            }
            for k in grid.indices.dropLast() where values[k] != values[k + 1] {
                search(grid[k], values[k], grid[k + 1], values[k + 1], depth: 12)
                if over { break }
            }
            values = []
            if over { sampled.append(id) } else { instants += found }
        }
        return (instants, sampled)
    }
}
