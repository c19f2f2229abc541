import LuaHost
import WearablesCore
import WearablesDisplay

// The display's failures are error values like every DAT domain's (`err.domain`, `err.code`):
// what `d:show`/`d:play` raise, `d.error`, and a failed video on `d:on("error")`.
extension DisplayError: ScriptErrorConvertible {}
extension VideoError: ScriptErrorConvertible {
    /// `VideoError.playbackFailed` with DAT's `VideoErrorType` as `err.reason`.
    public var scriptError: ScriptError { ScriptError(domain: domain, code: code, message: message, reason: reason.name) }
}

/// A session's display as scripts hold it: DAT's `Display` and the `on_tap` functions of the
/// content last shown (each `show` replaces them, as each DAT `send` replaces its handlers).
final class ScriptDisplay {
    let display: Display
    /// `on_tap` functions by component id, of the content shown now.
    private(set) var handlers: [String: LuaRef] = [:]
    private var tapToken: ListenerToken?

    init(_ display: Display, runtime: ScriptRuntime) {
        self.display = display
        tapToken = display.addTapListener { [weak self, weak runtime] id in
            guard let self, let runtime, let function = self.handlers[id] else { return }
            // Each tap runs in its own task: one that errors is reported, one that waits
            // waits alone; neither stops the world nor the display.
            runtime.invoke(function, [.string(id)], label: "display on_tap \"\(id)\" callback", paths: self.paths)
        }
    }

    /// The path rule of the code that showed the content, for its callbacks.
    private var paths: PathPolicy?

    func replaceHandlers(_ new: [(id: String, function: LuaRef)], paths: PathPolicy?) {
        handlers = Dictionary(new.map { ($0.id, $0.function) }, uniquingKeysWith: { first, _ in first })
        self.paths = paths
    }

    func dropHandlers() { handlers = [:] }

    deinit { tapToken?.cancel() }
}

/// `Display`: what Meta Ray-Ban Display glasses show for the app (DAT `MWDATDisplay`).
enum DisplayClass {

    /// `session:display()`, added to `DeviceSession`'s methods.
    static func sessionMethod(_ runtime: ScriptRuntime) -> LuaMethod<DeviceSession> {
        .method(
            "display", returns: [.named("Display")],
            doc: "Add the display to a started session on Meta Ray-Ban Display glasses (DAT addDisplay); it is `stopped` until display:start(). "
                + "Raises DeviceSessionError (sessionIdle before started, capabilityAlreadyActive for a second one, unexpectedError on glasses without a display)."
        ) { [unowned runtime] session, _ in
            do throws(DeviceSessionError) {
                return .value(.object(ScriptDisplay(try session.addDisplay(), runtime: runtime)))
            } catch .unexpectedError {
                guard let device = session.device, !device.supportsDisplay else { throw DeviceSessionError.unexpectedError }
                throw noDisplay(device)
            }
        }
    }

    /// DAT is silent on `addDisplay()` for glasses without a display; the code stays the
    /// model's chosen `unexpectedError`, but the message names the cause (its generic one
    /// speaks of a session the device ended, while this one is still started) and the fix.
    static func noDisplay(_ device: Device) -> ScriptError {
        ScriptError(
            domain: DeviceSessionError.unexpectedError.domain, code: DeviceSessionError.unexpectedError.code,
            message: "\(device.nameOrId()) (\(device.type.name)) has no display; only \(DeviceType.metaRayBanDisplay.marketingName) glasses "
                + "(metaRayBanDisplay) have one: select such glasses (device:supports_display() says which), or on the simulator "
                + "pair them with mock.pair(\"metaRayBanDisplay\"); the session goes on without a display")
    }

