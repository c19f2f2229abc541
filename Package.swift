// swift-tools-version: 6.3
import PackageDescription

// The layers and which target sits in which: `layers`, below, which the manifest checks (docs/layout.md
// draws the graph). Only glasses names a backend: it builds the world (the simulator, the wire's
// RemoteWorld, DAT's DATWorld) and hands it to GlassesScript, whose bindings see the GlassesWorld and
// MockControl protocols. The bridge core reaches only the portable targets: no C target (scripts/test-portable).
//
// WearablesDisplay -> WearablesDisplayModel, WearablesCore, CFontRaster, Spelling: DAT's Display as MWDATDisplay sits over
// MWDATCore: components, layout, rendering, and the session capability itself (`Display`,
// `DeviceSession.addDisplay()`, the `DisplayBackend` a backend adopts beside `WearablesBackend`).
// The capability lives here, not in WearablesCore, because it sends checked `DisplayTree`s and the
// core must not depend on the layer above it; the core offers only a generic `SessionCapability`
// hook, so a session stop or a link loss reaches the display (and later Inputs, Motion, Speech).
// WearablesSimulator and GlassesScript use WearablesDisplay for trees and the lens; WearablesMock, its model.
// The simulator's per-frame work (rendering the scene, luma planes, diffs) is optimised in
// debug builds too: unoptimised, the README's tour ran 6x slower than in release, while
// these two targets add little to a debug build's time.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(platforms: [.linux, .macOS], configuration: .debug))]

// The C picture, video, sound and font libraries the simulator needs (libjpeg-turbo, libpng, libheif,
// libzbar, dlib, FFmpeg, libsndfile, libsoxr, PocketSphinx, espeak-ng, FreeType) build for Linux and
// macOS only. With the NativeMedia trait (a default) the model's codec code links them; without it,
// and always on iOS, that code answers `NativeMedia.unavailable` (WearablesCore/Imaging/NativeMedia.swift),
// so the portable closure an app embeds compiles here, checked by scripts/test-portable's build.
let nativeMedia: TargetDependencyCondition? = .when(platforms: [.linux, .macOS], traits: ["NativeMedia"])

// Which Lua CLua and CLuaShim are built on (docs/building-and-testing.md, "Which Lua"). Apple platforms
// have no system liblua: Lua 5.4.4 from source (CLuaSource), always. On Linux, Debian's liblua5.4
// (CLuaSystem) unless the VendoredLua trait is enabled: `swift build --traits VendoredLua`. A
// dependency condition cannot say "unless a trait", so the system library is a trait of its own,
// SystemLua, the package's default, which naming other traits turns off (`--traits VendoredLua`
// alone); both (`--enable-all-traits`, as the DocC plugin builds) select the source one, and neither is refused by CLua.swift. The manifest is
// evaluated on the host, and only a macOS host builds for Apple platforms, hence `#if os(Linux)`.
#if os(Linux)
let luaLibrary: [Target.Dependency] = [
    .target(name: "CLuaSystem", condition: .when(platforms: [.linux], traits: ["SystemLua"])),
    .target(name: "CLuaSource", condition: .when(traits: ["VendoredLua"])),
]
#else
let luaLibrary: [Target.Dependency] = ["CLuaSource"]
#endif

