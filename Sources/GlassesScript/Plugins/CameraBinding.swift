import LuaHost
import WearablesCore

/// `Camera`: a video stream with photo capture (DAT `StreamSession`/`addCamera`).
enum CameraBinding {
    /// The fields of `session:camera`'s options, which `wearables.stream` shares.
    static let optionFields: [LuaParameter] = [
        .optional("resolution", .strings(StreamingResolution.allNames)),
        .optional("fps", .integers(StreamConfiguration.validFrameRates)),
        .optional("codec", .strings(VideoCodec.allNames)),
        .optional("audio_rate", .integers(AudioCodec.validSampleRates)),
    ]

    /// What `cam:on` listens to.
    static let events = ["state", "camera_state", "frame", "photo", "error", "audio"]

    /// A stream configuration from an options table at argument `n` (nil: defaults).
    /// The registry has checked the fields against ``optionFields``.
    static func configuration(_ call: LuaCall, _ n: Int) throws -> StreamConfiguration {
        guard let options = try call.optionalTable(n) else { return .default }
        let resolution = try options.optionalString("resolution") ?? "medium"
        let codec = try options.optionalString("codec") ?? "raw"
        let fps = try options.optionalInteger("fps") ?? 30
        // DAT's audioCodec: PCM from the glasses' microphones; such a stream needs HFP configured first.
        let audioRate = try options.optionalInteger("audio_rate")
        do {
            return try StreamConfiguration(
                codec: codec, resolution: resolution, frameRate: Int(fps), audioSampleRate: audioRate.map { Int($0) })
        } catch let error as any WearablesError {
            throw LuaArgumentError(argument: n, message: error.message)
        }
    }

    /// The `selector` field of an options table at argument `n`, if any.
    static func selector(_ call: LuaCall, _ n: Int) throws -> DeviceSelector? {
        guard let options = try call.optionalTable(n) else { return nil }
        guard case .object(let object) = try options.value("selector") else {
            if try options.value("selector").isNil { return nil }
            throw LuaArgumentError(argument: n, message: "field 'selector': Selector expected")
        }
        guard let binding = object as? SelectorBinding else {
            throw LuaArgumentError(argument: n, message: "field 'selector': Selector expected")
        }
        return binding.selector
    }

