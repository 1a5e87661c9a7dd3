import Flipbook
@testable import FlipbookLottie
import Testing

/// Lottie's rounded corners (`"ty": "rd"`): each sharp vertex becomes two, min(r, half the chord)
/// along each neighbouring chord, joined by a cubic whose handles reach kappa of the way back.
@Suite struct LottieRoundedCornerTests {
    typealias G = LottieGroupPaintTests

    static let square = LottieShape(vertices: [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)],
                                    inTangents: Array(repeating: Point(0, 0), count: 4), outTangents: Array(repeating: Point(0, 0), count: 4),
                                    closed: true)

    /// A 100 px square rounded by 10: the corner (0, 0) becomes (0, 10) (toward the previous vertex,
    /// (0, 100)) and (10, 0), the first's out handle (0, −10κ), the second's in handle (−10κ, 0);
    /// eight vertices in all. By 80, the points stop at the chords' middles (50 px).
    @Test func aSquaresCornersByHand() {
        let k = LottieImporter.kappa
        let ten = Self.square.roundingCorners(10)
        #expect(ten.vertices.count == 8)
        #expect(ten.vertices[0] == Point(0, 10) && ten.vertices[1] == Point(10, 0))
        #expect(ten.outTangents[0] == Point(0, -10 * k) && ten.inTangents[0] == Point(0, 0))
        #expect(ten.inTangents[1] == Point(-10 * k, 0) && ten.outTangents[1] == Point(0, 0))
        #expect(ten.vertices[2] == Point(90, 0) && ten.vertices[3] == Point(100, 10))
        let wide = Self.square.roundingCorners(80)
        #expect(wide.vertices[0] == Point(0, 50) && wide.vertices[1] == Point(50, 0))
        // A radius of 0 keeps the structure: two points at each corner.
        let none = Self.square.roundingCorners(0)
        #expect(none.vertices.count == 8 && none.vertices[0] == Point(0, 0) && none.vertices[1] == Point(0, 0))
    }

    /// An open path keeps its ends; a vertex with a tangent is not a corner.
    @Test func endsAndCurvedVerticesStay() {
        var open = Self.square
        open.closed = false
        let rounded = open.roundingCorners(10)
        #expect(rounded.vertices.count == 6)          // the two inner corners become two each
        #expect(rounded.vertices.first == Point(0, 0) && rounded.vertices.last == Point(0, 100))
        var curved = Self.square
        curved.outTangents[1] = Point(0, 20)
        #expect(curved.roundingCorners(10).vertices.count == 7)
    }

    /// Imported: a 10…90 square rounded by 20 and filled. Its corner (10, 10) becomes a near quarter
    /// circle of radius 20 about (30, 30) (its middle at (15.9, 15.9)), so (14, 14), 22.6 px from that
    /// centre, is empty, while (24, 24) and (11, 50) are filled, as is (14, 14) of the square unrounded;
    /// nothing is reported.
    @Test func anImportedSquareIsRounded() throws {
        let path = #"{"ty":"sh","ks":{"a":0,"k":{"v":[[10,10],[90,10],[90,90],[10,90]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}}"#
        let rounding = #"{"ty":"rd","r":{"a":0,"k":20}}"#
        let (alphas, omissions) = try G.alpha(G.file([G.group([path, G.redFill, rounding])]), at: [(14, 14), (24, 24), (11, 50), (50, 50)])
        #expect(alphas[0] == 0 && alphas[1] == 255 && alphas[2] == 255 && alphas[3] == 255, "\(alphas)")
        #expect(omissions.isEmpty, "\(omissions)")
        let (square, _) = try G.alpha(G.file([G.group([path, G.redFill])]), at: [(14, 14)])
        #expect(square == [255])
    }

    /// A rounded path whose radius is keyed over more than 100,000 frames is not sampled: it is drawn
    /// still, at its first key, and reported by path.
    @Test func aRadiusKeyedOverTooManyFramesIsReported() throws {
        let path = #"{"ty":"sh","ks":{"a":0,"k":{"v":[[10,10],[90,10],[90,90],[10,90]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}}"#
        let rounding = #"{"ty":"rd","r":{"a":1,"k":[{"t":0,"s":[20],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":200000,"s":[0]}]}}"#
        let (alphas, omissions) = try G.alpha(G.file([G.group([path, G.redFill, rounding])]), at: [(14, 14), (24, 24)])
        #expect(alphas == [0, 255], "\(alphas)")                  // rounded by 20, the first key
        #expect(omissions.map(\.path) == ["layers[0].shapes[0].it[0]"], "\(omissions)")
    }

    /// The twin of a rectangle, ellipse or polystar: one whose position and size both move (sampled at
    /// frames) keyed over more than 100,000 frames is drawn still at its first keys and reported; keys
    /// that all hold one value draw exactly that, and say nothing.
    @Test func aShapeKeyedOverTooManyFramesIsReported() throws {
        func ellipse(_ last: Int) -> String {
            #"{"ty":"el","p":{"a":1,"k":[{"t":0,"s":[50,50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":200000,"s":[50,50]}]},"#
                + #""s":{"a":1,"k":[{"t":0,"s":[60,60],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":200000,"s":["# + "\(last),\(last)" + #"]}]}}"#
        }
        let (alphas, omissions) = try G.alpha(G.file([G.group([ellipse(10), G.redFill])]), at: [(50, 50), (50, 25), (50, 15)])
        #expect(alphas == [255, 255, 0], "\(alphas)")                // the first keys: a circle of radius 30
        #expect(omissions.map(\.path) == ["layers[0].shapes[0].it[0]"], "\(omissions)")
        let (same, none) = try G.alpha(G.file([G.group([ellipse(60), G.redFill])]), at: [(50, 25), (50, 15)])
        #expect(same == [255, 0] && none.isEmpty, "\(same) \(none)")
    }
}
