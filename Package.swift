// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FlowKit",
    products: [
        .library(name: "FlowDSL", targets: ["FlowDSL"]),
        .library(name: "FlowEngine", targets: ["FlowEngine"]),
        .executable(name: "flowctl", targets: ["flowctl"]),
    ],
    targets: [
        .target(name: "FlowEngine"),
        .target(name: "FlowDSL", dependencies: ["FlowEngine"]),
        .executableTarget(name: "flowctl", dependencies: ["FlowDSL", "FlowEngine"]),
        .testTarget(name: "FlowEngineTests", dependencies: ["FlowEngine", "FlowDSL"]),
        .testTarget(name: "FlowDSLTests", dependencies: ["FlowDSL", "FlowEngine"]),
        .testTarget(
            name: "flowctlTests",
            dependencies: ["flowctl"],
            resources: []
        ),
    ],
    swiftLanguageModes: [.v6]
)