    static func format(_ call: LuaCall, _ n: Int) throws -> PhotoCaptureFormat {
        try call.optionalNamed(n, as: PhotoCaptureFormat.self) ?? .jpeg
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<CameraStream> {
        LuaClass(
            CameraStream.self, name: "Camera", doc: "A camera stream: frames, photos, state.",
            methods: [
                LuaFunction(
                    name: "start", doc: "Start streaming; waits until `streaming`, raises StreamError (DeviceSessionError when its session has stopped or another camera took the session's camera)."
                ) {
                    [unowned runtime] call in
                    let camera = try call.userdata(1, as: CameraStream.self)
                    runtime.started(camera, at: call.callerLine)
                    return try runtime.suspend(call, in: "start") { resume in
                        do {
                            try camera.start { resume($0.map { [] }.mapError(\.scriptError)) }
                        } catch let error as DeviceSessionError {
                            throw error.scriptError.luaError
                        }
                        return nil
                    }
                },
                LuaFunction(
                    name: "stop", doc: "Stop streaming; waits until `stopped` (an implicit stream stops its session too, and waits for it)."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: CameraStream.self)
                    let implicit = camera.implicitSession
                    camera.stop()
                    let stopped = { camera.state == .stopped && (implicit?.state ?? .stopped) == .stopped }
                    return try runtime.suspend(call, in: "stop", until: stopped) { changed in
                        let tokens = [camera.addStateListener { _ in changed() }] + (implicit.map { [$0.addStateListener { _ in changed() }] } ?? [])
                        return { tokens.forEach { $0.cancel() } }
                    }
                },
                LuaFunction(
                    name: "on",
                    parameters: [LuaParameter("event", .strings(events)), LuaParameter("fn", .function)],
                    returns: [.named("Handle")],
                    doc: "Listen to the stream's or the camera capability's state (first the current one, at the caller's next wait), "
                        + "frames (valid during the callback only), photos, errors, or audio chunks {timestamp, rate, level, samples} of a stream with audio_rate=."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: CameraStream.self)
                    let event = try call.string(2)
                    if event == "audio", camera.configuration.audioCodec == nil { throw LuaArgumentError(argument: 2, message: CameraAudioBinding.needsAudio) }
                    let function = try call.function(3)
                    let handle = runtime.listen(function, event: event, label: "camera \"\(event)\" callback", at: call) { deliver in
                        switch event {
                        case "state": return camera.addStateListener { deliver([.string($0.name)], nil) }
                        case "camera_state": return camera.addCameraStateListener { deliver([.string($0.name)], nil) }
                        case "audio": return CameraAudioBinding.subscribe(camera, runtime.world.audio) { deliver([CameraAudioBinding.value($0)], nil) }
                        case "photo": return camera.addPhotoListener { deliver([.object(PhotoBinding($0))], nil) }
                        case "error": return camera.addErrorListener { deliver([.object($0.scriptError)], nil) }
                        default:
                            return camera.addFrameListener { [unowned runtime] frame in
                                let borrowed = FrameBinding(frame)
                                deliver([.object(borrowed)]) {
                                    runtime.state.invalidate(borrowed, message: FrameBinding.expiredMessage)
                                }
                            }
                        }
                    }
                    return .value(.object(handle))
                },
                LuaFunction(
                    name: "next_frame",
                    parameters: [.optional("timeout", .number, in: 0...Double.infinity)],
                    returns: [.named("Frame")],
                    doc: "Wait for the next frame (yours to keep); raises StreamError.timeout after `timeout` seconds."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: CameraStream.self)
                    let timeout = try call.optionalNumber(2)
                    guard camera.state != .stopped, camera.state != .stopping else {
                        throw ScriptError(
                            domain: "StreamError", code: "notStreaming",
                            message: "next_frame on a \(camera.state.name) camera: call cam:start() first").luaError
                    }
                    return try runtime.suspend(call, in: "next_frame") { resume in
                        var frameToken: ListenerToken?
                        var stateToken: ListenerToken?
                        var timer: TimerToken?
                        let finish: (Result<[LuaValue], ScriptError>) -> Void = { result in
                            frameToken?.cancel()
                            stateToken?.cancel()
                            timer?.cancel()
                            resume(result)
                        }
                        frameToken = camera.addFrameListener { finish(.success([.object(FrameBinding($0))])) }
                        stateToken = camera.addStateListener { state in
                            guard state == .stopped else { return }
                            finish(.failure(ScriptError(
                                domain: "StreamError", code: "notStreaming", message: "the camera stopped while waiting for a frame")))
                        }
                        if let timeout {
                            timer = runtime.scheduler.schedule(after: timeout) {
                                finish(.failure(ScriptError(StreamError.timeout)))
                            }
                        }
                        return { frameToken?.cancel(); stateToken?.cancel(); timer?.cancel() }
                    }
                },
                LuaFunction(
                    name: "capture",
                    parameters: [.optional("format", .strings(PhotoCaptureFormat.allNames))],
                    returns: [.named("Photo")],
                    doc: "Capture a photo and wait for it; raises PhotoError. Streaming pauses meanwhile."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: CameraStream.self)
                    let format = try format(call, 2)
                    return try runtime.suspend(call, in: "capture") { resume in
                        camera.capture(format: format) { result in
                            resume(result.map { [.object(PhotoBinding($0))] }.mapError(\.scriptError))
                        }
                        return nil
                    }
                },
                LuaFunction(
                    name: "photo",
                    parameters: [.optional("options", .record(PhotoCaptureBinding.optionFields))],
                    returns: [.named("Photo")],
                    doc: "DAT 1.0 Camera.photo: a still at its own resolution (small 480x640 ... full 3024x4032; default full) and quality "
                        + "(default high), apart from the stream's; waits, raises PhotoError like capture."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: CameraStream.self)
                    return try PhotoCaptureBinding.wait(runtime, call, for: try PhotoCaptureBinding.start(camera, call, 2), in: "photo")
                },
                LuaFunction(
                    name: "start_photo",
                    parameters: [.optional("options", .record(PhotoCaptureBinding.optionFields))],
                    returns: [.named("PhotoCapture")],
                    doc: "cam:photo without waiting: the PhotoCapture reports DAT's PhotoState (starting, started, stopping, stopped), "
                        + "its photo or PhotoError; capture:wait() waits for it."
                ) { call in
                    let camera = try call.userdata(1, as: CameraStream.self)
                    return .value(.object(try PhotoCaptureBinding.start(camera, call, 2)))
                },
                VideoRecorderBinding.recordMethod(runtime),
                LuaFunction(
                    name: "try_capture",
                    parameters: [.optional("format", .strings(PhotoCaptureFormat.allNames))],
                    returns: [.boolean],
                    doc: "DAT capturePhoto: false when not streaming or a capture is in flight; the photo arrives on \"photo\"."
                ) { call in
                    let camera = try call.userdata(1, as: CameraStream.self)
                    return .value(.boolean(camera.capturePhoto(format: try format(call, 2))))
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
                LuaField(name: "frames", type: .integer, doc: "Frames delivered so far.") { .integer(Int64($0.frameCount)) },
            ],
            describe: { camera in
                "Camera \(camera.state.name) \(camera.effective)" + (camera.isCapturing ? " capturing" : "")
            },
            // Host memory of a camera with its listeners, ladder and capture state.
            memoryCost: { _ in 1024 })
    }
}
