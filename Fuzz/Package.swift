// swift-tools-version:6.0
import PackageDescription

// FlowKit's fuzz targets, kept out of the main package so that `swift build` and `swift test`
// never build them. Each executable is a libFuzzer target: build and run one with
// `scripts/fuzz.sh TARGET SECONDS` (release, `--sanitize=fuzzer --sanitize=address`), which
// gives libFuzzer's own `main`. The harness is a library so that every target shares it.
let package = Package(
    name: "FlowKitFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "FlowKit", path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzHarness",
            dependencies: [
                .product(name: "FlowDSL", package: "FlowKit"),
                .product(name: "FlowEngine", package: "FlowKit"),
                .product(name: "FlowGenerator", package: "FlowKit"),
                // Not used by the harness: built so that generated samples type-check against it.
                .product(name: "FlowKit", package: "FlowKit"),
            ]
        ),
        .executableTarget(name: "fuzz-flow", dependencies: ["FuzzHarness"], path: "Targets/flow"),
        .executableTarget(name: "fuzz-script", dependencies: ["FuzzHarness"], path: "Targets/script"),
        .executableTarget(name: "fuzz-state", dependencies: ["FuzzHarness"], path: "Targets/state"),
        .executableTarget(name: "fuzz-url", dependencies: ["FuzzHarness"], path: "Targets/url"),
        .executableTarget(name: "fuzz-generate", dependencies: ["FuzzHarness"], path: "Targets/generate"),
    ],
    swiftLanguageModes: [.v6]
)
