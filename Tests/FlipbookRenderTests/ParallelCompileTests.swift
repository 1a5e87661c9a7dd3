import Flipbook
@testable import FlipbookSVG
import FlipbookScenes
import Foundation
import Testing

/// The animated compiler with several threads (`AnimatedSVGCompiler.jobs`): instants made ahead on
/// other threads are the instants the sampler makes on demand, and the output does not depend on the
/// number of threads.
struct ParallelCompileTests {
    static func load(_ name: String) throws -> Scene {
        try SceneLoader().load(contentsOf: GoldenTests.root.appendingPathComponent("Scenes/\(name).json").path)
    }

    /// Every scene: the same SVG and report with 1 and 3 threads (3: runs of unequal length).
    @Test(arguments: GoldenTests.scenes)
    func outputDoesNotDependOnJobs(_ name: String) throws {
        let scene = try Self.load(name)
        var compiler = AnimatedSVGCompiler(scene: scene)
        let one = compiler.compile()
        compiler.jobs = 3
        let three = compiler.compile()
        #expect(one.svg == three.svg)
        #expect(one.reportText == three.reportText)
    }

    /// The CSS and Lottie variants too (the rings and the pie).
    @Test(arguments: ["activity-rings", "pie-chart"])
    func variantsDoNotDependOnJobs(_ name: String) throws {
        let scene = try Self.load(name)
        #expect(scene.animatedSVGWithCSS(jobs: 1).svg == scene.animatedSVGWithCSS(jobs: 2).svg)
        #expect(scene.animatedSVGForLottie(jobs: 1).svg == scene.animatedSVGForLottie(jobs: 2).svg)
    }

    /// Snapshots made ahead on two threads equal, slot by slot, those a sampler makes one instant at a
    /// time (nodes, parents, drawing order), at every frame and half frame, and the sampler keeps
    /// them (asking again makes nothing new).
    @Test(arguments: ["activity-rings", "pie-chart", "line-graph", "easing-gallery"])
    func prefetchedSnapshotsEqualOnDemandOnes(_ name: String) throws {
        let scene = try Self.load(name)
        let times = (0..<(2 * scene.frameCount - 1)).map { Double($0) / (2 * scene.fps) }
        let ahead = Sampler(scene), onDemand = Sampler(scene)
        ahead.prefetch(times, jobs: 2)
        #expect(times.allSatisfy { ahead.isKept($0) })
        for t in times {
            let a = ahead.at(t), b = onDemand.at(t)
            #expect(a.order.map { ahead.ids[$0] } == b.order.map { onDemand.ids[$0] }, "t = \(t)")
            #expect(a.parents.map { $0 < 0 ? "" : ahead.ids[$0] } == b.parents.map { $0 < 0 ? "" : onDemand.ids[$0] }, "t = \(t)")
            for slot in a.order {
                let other = onDemand.slot(ahead.ids[slot])
                #expect(a.node(slot) == b.node(other), "t = \(t), \(ahead.ids[slot])")
            }
        }
        // The same numbering as on demand: slots are given in the order instants are asked for.
        #expect(ahead.ids == onDemand.ids)
    }

    /// The instants a compile evaluates ahead for the fits (`TrackFitter.exactSampleInstants`) are every
    /// instant a fit of exact segments asks for: a value linear or constant between its knots, fitted
    /// while every instant it is asked for is recorded (the fit tries runs of several knot intervals
    /// first, and each run samples its own instants).
    @Test func fitSamplesOnlyTheInstantsGivenAhead() {
        let knots = [0, 1, 1.2, 2.2, 2.5]
        final class Log: @unchecked Sendable { var times: [Double] = [] }
        let log = Log()
        let fitter = TrackFitter(value: { t in
            log.times.append(t)
            return [t <= 1 ? t : t <= 1.2 ? 1 : t <= 2.2 ? 1 + 2 * (t - 1.2) : 3]
        }, tolerance: 0.01)
        let (keys, summary) = fitter.fit(knots: knots, spans: [])
        #expect(summary.exact)
        #expect(keys.map(\.time) == [0, 1, 1.2, 2.2, 2.5])
        let ahead = Set(TrackFitter.exactSampleInstants(knots: knots))
        #expect(log.times.count > 50)
        for t in log.times { #expect(ahead.contains(t), "t = \(t)") }
    }
}
