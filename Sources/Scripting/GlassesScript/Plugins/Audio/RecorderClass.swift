import LuaHost
import WearablesAudio
import WearablesCore

/// `Recorder`: `audio.record{...}`'s recording to a WAV file.
enum RecorderClass {
    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<AudioRecorder> {
        LuaClass(
            AudioRecorder.self, name: "Recorder", doc: "A recording to a 16 kHz 16-bit mono WAV file.",
            methods: [
                .method("stop", doc: "End the recording now; the file is complete.") { recorder, _ in
                    recorder.stop()
                    return .none
                },
                .method(
                    "wait", returns: [.string],
                    doc: "Wait for the recording to end; returns the file's path. Raises AudioError if it ended early (the file keeps what was captured)."
                ) { [unowned runtime] recorder, call in
                    try runtime.wait(call, in: "wait") { finish in
                        let token = recorder.onFinish { ended in
                            finish(ended.error.map { .failure($0) } ?? .success([.string(ended.path)]))
                        }
                        return [ListenerToken { token.cancel() }]
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
                LuaField(name: "error", type: .optional(.named("Error")), doc: "Why the recording ended early.") { .error($0.error) },
            ],
            describe: { "Recorder \($0.state.rawValue) \(ScriptRuntime.format($0.recordedDuration)) s '\($0.path)'" })
    }
}
