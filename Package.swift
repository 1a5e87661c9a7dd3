// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "Easing", targets: ["Easing"]),
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
    ],
    targets: [
        .target(name: "Easing"),
        .target(name: "Flipbook", dependencies: ["Easing"]),
        .executableTarget(name: "FlipbookCLI", dependencies: ["Easing"]),
        .testTarget(name: "EasingTests", dependencies: ["Easing"], resources: [.copy("Resources")]),
        .testTarget(name: "FlipbookTests", dependencies: ["Flipbook"]),
    ],
    swiftLanguageModes: [.v6]
)
