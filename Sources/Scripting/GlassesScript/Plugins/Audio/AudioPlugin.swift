#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesAudio
import WearablesCore

/// The `audio` module: the phone's audio session with AVAudioSession semantics,
/// routed to the simulated glasses (HFP/A2DP), with a WAV recorder and a player.
struct AudioPlugin: GlassesPlugin {

    /// Returns the elements of the table passed in (no library needed, so it
    /// works in every sandbox); used to read `options={...}` arrays.
    static let unpackSource = """
        local function unpack(t, i)
          if t[i] ~= nil then return t[i], unpack(t, i + 1) end
        end
        return unpack(..., 1)
        """

    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let state = runtime.state
        try state.register(RecorderClass.luaClass(runtime))
        try state.register(PlayerClass.luaClass(runtime))
        let unpack = try state.load(Self.unpackSource, name: "=audio options")
        try state.register(LuaModule(
            name: "audio", doc: "The phone's audio session (AVAudioSession) routed to the glasses: routes, recording, playback.",
            functions: sessionFunctions(runtime, unpack: unpack) + mediaFunctions(runtime), example: ModuleExamples.audio))
        traceRouteChanges(runtime)
    }

    /// Every route change goes into the trace (and so into `--perfetto` timelines'
    /// audio route track), whether or not the script listens to it.
    private func traceRouteChanges(_ runtime: ScriptRuntime) {
        let token = runtime.world.audio.onRouteChange { [unowned runtime] change in
            runtime.trace.record(source: "audio", event: "route", values: [
                "output": .string(change.route.output?.type.rawValue ?? "none"),
                "input": .string(change.route.input?.type.rawValue ?? "none"),
                "reason": .string(change.reason.rawValue),
            ])
        }
        runtime.atEnd { token.cancel() }
    }

    /// `audio.configure{...}`'s fields.
    static let category = LuaArgument.enum("category", AudioSessionCategory.self)
    static let mode = LuaArgument.enum("mode", AudioSessionMode.self, default: .default)

    private func sessionFunctions(_ runtime: ScriptRuntime, unpack: LuaRef) -> [LuaFunction] {
        let audio = runtime.world.audio
        return [
            LuaFunction(
                name: "configure",
                .options("options", [Self.category.parameter, Self.mode.parameter, .optional("options", .array(.enum(AudioSessionOption.self)))]),
                doc: "AVAudioSession setCategory(_:mode:options:); raises AudioError.badParam for options the category refuses."
            ) { [unowned runtime] table, _ in
                let (category, mode) = (try Self.category.value(in: table), try Self.mode.value(in: table))
                let options = try Self.options(in: table, runtime: runtime, unpack: unpack)
                try audio.configure(category: category, mode: mode, options: options)
                return .none
            },
            LuaFunction(
                name: "activate", doc: "Activate the session; raises AudioError.insufficientPriority during a phone call."
            ) { _ in
                try audio.activate()
                return .none
            },
            LuaFunction(name: "deactivate", doc: "Deactivate: recordings end (files kept), playback stops.") {
                _ in
                audio.deactivate()
                return .none
            },
            LuaFunction(
                name: "active", returns: [.boolean], doc: "Whether the session is active (a phone call deactivates it)."
            ) { _ in .value(.boolean(audio.isActive)) },
            LuaFunction(
                name: "route",
                returns: [AudioRouteValue.type],
                doc: "The live route: {inputs={{port=, name=, rate=}}, outputs={...}}; ports as AVAudioSession.Port."
            ) { _ in .value(AudioRouteValue.value(audio.route)) },
            LuaFunction(
                name: "override_output", .string("port", oneOf: ["speaker", "none"]),
                doc: "AVAudioSession overrideOutputAudioPort: playAndRecord routes to the speaker (and built-in mic) or back."
            ) { port, _ in
                audio.overrideOutputToSpeaker(port == "speaker")
                return .none
            },
            LuaFunction(
                name: "on", .enum("event", AudioEvent.self), .function("fn"), returns: [.named("Handle")],
                doc: "Route changes fn(route, reason) with AVAudioSession's reasons; interruptions fn(\"began\"|\"ended\")."
            ) { [unowned runtime] event, function, call in
                let handle = runtime.listen(function, event: event.luaName, label: "audio \"\(event.luaName)\" callback", at: call) { deliver in
                    let token: AudioListenerToken = switch event {
                    case .route: audio.onRouteChange { deliver([AudioRouteValue.value($0.route), .string($0.reason.rawValue)], nil) }
                    case .interruption: audio.onInterruption { deliver([.string($0.rawValue)], nil) }
                    }
                    return ListenerToken { token.cancel() }
                }
                return .value(.object(handle))
            },
        ]
    }

    /// `audio.record{...}`'s fields.
    static let path = LuaArgument.string("path")
    static let duration = LuaArgument.optionalNumber("duration")

    private func mediaFunctions(_ runtime: ScriptRuntime) -> [LuaFunction] {
        let audio = runtime.world.audio
        return [
            LuaFunction(
                name: "record", .options("options", [Self.path.parameter, Self.duration.parameter]), returns: [.named("Recorder")],
                doc: "Record the current input to a 16 kHz 16-bit mono WAV (relative paths go to --out); without duration, until rec:stop()."
            ) { [unowned runtime] table, _ in
                let (path, duration) = (try Self.path.value(in: table), try Self.duration.value(in: table))
                let opened: ScriptFile
                do { opened = try runtime.currentPaths.writing(path) } catch {
                    throw LuaError("cannot record to '\(path)': \(error)")
                }
                let resolved = opened.path
                let recorder = try audio.record(to: resolved, opening: opened.openedPath, duration: duration)
                runtime.trace.record(source: "audio", event: "record", values: ["path": .string(path)])
                recorder.onFinish { [weak runtime] _ in runtime?.onSave?(SavedFile(path: resolved, kind: .recording)) }
                // However the run ends, the WAV header is finished with what was recorded.
                runtime.atEnd { [weak recorder] in recorder?.stop() }
                return .value(.object(recorder))
            },
            LuaFunction(
                name: "play", .string("path"), returns: [.named("Player")],
                doc: "Play a sound file (WAV, AIFF, FLAC, Ogg; any rate) to the current output; relative paths look in --out first."
            ) { [unowned runtime] path, _ in
                let player: AudioPlayer
                let readable = try runtime.reading(path, as: "a sound to play")
                do {
                    player = try audio.play(readable.path, checked: readable.checked)
                } catch let error as AudioError where runtime.options.sandbox == .strict && [.fileNotFound, .unsupportedFile, .truncatedFile].contains(error.code) {
                    throw runtime.mediaReadError(path, as: "a sound to play", expecting: "sound", error)
                }
                runtime.trace.record(source: "audio", event: "play", values: ["path": .string(path)])
                return .value(.object(player))
            },
        ]
    }

    /// `options={...}`: AVAudioSession option names, each checked.
    private static func options(in table: LuaTableArgument, runtime: ScriptRuntime, unpack: LuaRef) throws -> Set<AudioSessionOption> {
        let value = try table.value("options")
        if value.isNil { return [] }
        guard case .ref(let list) = value, list.typeName == "table" else {
            throw LuaArgumentError(argument: table.argument, message: "field 'options': array of option names expected")
        }
        return try Set(runtime.state.call(unpack, [.ref(list)]).map { item in
            guard let name = item.string, let option = AudioSessionOption(luaName: name) else {
                throw LuaArgumentError(
                    argument: table.argument,
                    message: "field 'options': invalid value '\(item.string ?? "non-string")' (expected one of: \(AudioSessionOption.luaNames.joined(separator: ", ")))")
            }
            return option
        })
    }
}

/// What `:on` listens to on the audio session: checked, documented and typed from these cases.
enum AudioEvent: String, LuaEnum {
    case route
    case interruption
}
