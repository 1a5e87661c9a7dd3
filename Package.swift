// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "Easing", targets: ["Easing"]),
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookComponents", targets: ["FlipbookComponents"]),
        .library(name: "FlipbookFiles", targets: ["FlipbookFiles"]),
        .library(name: "FlipbookOutput", targets: ["FlipbookOutput"]),
        .library(name: "FlipbookSVG", targets: ["FlipbookSVG"]),
        .library(name: "FlipbookRaster", targets: ["FlipbookRaster"]),
        .library(name: "FlipbookScenes", targets: ["FlipbookScenes"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
        .executable(name: "flipbook-fuzz", targets: ["FlipbookFuzz"]),
        .executable(name: "flipbook-bench", targets: ["FlipbookBench"]),
    ],
    targets: [
        .target(name: "FlipbookSupport"),
        .target(name: "Easing", dependencies: ["FlipbookSupport"]),
        .target(name: "Flipbook", dependencies: ["Easing", "FlipbookSupport"]),
        .target(name: "FlipbookComponents", dependencies: ["Flipbook", "FlipbookSupport"]),
        .target(name: "CFlipbookSystem"),
        .target(name: "FlipbookFiles", dependencies: ["FlipbookSupport", "CFlipbookSystem"]),
        .target(name: "FlipbookSVG", dependencies: ["Easing", "Flipbook", "FlipbookSupport"]),
        .target(name: "FlipbookScenes", dependencies: ["Easing", "Flipbook", "FlipbookComponents", "FlipbookSupport"]),
        .target(name: "FlipbookRaster", dependencies: ["Flipbook", "FlipbookSupport"]),
        .target(name: "FlipbookLottie", dependencies: ["Easing", "Flipbook", "FlipbookScenes"]),
        // Motion tests: traces of the presentation tree, golden files, expectations on curves.
        .target(name: "FlipbookTesting", dependencies: ["Easing", "FlipbookSupport", "Flipbook", "FlipbookFiles", "FlipbookRaster", "FlipbookSVG", "FlipbookScenes"]),
        .target(name: "FlipbookOutput", dependencies: ["FlipbookSupport", "Flipbook", "FlipbookFiles", "FlipbookSVG", "FlipbookRaster", "CFlipbookSystem"]),
        .executableTarget(name: "FlipbookBench", dependencies: ["Flipbook", "FlipbookComponents", "FlipbookSVG", "FlipbookScenes", "FlipbookRaster"]),
        .executableTarget(name: "FlipbookFuzz", dependencies: ["Flipbook", "FlipbookComponents", "FlipbookSVG", "FlipbookScenes", "FlipbookRaster"]),
        // The command line links the Swift runtime and Dispatch in (it uses no Foundation): one file to
        // copy, which loads no Swift library (Tools/check-cli checks it) and binds no symbol at start.
        .executableTarget(name: "FlipbookCLI", dependencies: ["CFlipbookSystem", "Easing", "FlipbookSupport", "Flipbook", "FlipbookComponents", "FlipbookFiles", "FlipbookOutput", "FlipbookSVG", "FlipbookScenes", "FlipbookRaster", "FlipbookLottie", "FlipbookTesting"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),
        .testTarget(name: "EasingTests", dependencies: ["Easing", "FlipbookSupport"], resources: [.copy("Resources")]),
        .testTarget(name: "FlipbookTests", dependencies: ["Flipbook", "FlipbookComponents", "FlipbookSupport"]),
        .testTarget(name: "FlipbookTestingTests", dependencies: ["FlipbookSupport", "Flipbook", "FlipbookScenes", "FlipbookTesting"]),
        .testTarget(name: "FlipbookFilesTests", dependencies: ["FlipbookFiles", "FlipbookSupport"]),
        .testTarget(name: "FlipbookSupportTests", dependencies: ["FlipbookSupport"]),
        .testTarget(name: "FlipbookOutputTests", dependencies: ["Flipbook", "FlipbookOutput", "FlipbookRaster", "FlipbookSVG"]),
        .testTarget(name: "FlipbookLottieTests", dependencies: ["Flipbook", "FlipbookLottie", "FlipbookRaster", "FlipbookScenes"]),
        .testTarget(name: "FlipbookRasterTests", dependencies: ["Flipbook", "FlipbookRaster", "FlipbookSVG"]),
        .testTarget(name: "FlipbookRenderTests", dependencies: ["FlipbookSupport", "Flipbook", "FlipbookComponents", "FlipbookSVG", "FlipbookScenes"],
                    exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
