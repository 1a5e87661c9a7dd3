import Flipbook
@testable import FlipbookScenes
import Testing

/// CSS's colour functions in a scene's colour strings (`CSSColorFunction`). The expected components
/// come from elsewhere: rgb() by division by 255, hsl() from Python's colorsys.hls_to_rgb (its own
/// algorithm, not CSS Color 4's formula), each × 255.
struct CSSColorFunctionTests {
    static func color(_ text: String) throws -> Color {
        let json = #"{"flipbook": 1, "canvas": [10, 10], "duration": 1, "background": "\#(text)", "layers": []}"#
        return try SceneLoader().decode(Array(json.utf8), file: "c.json").background
    }

    static let table: [(String, [Double])] = [
        ("rgb(52, 120, 246)", [52, 120, 246, 255]), ("rgba(52, 120, 246, 0.5)", [52, 120, 246, 127.5]),
        ("rgb(52 120 246 / 50%)", [52, 120, 246, 127.5]), ("RGB(100%, 0%, 50%)", [255, 0, 127.5, 255]),
        ("rgb(0 0 0/0)", [0, 0, 0, 0]), ("rgb( 1 , 2 , 3 )", [1, 2, 3, 255]), ("rgba(10 20 30)", [10, 20, 30, 255]),
        ("hsl(210, 50%, 40%)", [51, 102, 153, 255]), ("hsl(0 100% 50%)", [255, 0, 0, 255]),
        ("hsl(120, 100%, 25%)", [0, 127.5, 0, 255]), ("hsl(300 20 90)", [234.6, 224.4, 234.6, 255]),
        ("hsl(-30, 100%, 50%)", [255, 0, 127.5, 255]), ("hsl(390deg, 100%, 50%)", [255, 127.5, 0, 255]),
        ("hsla(45, 0%, 50%, 25%)", [127.5, 127.5, 127.5, 63.75]), ("hsl(0.5turn 100% 50%)", [0, 255, 255, 255]),
        ("hsl(200grad 100% 50%)", [0, 255, 255, 255]),
    ]

    @Test(arguments: 0..<table.count) func matchesItsReference(_ i: Int) throws {
        let (text, expected) = Self.table[i]
        let c = try Self.color(text)
        let got = [c.red, c.green, c.blue, c.alpha].map { $0 * 255 }
        for k in 0..<4 { #expect(abs(got[k] - expected[k]) < 1e-9, "\(text): component \(k) is \(got[k]), expected \(expected[k])") }
    }

    /// A hue in radians is the same colour as its degrees (π rad = 180°), to rounding.
    @Test func radiansAreDegrees() throws {
        let a = try Self.color("hsl(3.14159265358979rad 60% 40%)"), b = try Self.color("hsl(180 60% 40%)")
        #expect(abs(a.red - b.red) < 1e-12 && abs(a.green - b.green) < 1e-12 && abs(a.blue - b.blue) < 1e-12)
    }

    /// Out of range is refused, not clamped; a broken function says what is wrong; nothing but a
    /// number reads as one (so a value cannot carry anything else into a file).
    @Test func aBadFunctionIsRefusedWithWhy() {
        let cases: [(String, String)] = [
            ("rgb(300, 0, 0)", "a component 300 is outside 0…255 (or 0%…100%)"),
            ("rgb(1, 2)", "rgb() takes 3 components and an alpha, got 2 between commas"),
            ("rgb(1, 2%, 3)", "rgb() with commas takes three numbers or three percentages, not both"),
            ("rgba(1, 2, 3, 1.5)", "alpha 1.5 is outside 0…1"),
            ("hsl(10, 50, 50%)", "saturation \"50\" must be a percentage here"),
            ("rgb(1 2 3", "rgb() is not closed with ')'"),
            ("rgb(nan 0 0)", "a component \"nan\" is not a number"),
            ("rgb(0x10 0 0)", "a component \"0x10\" is not a number"),
            ("rgb(0,0,0);}svg{x:rgb(0,0,0)", "rgb() takes 3 components and an alpha, got 5 between commas"),
            ("hsl(1e999 50% 50%)", "hue \"1e999\" is not a number or an angle"),
        ]
        for (text, why) in cases {
            #expect(CSSColorFunction.parse(text) == .failure(CSSColorFunction.Problem(why)), "\(text)")
            #expect(throws: (any Error).self) { try Self.color(text) }
        }
        #expect(CSSColorFunction.parse("#ff0000") == nil)
        #expect(CSSColorFunction.parse("orange") == nil)
    }
}
