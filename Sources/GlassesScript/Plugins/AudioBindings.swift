import LuaHost
import WearablesAudio

/// `Recorder` and `Player`: the audio module's handles, and the conversions it shares.
enum AudioBindings {
    /// Runs an audio call, raising its failure as the script's `AudioError` value.
    static func raising<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as AudioError { throw error.scriptError.luaError }
    }

    /// `{inputs={{port=, name=, rate=}}, outputs={...}}`.
    /// The shape ``table(_:)`` builds, as `audio.route` and the "route" event hand it out.
    static let routeType = LuaType.alias(
        "AudioRoute", .record([LuaParameter("inputs", .array(portType)), LuaParameter("outputs", .array(portType))]))

    static let portType = LuaType.alias(
        "AudioPort",
        .record([
            LuaParameter("port", .strings(AudioPortType.allCases.map(\.rawValue))), LuaParameter("name", .string),
            LuaParameter("rate", .integer),
        ]))

    static func table(_ route: AudioRoute) -> LuaValue {
        func ports(_ list: [AudioPortDescription]) -> LuaValue {
            .array(list.map {
                .table(["port": .string($0.type.rawValue), "name": .string($0.name), "rate": .integer(Int64($0.sampleRate))])
            })
        }
        return .table(["inputs": ports(route.inputs), "outputs": ports(route.outputs)])
    }

    static func recorderClass(_ runtime: ScriptRuntime) -> LuaClass<AudioRecorder> {
        LuaClass(
            AudioRecorder.self, name: "Recorder", doc: "A recording to a 16 kHz 16-bit mono WAV file.",
            methods: [
                LuaFunction(name: "stop", doc: "End the recording now; the file is complete.") { call in
                    try call.userdata(1, as: AudioRecorder.self).stop()
                    return .none
                },
                LuaFunction(
                    name: "wait",
                    returns: [.string],
                    doc: "Wait for the recording to end; returns the file's path. Raises AudioError if it ended early (the file keeps what was captured)."
                ) { [unowned runtime] call in
                    let recorder = try call.userdata(1, as: AudioRecorder.self)
                    return try runtime.suspend(call, in: "wait") { resume in
                        let token = recorder.onFinish { ended in
                            resume(ended.error.map { .failure($0.scriptError) } ?? .success([.string(ended.path)]))
                        }
                        return { token.cancel() }
                    }
                },
            ],
            fields: [
                LuaField(name: "path", type: .string, doc: "The WAV file being written.") { .string($0.path) },
                LuaField(name: "state", type: .strings(["recording", "finished", "interrupted", "failed"]), doc: "Where the recording is.") {
                    .string($0.state.rawValue)
                },
                LuaField(name: "level", type: .number, doc: "RMS level of the latest 20 ms, 0..1 (0 once ended).") { .number($0.level) },
                LuaField(name: "duration", type: .number, doc: "Seconds recorded so far.") { .number($0.recordedDuration) },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "Why the recording ended early.") { .object($0.error?.scriptError) },
            ],
            describe: { "Recorder \($0.state.rawValue) \(ScriptRuntime.format($0.recordedDuration)) s '\($0.path)'" })
    }

    static func playerClass(_ runtime: ScriptRuntime) -> LuaClass<AudioPlayer> {
        LuaClass(
            AudioPlayer.self, name: "Player", doc: "Playback of a sound file to the current output.",
            methods: [
                LuaFunction(name: "pause", doc: "Pause; resume() continues from here.") { call in
                    try call.userdata(1, as: AudioPlayer.self).pause()
                    return .none
                },
                LuaFunction(
                    name: "resume", doc: "Continue a paused player; raises AudioError.cannotStartPlaying if the session is not active."
                ) { call in
                    let player = try call.userdata(1, as: AudioPlayer.self)
                    try raising { try player.resume() }
                    return .none
                },
                LuaFunction(name: "stop", doc: "Stop playback for good.") { call in
                    try call.userdata(1, as: AudioPlayer.self).stop()
                    return .none
                },
                LuaFunction(
                    name: "wait",
                    returns: [.strings(["finished", "stopped"])],
                    doc: "Wait for playback to end; raises AudioError.truncatedFile if the file breaks off."
                ) { [unowned runtime] call in
                    let player = try call.userdata(1, as: AudioPlayer.self)
                    return try runtime.suspend(call, in: "wait") { resume in
                        let token = player.onFinish { ended in
                            resume(ended.error.map { .failure($0.scriptError) } ?? .success([.string(ended.state.rawValue)]))
                        }
                        return { token.cancel() }
                    }
                },
            ],
            fields: [
                LuaField(name: "path", type: .string, doc: "The file playing.") { .string($0.path) },
                LuaField(name: "state", type: .strings(["playing", "paused", "finished", "stopped", "failed"]), doc: "Where playback is.") {
                    .string($0.state.rawValue)
                },
                LuaField(name: "progress", type: .number, doc: "Fraction played, 0..1.") { .number($0.progress) },
                LuaField(name: "duration", type: .number, doc: "Length of the file in seconds.") { .number($0.duration) },
                LuaField(name: "level", type: .number, doc: "RMS level of the latest 20 ms, 0..1.") { .number($0.level) },
                LuaField(name: "output", type: .optional(.string), doc: "The output port playing (e.g. bluetoothA2DP).") {
                    $0.outputPort.map { .string($0.type.rawValue) } ?? .nil
                },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "Why playback failed.") { .object($0.error?.scriptError) },
            ],
            describe: { "Player \($0.state.rawValue) \(Int(($0.progress * 100).rounded()))% '\($0.path)'" })
    }
}

extension AudioError {
    /// This failure as the error value scripts see.
    var scriptError: ScriptError { ScriptError(domain: Self.domain, code: code.rawValue, message: message) }
}
