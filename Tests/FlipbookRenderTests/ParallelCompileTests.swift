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

    /// Top-level layers that number clip paths and gradients, written on several threads: the numbers
    /// follow the layers' order as with one thread (a layer written after others that numbered some
    /// is written again in order). The second layer numbers nothing, the others a clip path each and
    /// a gradient each.
    @Test func numberedDefinitionsDoNotDependOnJobs() {
        var layers: [Layer] = []
        for i in 0..<4 {
            var group = Layer(id: "group\(i)")
            group[.bounds] = Rect(x: 0, y: 0, width: 40, height: 40)
            group[.masksToBounds] = i != 1
            var square = Layer(id: "square\(i)", type: ShapeLayer.self)
            square[.bounds] = Rect(x: 0, y: 0, width: 60, height: 60)
            square[.position] = Point(20, 20)
            square[.path] = Path.rect(Rect(x: 0, y: 0, width: 60, height: 60))
            if i != 1 {
                square[.fillGradient] = Gradient(stops: [.init(0, Color(red: 1, green: 0, blue: 0)), .init(1, Color(red: 0, green: 0, blue: Double(i) / 4))],
                                                 start: Point(0, 0), end: Point(60, 0))
            }
            group.sublayers = [square]
            group.add(.basic(PropertyKey<Point>.position, from: Point(30 + Double(i) * 50, 30), to: Point(30 + Double(i) * 50, 50), duration: 1))
            layers.append(group)
        }
        let scene = Scene(canvas: Size(240, 80), duration: 1, layers: layers)
        var compiler = AnimatedSVGCompiler(scene: scene)
        let one = compiler.compile()
        for jobs in [2, 3, 4] {
            compiler.jobs = jobs
            let many = compiler.compile()
            #expect(one.svg == many.svg, "jobs \(jobs)")
            #expect(one.reportText == many.reportText, "jobs \(jobs)")
        }
        // Three clip paths and three gradients, numbered in the layers' order.
        for n in 1...3 { #expect(one.svg.contains("id=\"c\(n)\"") && one.svg.contains("id=\"g\(n)\""), "definition \(n)") }
        #expect(!one.svg.contains("id=\"c4\"") && !one.svg.contains("id=\"g4\""))
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
        #expect(times.allSatisfy { ahead.kept($0) != nil })
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
    /// first: each asks for its knots inside and the instant at seven eighths of it, and for the rest
    /// of its own instants where those allow a fit; here the run from 0 to 2.5 asks for 2.1875).
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
        #expect(log.times.count > 40 && log.times.contains(2.5 * 7 / 8))
        for t in log.times { #expect(ahead.contains(t), "t = \(t)") }
    }
}
