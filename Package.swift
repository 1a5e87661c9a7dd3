// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "Easing", targets: ["Easing"]),
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
    ],
    targets: [
        .target(name: "Easing"),
        .executableTarget(name: "FlipbookCLI", dependencies: ["Easing"]),
        .testTarget(name: "EasingTests", dependencies: ["Easing"], resources: [.copy("Resources")]),
    ],
    swiftLanguageModes: [.v6]
)
