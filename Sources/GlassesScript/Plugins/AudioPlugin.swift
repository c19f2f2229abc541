import FoundationEssentials
import LuaHost
import WearablesAudio
import WearablesCore

/// The `audio` module: the phone's audio session with AVAudioSession semantics,
/// routed to the simulated glasses (HFP/A2DP), with a WAV recorder and a player.
struct AudioPlugin: GlassesPlugin {
    /// What `audio.on` listens to.
    static let events = ["route", "interruption"]

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
        try state.register(AudioBindings.recorderClass(runtime))
        try state.register(AudioBindings.playerClass(runtime))
        let unpack = try state.load(Self.unpackSource, name: "=audio options")
        try state.register(LuaModule(
            name: "audio", doc: "The phone's audio session (AVAudioSession) routed to the glasses: routes, recording, playback.",
            functions: sessionFunctions(runtime, unpack: unpack) + mediaFunctions(runtime)))
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

    private func sessionFunctions(_ runtime: ScriptRuntime, unpack: LuaRef) -> [LuaFunction] {
        let audio = runtime.world.audio
        return [
            LuaFunction(
                name: "configure",
                parameters: [
                    LuaParameter(
                        "options",
                        .record([
                            LuaParameter("category", .alias("AudioCategory", .strings(AudioSessionCategory.allCases.map(\.rawValue)))),
                            .optional("mode", .alias("AudioMode", .strings(AudioSessionMode.allCases.map(\.rawValue)))),
                            .optional("options", .array(.alias("AudioOption", .strings(AudioSessionOption.allCases.map(\.rawValue))))),
                        ]))
                ], doc: "AVAudioSession setCategory(_:mode:options:); raises AudioError.badParam for options the category refuses."
            ) { [unowned runtime] call in
                let table = try call.table(1)
                let category = try table.string("category")
                let mode = try table.optionalString("mode") ?? "default"
                let options = try Self.options(in: table, runtime: runtime, unpack: unpack)
                try AudioBindings.raising {
                    try audio.configure(
                        category: AudioSessionCategory(rawValue: category) ?? .soloAmbient,
                        mode: AudioSessionMode(rawValue: mode) ?? .default, options: options)
                }
                return .none
            },
            LuaFunction(
                name: "activate", doc: "Activate the session; raises AudioError.insufficientPriority during a phone call."
            ) { _ in
                try AudioBindings.raising { try audio.activate() }
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
                returns: [AudioBindings.routeType],
                doc: "The live route: {inputs={{port=, name=, rate=}}, outputs={...}}; ports as AVAudioSession.Port."
            ) { _ in .value(AudioBindings.table(audio.route)) },
            LuaFunction(
                name: "override_output",
                parameters: [LuaParameter("port", .strings(["speaker", "none"]))],
                doc: "AVAudioSession overrideOutputAudioPort: playAndRecord routes to the speaker (and built-in mic) or back."
            ) { call in
                audio.overrideOutputToSpeaker(try call.enumeration(1, of: ["speaker", "none"]) == "speaker")
                return .none
            },
            LuaFunction(
                name: "on",
                parameters: [LuaParameter("event", .strings(Self.events)), LuaParameter("fn", .function)],
                returns: [.named("Handle")],
                doc: "Route changes fn(route, reason) with AVAudioSession's reasons; interruptions fn(\"began\"|\"ended\")."
            ) { [unowned runtime] call in
                let event = try call.string(1)
                let function = try call.function(2)
                let handle = runtime.listen(function, event: event, label: "audio \"\(event)\" callback", at: call) { deliver in
                    let token: AudioListenerToken
                    if event == "route" {
                        token = audio.onRouteChange { deliver([AudioBindings.table($0.route), .string($0.reason.rawValue)], nil) }
                    } else {
                        token = audio.onInterruption { deliver([.string($0.rawValue)], nil) }
                    }
                    return ListenerToken { token.cancel() }
                }
                return .value(.object(handle))
            },
        ]
    }

    private func mediaFunctions(_ runtime: ScriptRuntime) -> [LuaFunction] {
        let audio = runtime.world.audio
        return [
            LuaFunction(
                name: "record",
                parameters: [LuaParameter("options", .record([LuaParameter("path", .string), .optional("duration", .number)]))],
                returns: [.named("Recorder")],
                doc: "Record the current input to a 16 kHz 16-bit mono WAV (relative paths go to --out); without duration, until rec:stop()."
            ) { [unowned runtime] call in
                let table = try call.table(1)
                let path = try table.string("path")
                let duration = try table.optionalNumber("duration")
                let resolved: String
                do { resolved = try runtime.currentPaths.writable(path) } catch {
                    throw LuaError("cannot record to '\(path)': \(error)")
                }
                let recorder = try AudioBindings.raising { try audio.record(to: resolved, duration: duration) }
                runtime.trace.record(source: "audio", event: "record", values: ["path": .string(path)])
                recorder.onFinish { [weak runtime] _ in runtime?.onSave?(SavedFile(path: resolved, kind: .recording)) }
                // However the run ends, the WAV header is finished with what was recorded.
                runtime.atEnd { [weak recorder] in recorder?.stop() }
                return .value(.object(recorder))
            },
            LuaFunction(
                name: "play",
                parameters: [LuaParameter("path", .string)],
                returns: [.named("Player")],
                doc: "Play a sound file (WAV, AIFF, FLAC, Ogg; any rate) to the current output; relative paths look in --out first."
            ) { [unowned runtime] call in
                let path = try call.string(1)
                let player: AudioPlayer
                let readable = try runtime.readable(path, as: "a sound to play")
                do {
                    player = try audio.play(readable)
                } catch let error as AudioError where runtime.options.sandbox == .strict && [.fileNotFound, .unsupportedFile, .truncatedFile].contains(error.code) {
                    throw runtime.mediaReadError(path, as: "a sound to play", expecting: "sound", error)
                } catch let error as AudioError {
                    throw error.scriptError.luaError
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
        let valid = AudioSessionOption.allCases.map(\.rawValue)
        return try Set(runtime.state.call(unpack, [.ref(list)]).map { item in
            guard let name = item.string, let option = AudioSessionOption(rawValue: name) else {
                throw LuaArgumentError(
                    argument: table.argument,
                    message: "field 'options': invalid value '\(item.string ?? "non-string")' (expected one of: \(valid.joined(separator: ", ")))")
            }
            return option
        })
    }
}