    static let videoOptions: [LuaArgument<String>] = [.string("url")]

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<ScriptDisplay> {
        LuaClass(
            ScriptDisplay.self, name: "Display",
            doc: "The display of Meta Ray-Ban Display glasses: start it, show a component tree (tables with type=, children=, on_tap=), clear, play a video.",
            methods: [
                .method("start", doc: "Start the display; waits until `started`, raises DisplayError.") { [unowned runtime] script, call in
                    try runtime.wait(call, in: "start") { script.display.start(completion: $0) }
                },
                .method("stop", doc: "Stop the display (what it shows goes); waits until `stopped`. It can start again while its session runs.") {
                    [unowned runtime] script, call in
                    script.dropHandlers()
                    return try runtime.wait(call, in: "stop", for: { done in script.display.stop { done(Result<Void, Never>.success(())) } })
                },
                .method(
                    "show", LuaArgument<LuaValue>(LuaParameter("tree", DisplayTreeType.type)) { try $0.value($1) },
                    doc: "Show a tree (DAT send): a root {type=\"flexbox\"|\"video\", ...}; children in children={...}; on_tap=function(id) on buttons "
                        + "and flexboxes, each run as its own task. Every component's fields, defaults and limits: "
                        + DisplayTreeType.records.map(\.name).joined(separator: ", ") + ". Replaces the content and its callbacks; waits until "
                        + "shown. A shape DAT cannot express raises an argument error naming the component's path (root.2.1); a size past the limits "
                        + "DisplayError.displayError."
                ) { [unowned runtime] script, tree, call in
                    let (checked, handlers) = try read(tree, state: call.state)
                    return try show(runtime, script, checked, handlers, call, "show")
                },
                .method(
                    "play", .options("video", [LuaParameter("url", .string), .optional("codec", .enum(WearablesDisplay.VideoCodec.self))]),
                    doc: "Play an MP4 video from an http(s) URL on the whole display (a VideoPlayer root); waits until sent. "
                        + "Raises DisplayError.invalidVideoURL for another URL. Playback events arrive on \"video\"."
                ) { [unowned runtime] script, options, call in
                    var properties: [String: SpecValue] = ["url": .string(try options.string("url"))]
                    if let codec = try options.optionalString("codec") { properties["codec"] = .string(codec) }
                    return try show(runtime, script, try check(ComponentSpec("video", properties)), [], call, "play")
                },
                .method("clear", doc: "Remove what is shown (DAT clearDisplay); the display stays started. Waits; raises DisplayError.") {
                    [unowned runtime] script, call in
                    try runtime.wait(call, in: "clear", for: { done in
                        script.display.clear { result in
                            if case .success = result { script.dropHandlers() }
                            done(result)
                        }
                    })
                },
                .method("stop_video", doc: "End a playing video early (DAT sendVideoStop); \"video\" listeners hear `stopped`.") { script, _ in
                    script.display.stopVideo()
                    return .none
                },
                .method(
                    "on", .enum("event", DisplayEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to the state (first the current one), taps (fn gets the component's id), video playback "
                        + "(fn gets {type=\"started\"|\"ended\"|\"stopped\"|\"error\"|\"unknown\", error=VideoErrorType or nil}) or a video's failure "
                        + "(\"error\": fn gets the VideoError, code playbackFailed, reason the VideoErrorType, as DAT's VideoPlayer onError)."
                ) { [unowned runtime] script, event, function, call in
                    let display = script.display
                    let handle = runtime.listen(function, event: event.luaName, label: "display \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .state: return display.addStateListener { deliver([.string($0.name)], nil) }
                        case .tap: return display.addTapListener { deliver([.string($0)], nil) }
                        case .error:
                            return display.addPlaybackListener { event in
                                if let error = event.error { deliver([.error(error)], nil) }
                            }
                        case .video: return display.addPlaybackListener { deliver([playback($0)], nil) }
                        }
                    }
                    return .value(.object(handle))
                },
            ],
            fields: [
                LuaField(name: "state", type: .strings(DisplayState.allNames), doc: "DAT's DisplayState.") { .string($0.display.state.name) },
                LuaField(name: "ids", type: .array(.string), doc: "The ids of the components shown (explicit id=, else the path: root, root.2, root.2.1), in tree order; empty when nothing is.") {
                    .array(($0.display.content?.ids ?? []).map { .string($0) })
                },
                LuaField(name: "playing", type: .boolean, doc: "Whether a video is playing.") { .boolean($0.display.isPlayingVideo) },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "The error that stopped the display, if any.") { .error($0.display.lastError) },
            ],
            describe: { script in
                "Display \(script.display.state.name)" + (script.display.content.map { " showing \($0.ids.count) components" } ?? "")
            },
            memoryCost: { _ in 1024 })
    }

    /// A video event as scripts see it.
    static func playback(_ event: VideoPlaybackEvent) -> LuaValue {
        var table: [String: LuaValue] = ["type": .string(event.type.name)]
        if let error = event.errorType { table["error"] = .string(error.name) }
        return .table(table)
    }

    /// The script's tree, read and checked: its spec as a `DisplayTree` and its callbacks.
    static func read(_ tree: LuaValue, state: LuaState) throws -> (DisplayTree, [(id: String, function: LuaRef)]) {
        var reader = DisplayTreeReader(state: state)
        let spec: ComponentSpec
        do {
            spec = try reader.root(tree)
        } catch DisplayReadError.shape(let path, let message) {
            throw LuaArgumentError(argument: 2, message: "\(path): \(message)")
        } catch DisplayReadError.tooLarge(let path, let message) {
            throw DisplayError.displayError("\(path): \(message)")
        }
        return (try check(spec), reader.handlers)
    }

    /// A spec as a checked tree; its refusals as DAT's errors or argument errors.
    static func check(_ spec: ComponentSpec) throws -> DisplayTree {
        do {
            return try DisplayTree(spec: spec)
        } catch {
            switch error.kind {
            case .invalidTree: throw LuaArgumentError(argument: 2, message: error.description)
            case .tooLarge: throw DisplayError.displayError(error.description)
            case .invalidVideoURL: throw DisplayError.invalidVideoURL
            }
        }
    }

    /// Sends `tree` and waits; on success its callbacks replace the old ones.
    private static func show(
        _ runtime: ScriptRuntime, _ script: ScriptDisplay, _ tree: DisplayTree, _ handlers: [(id: String, function: LuaRef)],
        _ call: LuaCall, _ name: String
    ) throws -> LuaReturn {
        let paths = runtime.currentPaths
        return try runtime.wait(call, in: name, for: { done in
            script.display.send(tree) { result in
                if case .success = result { script.replaceHandlers(handlers, paths: paths) }
                done(result)
            }
        })
    }
}

extension DisplayState: LuaEnum {}
/// DAT's `VideoPlayer` codec, apart from the camera's `VideoCodec` in LuaLS files.
extension WearablesDisplay.VideoCodec: LuaEnum {
    public static var luaTypeName: String { "VideoPlayerCodec" }
}

/// The display's classes; `session:display()` is a `DeviceSession` method.
struct DisplayPlugin: GlassesPlugin {
    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        try runtime.state.register(DisplayClass.luaClass(runtime))
        DisplayTreeType.records.forEach(runtime.state.declare)
    }
}

/// What `:on` listens to on a display: checked, documented and typed from these cases.
enum DisplayEvent: String, LuaEnum {
    case state
    case tap
    case video
    case error
}
