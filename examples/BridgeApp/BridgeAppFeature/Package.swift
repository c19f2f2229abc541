// swift-tools-version: 6.3
import PackageDescription

// The example app's code as a package, so it builds without the app around it
// (`xcodebuild -scheme BridgeAppFeature -destination 'generic/platform=iOS' build`, and the Apple
// CI workflow), and the XcodeGen project (../project.yml) links it into the app target. iOS only:
// Meta's SDK is iOS binaries.
let package = Package(
    name: "BridgeAppFeature",
    platforms: [.iOS("17.2")],
    products: [
        .library(name: "BridgeAppFeature", targets: ["BridgeAppFeature"]),
    ],
    dependencies: [
        // This repository, named so the product below resolves whatever its clone's folder is called.
        .package(name: "GlassesScript", path: "../../.."),
        .package(url: "https://github.com/facebook/meta-wearables-dat-ios", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "BridgeAppFeature",
            dependencies: [
                .product(name: "GlassesBridge", package: "GlassesScript"),
                .product(name: "MWDATCore", package: "meta-wearables-dat-ios"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
