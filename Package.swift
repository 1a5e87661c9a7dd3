// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "Easing", targets: ["Easing"]),
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
        .executable(name: "flipbook-fuzz", targets: ["FlipbookFuzz"]),
        .executable(name: "flipbook-bench", targets: ["FlipbookBench"]),
    ],
    targets: [
        .target(name: "Easing"),
        .target(name: "Flipbook", dependencies: ["Easing"]),
        .target(name: "FlipbookSVG", dependencies: ["Flipbook"]),
        .target(name: "FlipbookScenes", dependencies: ["Flipbook"]),
        .target(name: "FlipbookRaster", dependencies: ["Flipbook"]),
        .executableTarget(name: "FlipbookBench", dependencies: ["Flipbook", "FlipbookSVG", "FlipbookScenes", "FlipbookRaster"]),
        .executableTarget(name: "FlipbookFuzz", dependencies: ["Flipbook", "FlipbookSVG", "FlipbookScenes", "FlipbookRaster"]),
        .executableTarget(name: "FlipbookCLI", dependencies: ["Easing", "Flipbook", "FlipbookSVG", "FlipbookScenes", "FlipbookRaster"]),
        .testTarget(name: "EasingTests", dependencies: ["Easing"], resources: [.copy("Resources")]),
        .testTarget(name: "FlipbookTests", dependencies: ["Flipbook"]),
        .testTarget(name: "FlipbookRasterTests", dependencies: ["Flipbook", "FlipbookRaster"]),
        .testTarget(name: "FlipbookRenderTests", dependencies: ["Flipbook", "FlipbookSVG", "FlipbookScenes"],
                    exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
