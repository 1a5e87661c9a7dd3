import Flipbook

extension AnimatedSVGCompiler.Context {
    /// The most states of one formatted number's text the compiler looks for between the frames
    /// (`numberStates`); a text passing through more is observed at the grid's instants only. Each
    /// state is an element whose tracks are checked at every instant the others add, so the work
    /// grows with the square of the states (a fuzzed count of 2,100 states compiled in 17 s).
    static let maxNumberStates = SceneCost.maxNumberStates

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
        let (instants, over) = scene.numberTextStates(grid: grid, limit: maxNumberStates)
        return (instants, over)
    }
}
