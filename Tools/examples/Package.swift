// swift-tools-version: 6.1
// A package of a Flipbook user, outside the repository's own targets: it depends on Flipbook by path
// and uses its public API only. CI builds it, runs both programs and its tests (Tools/check-examples).
import PackageDescription

let package = Package(
    name: "FlipbookExamples",
    dependencies: [.package(name: "Flipbook", path: "../..")],
    targets: [
        // Seed 003's PieView: a custom pie-slice layer animating startAngle/endAngle as values change,
        // written as SVG frames, one animated SVG and PNG frames.
        .executableTarget(name: "PieView", dependencies: [
            .product(name: "Flipbook", package: "Flipbook"),
            .product(name: "FlipbookOutput", package: "Flipbook"),
            .product(name: "FlipbookScenes", package: "Flipbook"),
        ]),
        // A scene file that uses a layer type defined here.
        .executableTarget(name: "SceneWithCustomLayer", dependencies: [
            .product(name: "Flipbook", package: "Flipbook"),
            .product(name: "FlipbookScenes", package: "Flipbook"),
            .product(name: "FlipbookSVG", package: "Flipbook"),
            .product(name: "FlipbookRaster", package: "Flipbook"),
        ], resources: [.copy("star.json")]),
        // Easing curves under unit test with Swift Testing.
        .testTarget(name: "EasingCurveTests", dependencies: [.product(name: "Easing", package: "Flipbook")]),
        // The shipped scenes' motion under test with FlipbookTesting: traces against golden files,
        // curve expectations, lint.
        .testTarget(name: "SceneMotionTests", dependencies: [
            .product(name: "Easing", package: "Flipbook"),
            .product(name: "Flipbook", package: "Flipbook"),
            .product(name: "FlipbookScenes", package: "Flipbook"),
            .product(name: "FlipbookTesting", package: "Flipbook"),
        ], exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
