// swift-tools-version:6.0
import PackageDescription

// An app's navigation in .flow files, compiled into Swift by FlowKit's build plugin on every
// build. It depends on FlowKit by relative path; an app would use
// `.package(url: "https://…/FlowKit.git", from: "1.0.0")` instead.
let package = Package(
    name: "Bookshelf",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "BookshelfFeature", targets: ["BookshelfFeature"]),
    ],
    dependencies: [
        .package(name: "FlowKit", path: "../.."),
    ],
    targets: [
        .target(
            name: "BookshelfFeature",
            dependencies: [
                .product(name: "FlowKit", package: "FlowKit"),
                .product(name: "FlowKitUI", package: "FlowKit"),
            ],
            plugins: [.plugin(name: "FlowKitPlugin", package: "FlowKit")]
        ),
        .testTarget(name: "BookshelfFeatureTests", dependencies: ["BookshelfFeature"]),
    ],
    swiftLanguageModes: [.v6]
)
