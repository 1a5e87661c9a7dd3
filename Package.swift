// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "Easing", targets: ["Easing"]),
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookFiles", targets: ["FlipbookFiles"]),
        .library(name: "FlipbookSVG", targets: ["FlipbookSVG"]),
        .library(name: "FlipbookRaster", targets: ["FlipbookRaster"]),
        .library(name: "FlipbookScenes", targets: ["FlipbookScenes"]),
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
        .executable(name: "flipbook-fuzz", targets: ["FlipbookFuzz"]),
        .executable(name: "flipbook-bench", targets: ["FlipbookBench"]),
    ],
    targets: [
        .target(name: "Easing"),
        .target(name: "Flipbook", dependencies: ["Easing"]),
        .target(name: "CFlipbookSystem"),
        .target(name: "FlipbookFiles", dependencies: ["Easing", "CFlipbookSystem"]),
        .target(name: "FlipbookSVG", dependencies: ["Flipbook"]),
        .target(name: "FlipbookScenes", dependencies: ["Easing", "Flipbook"]),
        .target(name: "FlipbookRaster", dependencies: ["Flipbook"]),
        .executableTarget(name: "FlipbookBench", dependencies: ["Flipbook", "FlipbookSVG", "FlipbookScenes", "FlipbookRaster"]),
        .executableTarget(name: "FlipbookFuzz", dependencies: ["Flipbook", "FlipbookSVG", "FlipbookScenes", "FlipbookRaster"]),
        .executableTarget(name: "FlipbookCLI", dependencies: ["Easing", "Flipbook", "FlipbookFiles", "FlipbookSVG", "FlipbookScenes", "FlipbookRaster"]),
        .testTarget(name: "EasingTests", dependencies: ["Easing"], resources: [.copy("Resources")]),
        .testTarget(name: "FlipbookTests", dependencies: ["Flipbook"]),
        .testTarget(name: "FlipbookFilesTests", dependencies: ["FlipbookFiles"]),
        .testTarget(name: "FlipbookRasterTests", dependencies: ["Flipbook", "FlipbookRaster"]),
        .testTarget(name: "FlipbookRenderTests", dependencies: ["Flipbook", "FlipbookSVG", "FlipbookScenes"],
                    exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