// Where each target's sources live: Sources/<layer>/<target>, the layers listed from the bottom up, so
// the tree reads as the dependency graph (docs/layout.md). A target depends only on targets of its own
// layer and of those listed before it: the loop at the end places each target and refuses an upward
// dependency (scripts/check-layers plants one to see it refused).
let layers: KeyValuePairs<String, [String]> = [
    "Base": ["Locking", "ThreadOwnership", "Spelling", "MessageText"],
    "Lua": ["CLua", "CLuaSystem", "CLuaSource", "CLuaShim", "LuaHost"],
    "Model": ["WearablesModel", "WearablesDisplayModel", "WearablesMock", "DATInterface"],
    "Media": ["CImageCodecs", "CMediaCodecs", "CFaceDetector", "CFontRaster", "CAudioLibraries", "CSpeechLibraries"],
    "Core": ["WearablesCore", "WearablesAudio", "WearablesDisplay", "WearablesWorld"],
    "Wire": ["WearablesWire", "WirePictures", "PlainWebSocket", "WireServing", "WireServer"],
    "Backends": ["WearablesSimulator", "WearablesRemote", "WearablesDAT", "DATFake"],
    "Server": ["WearablesServer", "GlassesRelay"],
    "Bridge": ["GlassesBridgeCore", "GlassesBridgeFake", "GlassesBridge"],
    "Scripting": ["RecipeLockFile", "GlassesScript", "GlassesTooling", "RecipeSharing", "GlassesEmbedding"],
    "Apps": ["glasses", "glasses-serve", "glasses-mcp", "CLineEditor", "CTerminal"],
    "Build": ["embed-resources"],
]

