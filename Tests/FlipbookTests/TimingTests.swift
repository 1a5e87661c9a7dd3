import Testing
@testable import Flipbook

/// The CAMediaTiming model against a table derived by hand from Apple's documentation (each option
/// alone, then combined; boundaries of the half-open active interval).
struct TimingTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let timing: MediaTiming
        let removed: Bool
        let time: Double
        /// nil: no effect at that time.
        let expected: (iteration: Int, progress: Double, phase: TimingState.Phase)?
        var description: String { "\(name) at \(time)" }
    }

    static func c(_ name: String, _ timing: MediaTiming, removed: Bool = true, at time: Double,
                  _ expected: (Int, Double, TimingState.Phase)?) -> Case {
        Case(name: name, timing: timing, removed: removed, time: time, expected: expected)
    }

    static let table: [Case] = [
        // duration 2 s from beginTime 1 s: [1, 3) is active.
        c("plain", MediaTiming(beginTime: 1, duration: 2), at: 0.999, nil),
        c("plain", MediaTiming(beginTime: 1, duration: 2), at: 1, (0, 0, .active)),
        c("plain", MediaTiming(beginTime: 1, duration: 2), at: 2, (0, 0.5, .active)),
        c("plain", MediaTiming(beginTime: 1, duration: 2), at: 3, nil),
        // removedOnCompletion true ignores a forwards fill (the snap-back); false keeps the end.
        c("fill, removed", MediaTiming(beginTime: 1, duration: 2, fillMode: .forwards), at: 5, nil),
        c("fill, kept", MediaTiming(beginTime: 1, duration: 2, fillMode: .forwards), removed: false, at: 5, (0, 1, .after)),
        c("fill both, kept", MediaTiming(beginTime: 1, duration: 2, fillMode: .both), removed: false, at: 0, (0, 0, .before)),
        c("backwards", MediaTiming(beginTime: 1, duration: 2, fillMode: .backwards), at: 0.5, (0, 0, .before)),
        c("backwards only", MediaTiming(beginTime: 1, duration: 2, fillMode: .backwards), removed: false, at: 4, nil),
        // Duration 0 is CA's default 0.25 s.
        c("default duration", MediaTiming(), at: 0.125, (0, 0.5, .active)),
        c("default duration", MediaTiming(), at: 0.25, nil),
        // Repeats: fractional count 2.5 of 1 s is active over [0, 2.5).
        c("repeat 2.5", MediaTiming(duration: 1, repeatCount: 2.5), at: 1, (1, 0, .active)),
        c("repeat 2.5", MediaTiming(duration: 1, repeatCount: 2.5), at: 2.25, (2, 0.25, .active)),
        c("repeat 2.5", MediaTiming(duration: 1, repeatCount: 2.5), at: 2.5, nil),
        c("repeat 2.5 kept", MediaTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards), removed: false, at: 9, (2, 0.5, .after)),
        // Integer count ends at the end of its last cycle, not the start of another.
        c("repeat 2 kept", MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards), removed: false, at: 2, (1, 1, .after)),
        c("repeat forever", MediaTiming(duration: 1, repeatCount: .infinity), at: 1000.25, (1000, 0.25, .active)),
        c("repeatDuration", MediaTiming(duration: 1, repeatDuration: 1.5), at: 1.2, (1, 0.2, .active)),
        c("repeatDuration", MediaTiming(duration: 1, repeatDuration: 1.5), at: 1.5, nil),
        c("repeatDuration wins", MediaTiming(duration: 1, repeatCount: 5, repeatDuration: 1.5), at: 2, nil),
        // Autoreverse: each cycle is forward then back, so one repeat lasts 2 s.
        c("autoreverse", MediaTiming(duration: 1, autoreverses: true), at: 0.25, (0, 0.25, .active)),
        c("autoreverse", MediaTiming(duration: 1, autoreverses: true), at: 1.25, (0, 0.75, .active)),
        c("autoreverse", MediaTiming(duration: 1, autoreverses: true), at: 2, nil),
        c("autoreverse kept", MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards), removed: false, at: 2, (0, 0, .after)),
        c("autoreverse 1.5", MediaTiming(duration: 1, repeatCount: 1.5, autoreverses: true), at: 2.5, (1, 0.5, .active)),
        // Speed scales local time.
        c("speed 2", MediaTiming(duration: 1, speed: 2), at: 0.25, (0, 0.5, .active)),
        c("speed 2", MediaTiming(duration: 1, speed: 2), at: 0.5, nil),
        c("speed 0.5, begin 1", MediaTiming(beginTime: 1, duration: 1, speed: 0.5), at: 2, (0, 0.5, .active)),
        // timeOffset shifts within the active duration and wraps.
        c("offset", MediaTiming(duration: 1, timeOffset: 0.5), at: 0, (0, 0.5, .active)),
        c("offset", MediaTiming(duration: 1, timeOffset: 0.5), at: 0.6, (0, 0.1, .active)),
        // speed 0 freezes at timeOffset (scrubbing).
        c("frozen", MediaTiming(duration: 1, speed: 0, timeOffset: 0.3), at: 42, (0, 0.3, .active)),
        // Combined: begin 1, duration 2, 2 repeats, autoreverse, speed 2: active [1, 5).
        c("combined", MediaTiming(beginTime: 1, duration: 2, speed: 2, repeatCount: 2, autoreverses: true), at: 1.5, (0, 0.5, .active)),
        c("combined", MediaTiming(beginTime: 1, duration: 2, speed: 2, repeatCount: 2, autoreverses: true), at: 2.5, (0, 0.5, .active)),
        c("combined", MediaTiming(beginTime: 1, duration: 2, speed: 2, repeatCount: 2, autoreverses: true), at: 3.5, (1, 0.5, .active)),
        c("combined", MediaTiming(beginTime: 1, duration: 2, speed: 2, repeatCount: 2, autoreverses: true), at: 5, nil),
    ]

    @Test(arguments: table)
    func timingTable(_ c: Case) {
        let state = c.timing.state(atParentTime: c.time, removedOnCompletion: c.removed)
        guard let expected = c.expected else {
            #expect(state == nil)
            return
        }
        guard let state else {
            Issue.record("expected an effect")
            return
        }
        #expect(state.iteration == expected.iteration)
        #expect(abs(state.progress - expected.progress) < 1e-12)
        #expect(state.phase == expected.phase)
    }

    @Test func activeDuration() {
        #expect(MediaTiming(duration: 2, repeatCount: 3, autoreverses: true).activeDuration == 12)
        #expect(MediaTiming(duration: 2, repeatCount: .infinity).activeDuration == .infinity)
        #expect(MediaTiming(duration: 2, repeatDuration: 5).activeDuration == 5)
    }

    @Test func layerLocalTime() {
        #expect(MediaTiming(beginTime: 2, speed: 3, timeOffset: 1).layerLocalTime(4) == 7)
    }
}
