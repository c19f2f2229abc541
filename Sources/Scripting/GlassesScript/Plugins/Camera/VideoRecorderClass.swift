#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore

/// `cam:record{path=, duration=}` and the `VideoRecorder` it returns: the stream as the
/// app sees it, written to a fragmented MP4 (``StreamRecorder``). Named and shaped like
/// the audio module's `Recorder` (`state`, `duration`, `error`, `:stop()`, `:wait()`).
enum VideoRecorderClass {
    /// The containers by extension; the muxer's name for each.
    static let containers = ["mp4": "mp4", "mov": "mov"]
    /// The longest recording asked for (a year): the file's clock counts in whole ticks.
    static let maxDuration: Double = 365 * 86_400

    static let path = LuaArgument.string("path")
    static let duration = LuaArgument.optionalNumber("duration", in: 0...maxDuration)

    static func recordMethod(_ runtime: ScriptRuntime) -> LuaMethod<CameraStream> {
        .method(
            "record", .options("options", [path.parameter, duration.parameter]), returns: [.named("VideoRecorder")],
            doc: "Record the stream as the app sees it to a fragmented .mp4/.mov (MPEG-4 video at the effective size, "
                + "AAC audio when the stream has audio_rate=); relative paths go to --out; without duration, until rec:stop() "
                + "or the stream stops. The file plays however the recording ends."
        ) { [unowned runtime] camera, options, call in
            let (path, duration) = (try path.value(in: options), try duration.value(in: options))
            if let duration, !(duration > 0) {
                throw LuaArgumentError(argument: 2, message: "field 'duration': a positive number of seconds expected, got \(ScriptRuntime.format(duration))")
            }
            guard let container = containers[URL(fileURLWithPath: path).pathExtension.lowercased()] else {
                throw LuaArgumentError(
                    argument: 2, message: "field 'path': cannot record to '\(path)': name it .mp4 (or .mov)")
            }
            guard camera.state == .streaming || camera.state == .paused else {
                throw CameraUseError.notStreaming(call: "cam:record", state: camera.state, hint: "call cam:start() first (it waits until streaming)")
            }
            let opened: ScriptFile
            do { opened = try runtime.currentPaths.writing(path) } catch {
                throw LuaError("cannot record to '\(path)': \(error)")
            }
            let resolved = opened.path
            let audio: StreamRecorder.AudioSource? = camera.configuration.audioCodec == nil ? nil : { [unowned runtime] deliver in
                CameraAudio.subscribe(camera, runtime.world.audio) { deliver($0.samples, $0.timestamp) }
            }
            let recorder = try StreamRecorder(
                camera: camera, path: resolved, opening: opened.openedPath, container: container, duration: duration, audio: audio)
            runtime.trace.record(source: "camera", event: "record", values: [
                "path": .string(path), "width": .int(recorder.size.width), "height": .int(recorder.size.height),
                "fps": .int(recorder.frameRate), "audio": .bool(recorder.audioRate != nil),
            ])
            recorder.onFinish { [unowned runtime] ended in
                runtime.trace.record(source: "camera", event: "recorded", values: [
                    "path": .string(path), "state": .string(ended.state.rawValue), "frames": .int(ended.frames),
                    "seconds": .double(ended.recordedDuration),
                ])
                runtime.onSave?(SavedFile(path: resolved, kind: .recording))
            }
            // However the run ends (an error, Ctrl-C, exit()), the last fragment is written.
            runtime.atEnd { [weak recorder] in recorder?.stop() }
            return .value(.object(recorder))
        }
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<StreamRecorder> {
        LuaClass(
            StreamRecorder.self, name: "VideoRecorder", doc: "A recording of a camera stream to a fragmented MP4.",
            methods: [
                .method("stop", doc: "End the recording now; the file is complete when this returns.") { recorder, _ in
                    recorder.stop()
                    return .none
                },
                .method(
                    "wait", returns: [.string, .number],
                    doc: "Wait for the recording to end; returns the file's path and the seconds recorded. Raises the error "
                        + "that ended it early (the stream's StreamError, or RecordingError); the file keeps what was recorded."
                ) { [unowned runtime] recorder, call in
                    try runtime.wait(call, in: "wait") { finish in
                        [recorder.onFinish { ended in
                            finish(EndedEarly(ended).map { .failure($0) } ?? .success([.string(ended.path), .number(ended.recordedDuration)]))
                        }]
                    }
                },
            ],
            fields: [
                LuaField(name: "path", type: .string, doc: "The file being written.") { .string($0.path) },
                LuaField(name: "state", type: .strings(["recording", "finished", "interrupted", "failed"]), doc: "Where the recording is.") {
                    .string($0.state.rawValue)
                },
                LuaField(name: "duration", type: .number, doc: "Seconds recorded so far.") { .number($0.recordedDuration) },
                LuaField(name: "frames", type: .integer, doc: "Frames written so far.") { .integer(Int64($0.frames)) },
                LuaField(name: "width", type: .integer, doc: "The video's width: the stream's effective width when recording started.") {
                    .integer(Int64($0.size.width))
                },
                LuaField(name: "height", type: .integer, doc: "The video's height (later frames of another size are scaled to it).") {
                    .integer(Int64($0.size.height))
                },
                LuaField(name: "fps", type: .integer, doc: "The stream's effective frame rate when recording started.") {
                    .integer(Int64($0.frameRate))
                },
                LuaField(name: "audio", type: .boolean, doc: "Whether the file has an audio track (a stream with audio_rate=).") {
                    .boolean($0.audioRate != nil)
                },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "Why the recording ended early.") {
                    .error($0.error)
                },
            ],
            describe: {
                "VideoRecorder \($0.state.rawValue) \($0.frames) frames \(ScriptRuntime.format($0.recordedDuration)) s '\($0.path)'"
            },
            // Host memory of the encoder's YUV picture.
            memoryCost: { 1024 + StreamRecorder.encodingFootprint($0.size) })
    }

    /// The error `wait()` raises for a recording that ended early: the error that ended it,
    /// saying what the file holds.
    private struct EndedEarly: ScriptErrorConvertible {
        let error: any WearablesError
        /// What the file holds: `'path' holds its N frames`, after how many seconds.
        let path: String, frames: Int, seconds: Double

        /// Nil for a recording that ended as asked.
        init?(_ recorder: StreamRecorder) {
            guard let error = recorder.error else { return nil }
            self.error = error
            (path, frames, seconds) = (recorder.path, recorder.frames, recorder.recordedDuration)
        }

        var scriptError: ScriptError {
            ScriptError(
                domain: error.domain, code: error.code,
                message: error.message + " (the recording ended after \(ScriptRuntime.format(seconds)) s; '\(path)' holds its \(frames) frames)")
        }
    }
}
