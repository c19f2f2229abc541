// swift-tools-version: 6.3
import PackageDescription

// Layers (arrows point down only):
//   glasses -> GlassesScript -> LuaHost -> CLuaShim -> CLua
//   |                        |-> WearablesSimulator -> WearablesAudio -> WearablesCore -> CImageCodecs, CMediaCodecs
//   |                        |                         \-> CAudioLibraries
//   |                        \-> WearablesRemote -> WearablesWire -> WearablesCore
//   |-> WearablesServer -> WearablesWire, WearablesSimulator (glasses serve; its dashboard's Lua
//   |     console is the REPL engine, handed in by glasses through the WorldConsole protocol)
//   \-> CLineEditor, CTerminal (the REPL's terminal)
let package = Package(
    name: "GlassesScript",
    // macOS 15 for Synchronization's Mutex; Swift 6.3 (the tools version) for `@c`.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "glasses", targets: ["glasses"]),
        .library(name: "LuaHost", targets: ["LuaHost"]),
        .library(name: "WearablesCore", targets: ["WearablesCore"]),
        .library(name: "WearablesSimulator", targets: ["WearablesSimulator"]),
        .library(name: "WearablesAudio", targets: ["WearablesAudio"]),
        .library(name: "GlassesScript", targets: ["GlassesScript"]),
        .library(name: "WearablesServer", targets: ["WearablesServer"]),
        // frame:faces()'s detector (dlib), a shared library the binary opens on first use
        // (CImageCodecs' faces.c): linked, dlib and its BLAS and LAPACK would load at every start.
        .library(name: "GlassesFaces", type: .dynamic, targets: ["CFaceDetector"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // Start-up budget: the Swift runtime scans every protocol conformance in the binary on
        // each first lookup, so the binary links no more than it uses: Hummingbird without its
        // default traits (swift-configuration, full Foundation), single swift-collections modules,
        // and FoundationEssentials, never Foundation (StartupBudgetTests keeps it so).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev, Homebrew: lua).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // C trampolines and protected helpers: the only code that may raise a Lua error.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // Generic, safe Swift embedding of Lua. Knows nothing about glasses.
        .target(name: "LuaHost", dependencies: ["CLua", "CLuaShim"]),

        // JPEG (libjpeg-turbo), HEIC (libheif) and PNG (libpng) behind setjmp-safe C wrappers.
        .target(
            name: "CImageCodecs",
            // libheif and libzbar are opened with dlopen on first use (see codecs.c), not linked.
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("dl")]
        ),
        // dlib's HOG face detector behind a C interface (headers: libdlib-dev); only in the GlassesFaces
        // library. dlib's headers call LAPACK (dgesvd_), resolved through libdlib's own dependencies.
        // Optimised in debug builds too: dlib's templates run several times slower at -O0.
        .target(
            name: "CFaceDetector", cxxSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))],
            linkerSettings: [.linkedLibrary("dlib")]),
        // Video files (footage feeds, recordings) through FFmpeg's libraries, opened with dlopen
        // on first use (headers: libavformat-dev, libavcodec-dev, libavutil-dev, libswscale-dev).
        .target(name: "CMediaCodecs", linkerSettings: [.linkedLibrary("dl")]),
        // The DAT model: scheduler and clocks, registration, permissions, devices,
        // selectors, sessions, camera streams, photos, and the backend protocol.
        .target(
            name: "WearablesCore",
            dependencies: ["CImageCodecs", "CMediaCodecs", .product(name: "HeapModule", package: "swift-collections")]
        ),
        // The default backend: simulated glasses and companion app (MockDeviceKit).
        // It applies the wire's mock actions (`MockAction`), the one vocabulary of its controls.
        .target(name: "WearablesSimulator", dependencies: ["WearablesCore", "WearablesAudio", "WearablesWire"]),

        // Audio: AVAudioSession-style routing, WAV recorder and player, level meter.
        // libsndfile and libsoxr, opened on first use (headers: libsndfile1-dev, libsoxr-dev).
        .target(name: "CAudioLibraries", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "WearablesAudio", dependencies: ["WearablesCore", "CAudioLibraries"]),

        // The wire protocol (docs/protocol.md): messages and their JSON and binary forms.
        .target(name: "WearablesWire", dependencies: ["WearablesCore"]),
        // A world served to many clients: `glasses serve` (WebSocket protocol, HTTP test controls).
        .target(
            name: "WearablesServer",
            dependencies: [
                "WearablesWire", "WearablesSimulator", "WearablesAudio",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            exclude: ["Resources"]),
        // The backend over the wire: `glasses run --connect`.
        .target(
            name: "WearablesRemote",
            dependencies: [
                "WearablesWire", "WearablesCore", "WearablesAudio",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),

        // Lua bindings over the core: plugin registry, tasks, events, traces.
        // Recipes/Resources is compiled in (RecipeResources+Files.swift), so an installed binary has it.
        .target(
            name: "GlassesScript", dependencies: ["LuaHost", "WearablesCore", "WearablesAudio", "WearablesSimulator", "WearablesRemote"],
            exclude: ["Recipes/Resources"]),
        // libedit's readline interface for the REPL, opened on first use (headers: libedit-dev).
        .target(name: "CLineEditor", linkerSettings: [.linkedLibrary("dl")]),
        // The REPL's signal handler and stdio buffering: C that Swift must not be.
        .target(name: "CTerminal"),
        .executableTarget(
            name: "glasses",
            dependencies: ["GlassesScript", "LuaHost", "WearablesCore", "WearablesServer", "CLineEditor", "CTerminal", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // The example integrator plugin (examples/GreeterPlugin): a module added from Swift.
        .executableTarget(
            name: "greeter-glasses", dependencies: ["GlassesScript", "LuaHost"], path: "examples/GreeterPlugin",
            exclude: ["greet.lua"]),

        .testTarget(name: "LuaHostTests", dependencies: ["LuaHost"]),
        // A served world on a free loopback port, for the test targets that connect to one.
        .target(name: "ServedWorldSupport", dependencies: ["WearablesServer"], path: "Tests/ServedWorldSupport"),
        .target(name: "EmbeddedFilesSupport", path: "Tests/EmbeddedFilesSupport"),
        .testTarget(name: "WearablesCoreTests", dependencies: ["WearablesCore", "WearablesSimulator", "WearablesWire", "WearablesServer", "WearablesRemote", "ServedWorldSupport"]),
        .testTarget(name: "WearablesAudioTests", dependencies: ["WearablesAudio", "WearablesCore", "WearablesSimulator"]),
        .testTarget(
            name: "WearablesServerTests",
            dependencies: [
                "WearablesServer", "WearablesWire", "WearablesCore", "WearablesSimulator", "EmbeddedFilesSupport",
                // The served world's real console (the REPL engine), for what only it does: time slices.
                "GlassesScript",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ]),
        .testTarget(name: "GlassesScriptTests", dependencies: ["GlassesScript", "WearablesServer", "WearablesRemote", "WearablesSimulator", "ServedWorldSupport", "EmbeddedFilesSupport"], exclude: ["Scripts", "Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
