import LuaHost
import WearablesCore

/// `Camera`: a video stream with photo capture (DAT `StreamSession`/`addCamera`).
enum CameraClass {
    static let format = LuaArgument.enum("format", PhotoCaptureFormat.self, default: .jpeg)

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<CameraStream> {
        LuaClass(
            CameraStream.self, name: "Camera", doc: "A camera stream: frames, photos, state.",
            methods: [
                .method(
                    "start", doc: "Start streaming; waits until `streaming`, raises StreamError (DeviceSessionError when its session has stopped or another camera took the session's camera)."
                ) { [unowned runtime] camera, call in
                    runtime.started(camera, at: call.callerLine)
                    return try runtime.wait(call, in: "start") { try camera.start(completion: $0) }
                },
                .method(
                    "stop", doc: "Stop streaming; waits until `stopped` (an implicit stream stops its session too, and waits for it)."
                ) { [unowned runtime] camera, call in
                    let implicit = camera.implicitSession
                    camera.stop()
                    let stopped = { camera.state == .stopped && (implicit?.state ?? .stopped) == .stopped }
                    return try runtime.suspend(call, in: "stop", until: stopped) { changed in
                        let tokens = [camera.addStateListener { _ in changed() }] + (implicit.map { [$0.addStateListener { _ in changed() }] } ?? [])
                        return { tokens.forEach { $0.cancel() } }
                    }
                },
                .method(
                    "on", .enum("event", CameraEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to the stream's or the camera capability's state (first the current one, at the caller's next wait), "
                        + "frames (valid during the callback only), photos, errors, or audio chunks {timestamp, rate, level, samples} of a stream with audio_rate=."
                ) { [unowned runtime] camera, event, function, call in
                    if event == .audio, camera.configuration.audioCodec == nil { throw LuaArgumentError(argument: 2, message: CameraAudio.needsAudio) }
                    let handle = runtime.listen(function, event: event.luaName, label: "camera \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .state: return camera.addStateListener { deliver([.string($0.name)], nil) }
                        case .cameraState: return camera.addCameraStateListener { deliver([.string($0.name)], nil) }
                        case .audio: return CameraAudio.subscribe(camera, runtime.world.audio) { deliver([CameraAudio.value($0)], nil) }
                        case .photo: return camera.addPhotoListener { deliver([.object(ScriptPhoto($0))], nil) }
                        case .error: return camera.addErrorListener { deliver([.error($0)], nil) }
                        case .frame:
                            return camera.addFrameListener { [unowned runtime] frame in
                                let borrowed = ScriptFrame(frame)
                                deliver([.object(borrowed)]) {
                                    runtime.state.invalidate(borrowed, message: ScriptFrame.expiredMessage)
                                }
                            }
                        }
                    }
                    return .value(.object(handle))
                },
                .method(
                    "next_frame", .optionalNumber("timeout", in: 0...Double.infinity), returns: [.named("Frame")],
                    doc: "Wait for the next frame (yours to keep); raises StreamError.timeout after `timeout` seconds."
                ) { [unowned runtime] camera, timeout, call in
                    guard camera.state != .stopped, camera.state != .stopping else {
                        throw CameraUseError.notStreaming(call: "next_frame", state: camera.state)
                    }
                    return try runtime.wait(call, in: "next_frame", timeout: timeout) { finish in
                        [
                            camera.addFrameListener { finish(.success([.object(ScriptFrame($0))])) },
                            camera.addStateListener { if $0 == .stopped { finish(.failure(CameraUseError.stoppedWhileWaiting)) } },
                        ]
                    }
                },
                .method(
                    "capture", format, returns: [.named("Photo")],
                    doc: "Capture a photo and wait for it; raises PhotoError. Streaming pauses meanwhile."
                ) { [unowned runtime] camera, format, call in
                    try runtime.wait(call, in: "capture", for: { camera.capture(format: format, completion: $0) }) { [.object(ScriptPhoto($0))] }
                },
                .method(
                    "start_photo", .optionalOptions("options", PhotoOptions.fields), returns: [.named("PhotoCapture")],
                    doc: "cam:photo without waiting: the PhotoCapture reports DAT's PhotoState (starting, started, stopping, stopped), "
                        + "its photo or PhotoError; capture:wait() waits for it."
                ) { camera, options, _ in
                    .value(.object(try PhotoOptions.start(camera, options)))
                },
                VideoRecorderClass.recordMethod(runtime),
                .method(
                    "try_capture", format, returns: [.boolean],
                    doc: "DAT capturePhoto: false when not streaming or a capture is in flight; the photo arrives on \"photo\"."
                ) { camera, format, _ in
                    .value(.boolean(camera.capturePhoto(format: format)))
                },
            ],
            fields: [
                LuaField(name: "state", type: .strings(StreamState.allNames), doc: "The stream state.") { .string($0.state.name) },
                LuaField(name: "camera_state", type: .strings(CameraState.allNames),
                         doc: "The camera capability's state: held by the session from start() until stopped, also while the stream is paused.") {
                    .string($0.cameraState.name)
                },
                LuaField(name: "config", type: .record([LuaParameter("resolution", .string), LuaParameter("fps", .integer), LuaParameter("codec", .string)]), doc: "The requested settings.") {
                    .table([
                        "resolution": .string($0.configuration.resolution.name),
                        "fps": .integer(Int64($0.configuration.frameRate)),
                        "codec": .string($0.configuration.videoCodec.name),
                    ])
                },
                LuaField(
                    name: "effective", type: .record([LuaParameter("resolution", .string), LuaParameter("fps", .integer), LuaParameter("width", .integer), LuaParameter("height", .integer)]),
                    doc: "The settings after the bandwidth ladder."
                ) {
                    .table([
                        "resolution": .string($0.effective.resolution.name),
                        "fps": .integer(Int64($0.effective.frameRate)),
                        "width": .integer(Int64($0.effective.size.width)),
                        "height": .integer(Int64($0.effective.size.height)),
                    ])
                },
                LuaField(name: "device", type: .optional(.named("Device")), doc: "The device streaming, once known.") { .object($0.device) },
                LuaField(
                    name: "photo", type: .named("PhotoFeature"),
                    doc: "DAT 1.0 camera.photo: the persistent standalone-photo feature (start, capture, stop); cam:photo{} calls it."
                ) { .object($0.photo) },
                LuaField(name: "frames", type: .integer, doc: "Frames delivered so far.") { .integer(Int64($0.frameCount)) },
            ],
            describe: { camera in
                "Camera \(camera.state.name) \(camera.effective)" + (camera.isCapturing ? " capturing" : "")
            },
            // Host memory of a camera with its listeners, ladder and capture state.
            memoryCost: { _ in 1024 })
    }
}

/// What `:on` listens to on a camera: checked, documented and typed from these cases.
enum CameraEvent: String, LuaEnum {
    case state
    case cameraState = "camera_state"
    case frame
    case photo
    case error
    case audio
}
