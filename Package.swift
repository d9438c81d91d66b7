// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FlowKit",
    // The store uses Observation (iOS 17, macOS 14); the command line and the engine need nothing newer.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "FlowDSL", targets: ["FlowDSL"]),
        .library(name: "FlowEngine", targets: ["FlowEngine"]),
        .library(name: "FlowKit", targets: ["FlowKit"]),
        .library(name: "FlowKitUI", targets: ["FlowKitUI"]),
        .library(name: "FlowKitUIKit", targets: ["FlowKitUIKit"]),
        .library(name: "FlowGenerator", targets: ["FlowGenerator"]),
        .library(name: "FlowRelease", targets: ["FlowRelease"]),
        .executable(name: "flowctl", targets: ["flowctl"]),
        .plugin(name: "FlowKitPlugin", targets: ["FlowKitPlugin"]),
        .plugin(name: "FlowDiffPlugin", targets: ["FlowDiffPlugin"]),
    ],
    targets: [
        // The modules follow the data (CONTRIBUTING.md, "Modules"): text and
        // the compiled program, the front end that makes it, the navigator
        // that runs it, the checks that explore it, the tools that drive and
        // draw it, and the driver that puts them together for flowctl.
        // Sources/FlowEngine holds the engine's five.
        .target(name: "FlowModel", path: "Sources/FlowEngine/Model"),
        .target(name: "FlowDSL", dependencies: ["FlowModel"]),
        .target(name: "FlowRuntime", dependencies: ["FlowModel"], path: "Sources/FlowEngine/Runtime"),
        .target(name: "FlowAnalysis", dependencies: ["FlowModel", "FlowRuntime"], path: "Sources/FlowEngine/Analysis"),
        .target(name: "FlowTooling", dependencies: ["FlowModel", "FlowRuntime", "FlowAnalysis"], path: "Sources/FlowEngine/Tooling"),
        .target(name: "FlowEngine", dependencies: ["FlowModel", "FlowDSL", "FlowRuntime", "FlowAnalysis", "FlowTooling"],
                path: "Sources/FlowEngine/Driver"),
        // What apps import: the typed navigator over generated programs (docs/generated-api.md).
        .target(name: "FlowKit", dependencies: ["FlowModel", "FlowRuntime"]),
        // The SwiftUI host of a FlowStore: built where SwiftUI exists, empty elsewhere (Linux).
        .target(name: "FlowKitUI", dependencies: ["FlowKit"]),
        // The UIKit host of a FlowStore: built where UIKit exists (iOS, tvOS, visionOS), empty elsewhere.
        .target(name: "FlowKitUIKit", dependencies: ["FlowKit"]),
        // `flowctl generate swift`: a program to Swift source, a pure function.
        .target(name: "FlowGenerator", dependencies: ["FlowDSL", "FlowEngine"]),
        // `flowctl diff`: two releases of a program compared, breaking changes first (docs/releases.md).
        .target(name: "FlowRelease", dependencies: ["FlowDSL", "FlowEngine", "FlowGenerator"]),
        .executableTarget(name: "flowctl", dependencies: ["FlowDSL", "FlowEngine", "FlowGenerator", "FlowRelease"]),
        // `swift run -c release flowkit-bench`: the typed navigator's cost per step (not a product).
        .executableTarget(name: "flowkit-bench", dependencies: ["FlowKit", "FlowEngine"], path: "Benchmarks/FlowKitBench"),
        // Runs `flowctl generate swift` for the .flow files of the target that uses it.
        .plugin(name: "FlowKitPlugin", capability: .buildTool(), dependencies: ["flowctl"]),
        // `swift package flow-diff [--base REV]`: `flowctl diff --git` over the package's .flow files.
        .plugin(
            name: "FlowDiffPlugin",
            capability: .command(intent: .custom(verb: "flow-diff",
                                                 description: "Review the navigation changes of the package's .flow files against a git revision")),
            dependencies: ["flowctl"]
        ),
        .target(name: "FlowTestSupport", dependencies: ["FlowDSL", "FlowEngine"], path: "Tests/FlowTestSupport"),
        // Fixtures/ holds .flow files read by path (see FlowTestSupport), not bundled.
        .testTarget(name: "FlowEngineTests", dependencies: ["FlowEngine", "FlowDSL", "FlowTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FlowDSLTests", dependencies: ["FlowDSL", "FlowEngine", "FlowTestSupport"]),
        .testTarget(
            name: "flowctlTests",
            dependencies: ["flowctl", "FlowRelease", "FlowTestSupport"],
            // Read from the source tree by path (see FlowTestSupport), not bundled.
            exclude: ["Golden", "Fixtures"]
        ),
        // Generated/ holds the committed output of every bundled app: compiling this target proves it compiles.
        .testTarget(name: "FlowKitTests", dependencies: ["FlowKit", "FlowGenerator", "FlowDSL", "FlowEngine", "FlowTestSupport"],
                    exclude: ["Fixtures"]),
        // The store, over the committed Swift generated from Flows/*.flow (a test checks it is current).
        .testTarget(
            name: "FlowKitStoreTests",
            dependencies: ["FlowKit", "FlowGenerator", "FlowDSL", "FlowEngine", "FlowTestSupport"],
            exclude: ["Flows"]
        ),
        // The plugin's planning code, compiled here through symbolic links (a plugin cannot be a dependency).
        .testTarget(name: "FlowKitPluginTests"),
    ],
    swiftLanguageModes: [.v6]
)
