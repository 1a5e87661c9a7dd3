import Easing
import Foundation
import Testing

/// CSS easings against Chromium's Web Animations API (`effect.getComputedTiming().progress`), recorded
/// by `Tools/make-easing-reference` into `Resources/chromium-easing.json`.
///
/// Both solve cubic-bezier x to 1e-7 by the same published method (UnitBezier's spline guess, Newton,
/// bisection), so they agree far inside the 1e-6 bound; the tolerance here is 1e-12.
struct ChromiumReferenceTests {
    struct Record: Decodable {
        let easing: String
        let t: Double
        let before: Bool
        let progress: Double?
        let error: String?
    }

    static let records: [Record] = {
        let url = Bundle.module.url(forResource: "chromium-easing", withExtension: "json", subdirectory: "Resources")!
        return try! JSONDecoder().decode([Record].self, from: Data(contentsOf: url))
    }()

    @Test func tableIsLarge() {
        #expect(Self.records.count > 1500)
    }

    @Test(arguments: Set(records.map(\.easing)).sorted())
    func matchesChromium(easing: String) throws {
        let curve = try TimingFunction(parsing: easing)
        for record in Self.records where record.easing == easing {
            let expected = try #require(record.progress, "Chromium rejected \(easing)")
            let value = curve.value(at: record.t, beforeFlag: record.before)
            #expect(abs(value - expected) <= 1e-12, "\(easing) at \(record.t) before=\(record.before): \(value) vs Chromium \(expected)")
        }
    }
}
