import LuaHost
import WearablesAudio
import WearablesCore

/// `Player`: `audio.play(path)`'s playback.
enum PlayerClass {
    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<AudioPlayer> {
        LuaClass(
            AudioPlayer.self, name: "Player", doc: "Playback of a sound file to the current output.",
            methods: [
                .method("pause", doc: "Pause; resume() continues from here.") { player, _ in
                    player.pause()
                    return .none
                },
                .method(
                    "resume", doc: "Continue a paused player; raises AudioError.cannotStartPlaying if the session is not active."
                ) { player, _ in
                    try player.resume()
                    return .none
                },
                .method("stop", doc: "Stop playback for good.") { player, _ in
                    player.stop()
                    return .none
                },
                .method(
                    "wait", returns: [.strings(["finished", "stopped"])],
                    doc: "Wait for playback to end; raises AudioError.truncatedFile if the file breaks off."
                ) { [unowned runtime] player, call in
                    try runtime.wait(call, in: "wait") { finish in
                        let token = player.onFinish { ended in
                            finish(ended.error.map { .failure($0) } ?? .success([.string(ended.state.rawValue)]))
                        }
                        return [ListenerToken { token.cancel() }]
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
                LuaField(name: "error", type: .optional(.named("Error")), doc: "Why playback failed.") { .error($0.error) },
            ],
            describe: { "Player \($0.state.rawValue) \(Int(($0.progress * 100).rounded()))% '\($0.path)'" })
    }
}
