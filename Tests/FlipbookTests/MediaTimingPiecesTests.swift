import FlipbookSupport
import Testing
@testable import Flipbook

/// The pieces exporters read and the state frames read are one model: inside every piece,
/// `state(atParentTime:)` gives the piece's linear progress, on random timings of every kind.
struct MediaTimingPiecesTests {
    @Test func piecesAgreeWithState() {
        var generator = SplitMix64(seed: 11)
        var checked = 0
        for _ in 0..<3000 {
            var timing = MediaTiming(beginTime: generator.next(-1, 2), duration: generator.next(0.1, 2), speed: [1, 2, 0.5, -1, -0.5][Int(generator.next(0, 4.999))],
                                     timeOffset: generator.next(0, 1) < 0.5 ? 0 : generator.next(-3, 3),
                                     repeatCount: [0, 1, 2.5, 3][Int(generator.next(0, 3.999))], autoreverses: generator.next(0, 1) < 0.5)
            if generator.next(0, 1) < 0.2 { timing.repeatDuration = generator.next(0.2, 4) }
            for piece in timing.pieces(limit: 200) {
                #expect(piece.start < piece.end)
                for f in [0.1, 0.37, 0.5, 0.81, 0.99] {
                    let t = piece.start + (piece.end - piece.start) * f
                    guard let state = timing.state(atParentTime: t) else {
                        Issue.record("\(timing): no state at \(t) inside \(piece)")
                        continue
                    }
                    let expected = piece.progressAtStart + (piece.progressAtEnd - piece.progressAtStart) * f
                    #expect(abs(state.progress - expected) < 1e-9, "\(timing) at \(t): \(state.progress) vs \(expected) in \(piece)")
                    #expect(state.iteration == piece.iteration, "\(timing) at \(t)")
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }

    /// The pieces cover the active interval: their lengths add up to the active duration / |speed|.
    @Test func piecesCoverTheActiveInterval() {
        let timing = MediaTiming(beginTime: 0.5, duration: 1, speed: 2, timeOffset: 0.3, repeatCount: 2.5, autoreverses: true)
        let total = timing.pieces().reduce(0) { $0 + $1.end - $1.start }
        #expect(abs(total - timing.activeDuration / 2) < 1e-12)
    }
}