let package = Package(
    name: "GlassesScript",
    // iOS 17.2 is Meta DAT's own minimum, so the code an app embeds (docs/ios-bridge.md) locks with
    // `Locking`, not Synchronization (iOS 18). Swift 6.3 (the tools version) for `@c`.
    platforms: [.macOS(.v15), .iOS("17.2")],
    products: [
        .executable(name: "glasses", targets: ["glasses"]),
        .executable(name: "glasses-serve", targets: ["glasses-serve"]),
        .executable(name: "glasses-mcp", targets: ["glasses-mcp"]),
        .library(name: "LuaHost", targets: ["LuaHost"]),
        .library(name: "WearablesCore", targets: ["WearablesCore"]),
        .library(name: "WearablesSimulator", targets: ["WearablesSimulator"]),
        .library(name: "WearablesAudio", targets: ["WearablesAudio"]),
        .library(name: "GlassesScript", targets: ["GlassesScript"]),
        .library(name: "GlassesEmbedding", targets: ["GlassesEmbedding"]),
        .library(name: "WearablesServer", targets: ["WearablesServer"]),
        // frame:faces()'s detector (dlib), a shared library the binary opens on first use
        // (CImageCodecs' faces.c): linked, dlib and its BLAS and LAPACK would load at every start.
        .library(name: "GlassesFaces", type: .dynamic, targets: ["CFaceDetector"]),
    ],
    // Which Lua the build links on Linux (see `luaLibrary`); Apple platforms always build it from source.
    traits: [
        .trait(name: "SystemLua", description: "Linux: Debian's liblua5.4 through pkg-config lua5.4 (the default)."),
        .trait(name: "VendoredLua", description: "Linux: Lua 5.4.4 built from Sources/Lua/CLuaSource, as on Apple platforms (--traits VendoredLua)."),
        .trait(name: "NativeMedia", description: "Linux and macOS: the C media libraries the simulator codes pictures, video, sound and text with (the default; never on iOS)."),
        .default(enabledTraits: ["SystemLua", "NativeMedia"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        // Start-up budget: the Swift runtime scans every protocol conformance in the binary on
        // each first lookup, so the binary links no more than it uses: Hummingbird without its
        // default traits (swift-configuration, full Foundation), single swift-collections modules,
        // and FoundationEssentials, never Foundation (StartupBudgetTests keeps it so).
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        // `glasses-mcp`: the Model Context Protocol over stdio (no TLS: swift-system and swift-log).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        // `swift package generate-documentation`: DocC for LuaHost, GlassesScript and WearablesCore (a command plugin only).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev, Homebrew: lua): Linux's default (`luaLibrary`).
        .systemLibrary(
            name: "CLuaSystem",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // Lua 5.4.4 from source (lua/lua at v5.4.4, README.md there): Apple platforms, where no system
        // liblua exists, and Linux with the VendoredLua trait. Built as Debian builds liblua5.4 (5.3
        // compatibility: math.pow, __lt for __le), so scripts behave the same everywhere.
        .target(
            name: "CLuaSource",
            exclude: ["README.md", "LICENSE"],
            cSettings: [
                .define("LUA_COMPAT_5_3"),
                .define("LUA_USE_LINUX", .when(platforms: [.linux])),  // POSIX and dlopen, as Debian's
                .define("LUA_USE_MACOSX", .when(platforms: [.macOS])),  // POSIX and dlopen
                .define("LUA_USE_POSIX", .when(platforms: [.iOS, .tvOS, .watchOS, .visionOS, .macCatalyst])),  // no dlopen
            ],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux])), .linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The Lua C API under one module name, whichever Lua was selected: a Swift module that
        // re-exports CLuaSystem or CLuaSource (CLua.swift), so LuaHost's `import CLua` is the same
        // on every platform and build. CLuaShim's C includes <lua.h>, found in whichever is selected.
        .target(name: "CLua", dependencies: luaLibrary),
        // C trampolines and protected helpers: the only code that may raise a Lua error.
        .target(name: "CLuaShim", dependencies: luaLibrary),
        // "Did you mean": one edit distance for every message that suggests a name.
        .target(name: "Spelling"),
        // Which thread is using an object now, checked where it is touched (docs/threads.md).
        .target(name: "ThreadOwnership", dependencies: ["Locking"]),
        // A lock and an atomic value below iOS 18, where Synchronization's Mutex and Atomic are not.
        .target(name: "Locking"),
        // Text for people: a name quoted safely for a terminal, a file error as a person says it.
        .target(name: "MessageText"),
        // Generic, safe Swift embedding of Lua. Knows nothing about glasses.
        .target(name: "LuaHost", dependencies: ["CLua", "CLuaShim", "Spelling", "ThreadOwnership"]),

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
        // The DAT model's values: devices and their states, errors with DAT's domains and codes,
        // stream and photo settings, pictures, inputs, motion, speech and voice values. Portable
        // Swift with no dependency, so the bridge core builds for iOS (scripts/test-portable).
        .target(name: "WearablesModel"),
        // The DAT model: scheduler and clocks, registration, permissions, devices,
        // selectors, sessions, camera streams, photos, and the backend protocol; re-exports WearablesModel.
        .target(
            name: "WearablesCore",
            dependencies: ["Locking", 
                "WearablesModel", "ThreadOwnership",
                .target(name: "CImageCodecs", condition: nativeMedia), .target(name: "CMediaCodecs", condition: nativeMedia),
                .product(name: "DequeModule", package: "swift-collections"), .product(name: "HeapModule", package: "swift-collections"),
            ],
            swiftSettings: optimizedInDebug
        ),
        // The mock's vocabulary (typed actions, their errors, the glasses' mock state) and the
        // `MockControl` protocol that the simulator serves in process and the remote backend over the wire.
        .target(name: "WearablesMock", dependencies: ["WearablesModel", "WearablesDisplayModel"]),
        // `GlassesWorld`: what scripts and consoles see of a world, whichever backend it runs on.
        .target(name: "WearablesWorld", dependencies: ["WearablesCore", "WearablesAudio", "WearablesMock"]),
        // The default backend: simulated glasses and companion app (MockDeviceKit), applying `MockAction`s.
        .target(
            name: "WearablesSimulator", dependencies: ["Locking", "WearablesCore", "WearablesAudio", "WearablesMock", "WearablesWorld", "WearablesDisplay"],
            swiftSettings: optimizedInDebug),

        // Audio: AVAudioSession-style routing, WAV recorder and player, level meter.
        // libsndfile and libsoxr, opened on first use (headers: libsndfile1-dev, libsoxr-dev).
        .target(name: "CAudioLibraries", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "WearablesAudio", dependencies: [
            "WearablesCore", .target(name: "CAudioLibraries", condition: nativeMedia), .target(name: "CSpeechLibraries", condition: nativeMedia),
        ]),
        // PocketSphinx (the live recogniser, with its en-us model), opened with dlopen on first use (its
        // prototypes are declared in the target, so no headers are needed), and the espeak-ng program (test speech).
        .target(name: "CSpeechLibraries", linkerSettings: [.linkedLibrary("dl")]),

        // FreeType glyph metrics and rasterisation for the display, opened with dlopen on first use
        // (headers: libfreetype-dev; the font: fonts-dejavu-core).
        .target(
            name: "CFontRaster", cSettings: [.unsafeFlags(["-I/usr/include/freetype2"])],
            linkerSettings: [.linkedLibrary("dl")]),
        // DAT's Display values: the component tree, its validation, DisplayError and DisplayState.
        // Portable Swift (no FreeType, no codec), so the wire and the bridge core build for iOS.
        .target(name: "WearablesDisplayModel", dependencies: ["WearablesModel", "Spelling"]),
        // DAT's Display (MWDATDisplay over MWDATCore): the flexbox layout, the PNG rendering (docs/display.md)
        // and the session capability, over WearablesDisplayModel's tree, which it re-exports. No Lua.
        .target(name: "WearablesDisplay", dependencies: ["Locking", "WearablesDisplayModel", "WearablesCore", .target(name: "CFontRaster", condition: nativeMedia), "Spelling"], swiftSettings: optimizedInDebug),
        // Seeded random trees laid out by WearablesDisplay and written as the wire's components, which
        // the browser lays out with the dashboard's display-css.js (scripts/test-display-layout); a
        // test tool, not a product.
        .executableTarget(name: "display-layout-probe", dependencies: ["WearablesDisplay", "WearablesWire", "WirePictures"], path: "Tests/DisplayLayoutProbe"),
        // The largest allowed tree laid out and rendered, for scripts/bench; not a product.
        .executableTarget(name: "display-bench", dependencies: ["WearablesDisplay"], path: "scripts/bench.d/display-bench"),

        // The wire protocol (docs/protocol.md): messages and their JSON and binary forms.
        // Portable Swift: an image's pixels cross as JPEG through a `WirePictureCoding` the user of a
        // message hands in (WirePictures' libjpeg here), so WireServing and the bridge core build for iOS.
        .target(name: "WearablesWire", dependencies: ["Locking", "WearablesModel", "WearablesMock", "WearablesDisplayModel"]),
        // The wire's pictures through libjpeg (WearablesCore's ImageCodecs): display trees and mock
        // states in their wire form, for `glasses serve`, its clients and the simulator-backed fake.
        .target(name: "WirePictures", dependencies: ["WearablesWire", "WearablesCore", "WearablesDisplay", "WearablesMock"]),
        // What every served world's WebSocket side shares (`glasses serve` and the bridge): the
        // access policy and token, per-client bounded queues, hello and the connection loop.
        // No simulator: the bridge core builds on it.
        .target(
            name: "WireServing",
            dependencies: ["Locking", 
                "WearablesWire", "WearablesModel",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]),
        // The one wire server: any world (`GlassesWorld`: the simulator, glasses through DAT) served
        // to its clients, each command the backend call the model makes in process. `glasses serve`
        // serves the simulator through it and the phone's bridge the DAT backend. Portable.
        .target(
            name: "WireServer",
            dependencies: ["Locking", "ThreadOwnership", "DATInterface",
                "WearablesWire", "WireServing", "WearablesCore", "WearablesAudio", "WearablesMock", "WearablesWorld", "WearablesDisplay"]),
        // A simulated world served to many clients: `glasses serve` (WireServer's server, HTTP test
        // controls, the dashboard).
        .target(
            name: "WearablesServer",
            dependencies: ["Locking", "WireServer", 
                "WearablesWire", "WirePictures", "WireServing", "WearablesSimulator", "WearablesAudio", "WearablesCore", "WearablesMock", "WearablesWorld", "WearablesDisplay", "Spelling",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            exclude: ["Resources"],
            plugins: ["EmbedResources"]),
        // A `ws://` client on NIOPosix and NIOWebSocket, already in the build for the server.
        // A client library would bring NIOSSL and BoringSSL, about half a clean build, for a
        // scheme nobody uses here; wss:// would be an opt-in of its own.
        .target(
            name: "PlainWebSocket",
            dependencies: [
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]),
        // The DAT-shaped Swift protocol (docs/ios-bridge.md): DAT 1.0's `Wearables`, `Device`,
        // `DeviceSession` and capabilities as protocols over WearablesModel's values, which Meta's SDK
        // (the adapter, GlassesBridge) and the simulator (GlassesBridgeFake) conform to. The bridge core
        // serves the wire over it and the DAT backend (WearablesDAT) runs the model over it. Portable
        // Swift: the model's and the display's values only.
        .target(name: "DATInterface", dependencies: ["Locking", "WearablesModel", "WearablesDisplayModel"]),
        // The bridge core (docs/ios-bridge.md): the wire protocol served over the DAT-shaped Swift
        // protocol (DATInterface, which it re-exports), so an iOS app's thin adapter over Meta's SDK, or the simulator-backed
        // fake, is a world `glasses run --connect` drives. Portable: no simulator, no codec target.
        // Serves through Hummingbird (NIO Transport Services on iOS) and WireServing; dials relays with PlainWebSocket.
        .target(
            name: "GlassesBridgeCore",
            dependencies: ["Locking", "DATInterface", "WearablesDAT", "WireServer", "WearablesCore",
                "WearablesModel", "WearablesDisplayModel", "WearablesWire", "WireServing", "PlainWebSocket",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // DAT played by the simulator: DATInterface's protocol over a simulated world on a thread
        // of its own (WearablesSimulator's WorldThread), for the DAT backend in process
        // (`glasses run --dat-fake`) and, through GlassesBridgeFake, the bridge. No server.
        .target(
            name: "DATFake",
            dependencies: ["DATInterface", "Locking", "WearablesSimulator", "WearablesCore", "WearablesDisplay", "WearablesAudio", "WearablesMock"]),
        // The DAT fake as the bridge serves it (`glasses serve --bridge-fake`): DATFake, re-exported,
        // and the phone's audio route over the served world, so the core is tested on Linux end to end.
        .target(
            name: "GlassesBridgeFake",
            dependencies: ["Locking", "DATFake", "GlassesBridgeCore", "WireServer", "WearablesSimulator", "WearablesCore", "WearablesAudio", "WearablesWire"]),
        // `glasses serve --relay`: one bridge dials in (a phone refuses inbound connections), its
        // world is spliced to local clients. No world of its own: WireServing's policy and messages only.
        .target(
            name: "GlassesRelay",
            dependencies: ["Locking", 
                "WireServing", "WearablesWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // The DAT backend: the model over the DAT-shaped protocol in process (DATInterface's
        // `DATWearables`, which Meta's SDK conforms to through the adapter and the simulator through
        // the fake), each backend call the DAT call the bridge core makes for the matching command.
        .target(
            name: "WearablesDAT",
            dependencies: ["DATInterface", "Locking", "WearablesCore", "WearablesAudio", "WearablesMock", "WearablesWorld", "WearablesDisplay"]),
        // The backend over the wire: `glasses run --connect`.
        .target(
            name: "WearablesRemote",
            dependencies: ["Locking", 
                "WearablesWire", "WirePictures", "WearablesCore", "WearablesAudio", "WearablesMock", "WearablesWorld", "WearablesDisplay", "PlainWebSocket",
                .product(name: "NIOCore", package: "swift-nio"),
            ]),

        // `glasses.lock` and what it rests on: recipe names, trees and their SHA-256, versions and
        // ranges, requirements. No Lua: the lock is read and written by tools that run no script.
        .target(name: "RecipeLockFile", dependencies: ["MessageText"]),
        // Lua bindings over the core: plugin registry, tasks, events, traces.
        // Recipes/Resources is compiled in at build time (the EmbedResources plugin), so an installed binary has it.
        .target(
            name: "GlassesScript", dependencies: ["Locking", "LuaHost", "MessageText", "RecipeLockFile", "Spelling", "WearablesCore", "WearablesAudio", "WearablesMock", "WearablesWorld", "WearablesDisplay"],
            exclude: ["Recipes/Resources"],
            plugins: ["EmbedResources"]),
        // The tooling over the binding registry, for `glasses` and never in an app: `glasses check`, the
        // LuaLS types, the reference and llms.txt, the Perfetto export.
        .target(name: "GlassesTooling", dependencies: ["GlassesScript", "LuaHost", "Spelling", "WearablesCore", "WearablesDisplay"]),
        // The host embedded in an app: a script or recipe run on its own thread, stopped from any,
        // its output and trace as events and its end as a Swift value (docs/ios-bridge.md). Portable.
        .target(name: "GlassesEmbedding", dependencies: ["GlassesScript", "RecipeLockFile", "LuaHost", "Locking", "WearablesCore", "WearablesWorld"]),
        // `glasses mcp`: the Model Context Protocol server for coding assistants (a program of its own).
        // Resources (its instructions and prompt, docs/llms.txt, docs/lua-reference.md) are compiled in; it reads a
        // served world (`--connect`) over HTTP and the WebSocket with NIO, already in the build for `glasses`.
        .executableTarget(
            name: "glasses-mcp",
            dependencies: ["GlassesScript", "Locking", "RecipeLockFile", "WearablesModel", "PlainWebSocket",
                .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["Resources"],
            plugins: ["EmbedResources"]),
        // Writes the Swift source that embeds a folder; run by the plugin at build time, never checked in.
        .executableTarget(name: "embed-resources"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["embed-resources"]),
        // libedit's readline interface for the REPL, opened on first use (headers: libedit-dev).
        .target(name: "CLineEditor", linkerSettings: [.linkedLibrary("dl")]),
        // The REPL's signal handler and stdio buffering: C that Swift must not be.
        .target(name: "CTerminal"),
        // Recipes from folders, zips, URLs and git, pinned in glasses.lock (git, curl and unzip do the fetching).
        .target(name: "RecipeSharing", dependencies: ["GlassesScript", "Locking", "MessageText", "RecipeLockFile"]),
        .executableTarget(
            name: "glasses",
            dependencies: ["Locking", "ThreadOwnership",
                "GlassesScript", "GlassesTooling", "RecipeSharing", "RecipeLockFile", "MessageText", "LuaHost", "WearablesCore", "WearablesWorld", "WearablesSimulator", "WearablesRemote",
                "WearablesDAT", "DATFake", "WearablesWire", "CLineEditor", "CTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `glasses serve`, a program of its own that `glasses serve` runs: the HTTP server and its
        // libraries (about 40% of a clean build) stay out of `glasses`'s build and start-up.
        .executableTarget(
            name: "glasses-serve",
            dependencies: ["Locking", 
                "GlassesScript", "LuaHost", "ThreadOwnership", "WearablesCore", "WearablesServer", "WearablesWire", "WearablesWorld", "WireServer", "WireServing",
                "GlassesBridgeCore", "GlassesBridgeFake", "GlassesRelay", "WirePictures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The example integrator plugin (examples/GreeterPlugin): a module added from Swift.
        .executableTarget(
            name: "greeter-glasses", dependencies: ["GlassesScript", "LuaHost", "WearablesSimulator"], path: "examples/GreeterPlugin",
            exclude: ["greet.lua"]),

        .testTarget(name: "GlassesEmbeddingTests", dependencies: ["GlassesEmbedding", "GlassesScript", "WearablesCore", "WearablesSimulator"]),
        .testTarget(name: "LuaHostTests", dependencies: ["LuaHost", "ThreadOwnership"]),
        // A served world on a free loopback port, for the test targets that connect to one.
        .target(
            name: "ServedWorldSupport", dependencies: ["Locking", "WearablesServer", "WireServing", "WirePictures", "GlassesBridgeCore", "GlassesBridgeFake", "GlassesRelay"],
            path: "Tests/ServedWorldSupport"),
        // What the core's tests and the conformance tests share: recorders, a ready world's session and camera.
        .target(name: "WearablesTestSupport", dependencies: ["WearablesCore", "WearablesSimulator"], path: "Tests/WearablesTestSupport"),
        .testTarget(name: "WearablesCoreTests", dependencies: ["Locking", "WearablesCore", "WearablesSimulator", "WearablesTestSupport"]),
        // The backend contract (BackendConformance.checks) against every world: the simulator, the wire, DAT in process, the bridge.
        .testTarget(
            name: "BackendConformanceTests",
            dependencies: ["DATFake", "Locking", "ServedWorldSupport", "WearablesAudio", "WearablesCore", "WearablesDAT", "WearablesRemote",
                "WearablesServer", "WearablesSimulator", "WearablesTestSupport", "WearablesWorld"]),
        // The wire's messages byte for byte (Goldens/), recordings and replay, the remote link's retries.
        .testTarget(
            name: "WireTests",
            dependencies: ["PlainWebSocket", "WearablesCore", "WearablesMock", "WearablesRemote", "WearablesWire", "WirePictures"],
            exclude: ["Goldens"]),
        // The bridge core and the relay over the DAT fake, served on loopback.
        .testTarget(
            name: "GlassesBridgeCoreTests",
            dependencies: ["GlassesBridgeCore", "GlassesBridgeFake", "GlassesRelay", "Locking", "PlainWebSocket", "WearablesCore",
                "WearablesServer", "WearablesWire", "WirePictures", "WireServing", .product(name: "NIOCore", package: "swift-nio")]),
        .testTarget(name: "WearablesDisplayTests", dependencies: ["WearablesDisplay", "WearablesCore", "WearablesSimulator", "WearablesWire", "WirePictures", "WearablesMock"], exclude: ["Goldens"]),
        .testTarget(name: "WearablesAudioTests", dependencies: ["WearablesAudio", "WearablesCore", "WearablesSimulator"]),
        .testTarget(
            name: "WearablesServerTests",
            dependencies: ["Locking", 
                "WearablesServer", "WireServer", "WireServing", "WearablesWire", "WearablesCore", "WearablesSimulator", "WearablesWorld", "WearablesDisplay",
                "WearablesMock", "PlainWebSocket", "Spelling",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // The served world's real console (the REPL engine), for what only it does: time slices.
                "GlassesScript",
            ]),
        // What the script tests share: the built `glasses` run as a user runs it, a script run in
        // process on the simulator, the goldens (GlassesScriptTests/Goldens) and the Lua-level tests (Scripts/).
        .target(
            name: "ScriptTestSupport", dependencies: ["GlassesScript", "LuaHost", "WearablesCore", "WearablesSimulator"],
            path: "Tests/ScriptTestSupport"),
        // The bindings, the REPL, recipes and the tooling, on the simulator.
        .testTarget(
            name: "GlassesScriptTests",
            dependencies: ["GlassesScript", "GlassesTooling", "Locking", "LuaHost", "RecipeLockFile", "RecipeSharing", "ScriptTestSupport",
                "WearablesAudio", "WearablesCore", "WearablesDisplay", "WearablesSimulator"],
            exclude: ["Scripts", "Goldens"]),
        // The same scripts on served worlds: over --connect, through the bridge, replayed; the dashboard's console.
        .testTarget(
            name: "ConnectedScriptTests",
            dependencies: ["GlassesScript", "LuaHost", "ScriptTestSupport", "ServedWorldSupport", "WearablesAudio", "WearablesCore",
                "WearablesMock", "WearablesRemote", "WearablesServer", "WearablesSimulator", "WearablesWire", "WearablesWorld"]),
    ],
    swiftLanguageModes: [.v6]
)

// Meta's SDK (DAT 1.0) is iOS-only binaries. On Linux a stand-in takes its place: the modules
// MWDATCore, MWDATCamera, MWDATSpeech, MWDATDisplay, MWDATInputs and MWDATMotion declaring exactly the DAT declarations the
// adapter uses (docs/dat-declarations.txt, checked by DATDeclarationsTests), with test hooks at
// `package` access. Elsewhere the adapter links Meta's own package, on iOS only (on macOS its
// code, all under `#if canImport(MWDATCore)`, compiles to nothing).
let metaModules = ["MWDATCore", "MWDATCamera", "MWDATSpeech", "MWDATDisplay", "MWDATInputs", "MWDATMotion"]
#if os(Linux)
let metaSDK = metaModules.map { Target.Dependency(stringLiteral: $0) }
// Built with library evolution, as Meta builds its binary frameworks, so that a `switch` in the
// adapter over one of DAT's non-frozen enums without `@unknown default` is an error here, as against
// Meta's SDK (the adapter, below, is outside the package: see its `packageAccess`). Each stand-in
// file importing FoundationEssentials or Foundation (built without it) draws a warning that binary
// compatibility can't be guaranteed: harmless, the stand-in's binary never leaves the test build.
let asMetaBuildsIt: [SwiftSetting] = [.unsafeFlags(["-enable-library-evolution"])]
package.targets += [
    .target(name: "MWDATCore", path: "Sources/Bridge/DATStandIn/MWDATCore", swiftSettings: asMetaBuildsIt),
    .target(name: "MWDATCamera", dependencies: ["MWDATCore"], path: "Sources/Bridge/DATStandIn/MWDATCamera", swiftSettings: asMetaBuildsIt),
    .target(name: "MWDATSpeech", dependencies: ["MWDATCore"], path: "Sources/Bridge/DATStandIn/MWDATSpeech", swiftSettings: asMetaBuildsIt),
    .target(name: "MWDATDisplay", dependencies: ["MWDATCore"], path: "Sources/Bridge/DATStandIn/MWDATDisplay", swiftSettings: asMetaBuildsIt),
    .target(name: "MWDATInputs", dependencies: ["MWDATCore"], path: "Sources/Bridge/DATStandIn/MWDATInputs", swiftSettings: asMetaBuildsIt),
    .target(name: "MWDATMotion", dependencies: ["MWDATCore"], path: "Sources/Bridge/DATStandIn/MWDATMotion", swiftSettings: asMetaBuildsIt),
    .testTarget(
        name: "GlassesBridgeTests",
        dependencies: ["Locking", "GlassesBridge", "GlassesBridgeCore", "GlassesRelay", "PlainWebSocket", "WearablesCore", "WearablesDisplay"] + metaSDK),
]
#else
package.dependencies.append(.package(url: "https://github.com/facebook/meta-wearables-dat-ios", from: "1.0.0"))
let metaSDK = metaModules.map { Target.Dependency.product(name: $0, package: "meta-wearables-dat-ios", condition: .when(platforms: [.iOS])) }
#endif
// The DAT adapter (docs/ios-bridge.md): the only code that touches Meta's SDK, conforming it to
// the bridge core's DAT-shaped protocol. It is the module an app imports (`import GlassesBridge`,
// then `GlassesBridge.start(token:relay:)`), re-exporting the core it extends.
package.targets.append(
    .target(name: "GlassesBridge", dependencies: ["Locking", "GlassesBridgeCore", "WearablesModel", "WearablesDisplayModel", "WearablesWire"] + metaSDK,
            // No `package` access: the compiler treats a resilient enum of a module in the same package
            // as exhaustive, so over the Linux stand-in (a target of this package) a missing `@unknown
            // default` would pass. Without a package name the adapter is a client outside it, as it is
            // of Meta's SDK; it needs none of the core's `package` declarations nor the stand-in's test hooks.
            packageAccess: false))
package.products.append(.library(name: "GlassesBridge", targets: ["GlassesBridge"]))

let layerIndex = Dictionary(uniqueKeysWithValues: layers.enumerated().flatMap { index, layer in layer.value.map { ($0, index) } })
for target in package.targets {
    guard let index = layerIndex[target.name] else { continue }
    target.path = target.path ?? "Sources/\(layers[index].key)/\(target.name)"
    guard target.type != .test else { continue }
    for dependency in target.dependencies {
        let name: String
        switch dependency {
        case .targetItem(let target, _), .byNameItem(let target, _): name = target
        case .productItem: continue
        @unknown default: continue
        }
        if let above = layerIndex[name], above > index {
            fatalError("\(target.name) (layer \(layers[index].key)) depends on \(name) (layer \(layers[above].key)), a layer above it; move the code down, or the dependency")
        }
    }
}
