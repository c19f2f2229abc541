import LuaHost
import WearablesCore

/// `PhotoFeature`: `cam.photo`, the camera's persistent standalone-photo feature (DAT 1.0
/// `camera.photo`). Calling it (`cam:photo{}`) takes one photo and waits, as before the feature existed.
enum PhotoFeatureClass {

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<PhotoFeature> {
        LuaClass(
            PhotoFeature.self, name: "PhotoFeature",
            doc: "cam.photo: the camera's standalone-photo feature (DAT 1.0 camera.photo). start() it with the stream stopped, "
                + "capture{} (fire-and-forget: photos arrive on \"data\", failures on \"error\"), stop(); it starts again after a stop. "
                + "Calling it, cam:photo{}, takes one photo and waits (Camera:photo).",
            methods: [
                .method(
                    "start", doc: "DAT start(): waits until `started`; raises PhotoError (busy while the camera streams: stop the stream first)."
                ) { [unowned runtime] feature, call in
                    try runtime.wait(call, in: "start") { feature.start(completion: $0) }
                },
                .method(
                    "capture", .optionalOptions("options", [PhotoOptions.resolution.parameter, PhotoOptions.quality.parameter, PhotoOptions.format.parameter]),
                    doc: "DAT capturePhoto(resolution:quality:), fire-and-forget: the photo arrives on \"data\", its transfer on \"progress\", "
                        + "a failure on \"error\" (notReady before `started`, busy while a capture is in flight). format= is ours: DAT's takes none."
                ) { feature, options, _ in
                    let (resolution, quality, format) =
                        (try PhotoOptions.resolution.value(in: options), try PhotoOptions.quality.value(in: options), try PhotoOptions.format.value(in: options))
                    feature.capturePhoto(resolution: resolution, quality: quality, format: format)
                    return .none
                },
                .method("stop", doc: "DAT stop(): waits until `stopped`; a capture in flight fails notReady.") { [unowned runtime] feature, call in
                    feature.stop()
                    return try runtime.suspend(call, in: "stop", until: { feature.state == .stopped }) { changed in
                        let token = feature.addStateListener { _ in changed() }
                        return { token.cancel() }
                    }
                },
                .method(
                    "on", .enum("event", PhotoEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to the feature's state (first the current one, at the caller's next wait), its photos (Photo), "
                        + "their transfer's progress ({bytes_received, total_bytes, fraction}) or its PhotoErrors."
                ) { [unowned runtime] feature, event, function, call in
                    let handle = runtime.listen(function, event: event.luaName, label: "photo \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .state: return feature.addStateListener { deliver([.string($0.name)], nil) }
                        case .data: return feature.addDataListener { deliver([.object(ScriptPhoto($0))], nil) }
                        case .progress: return feature.addProgressListener { deliver([PhotoCaptureClass.value($0)], nil) }
                        case .error: return feature.addErrorListener { deliver([.error($0)], nil) }
                        }
                    }
                    return .value(.object(handle))
                },
            ],
            fields: [
                LuaField(name: "state", type: .strings(PhotoState.allNames), doc: "DAT's PhotoState: stopped, starting, started, stopping.") {
                    .string($0.state.name)
                },
                LuaField(name: "capturing", type: .boolean, doc: "Whether a capture is in flight.") { .boolean($0.isCapturing) },
            ],
            call: .method(
                "photo", .object("camera", CameraStream.self, className: "Camera"), .optionalOptions("options", PhotoOptions.fields),
                returns: [.named("Photo")],
                doc: "DAT 1.0 Camera.photo in one call: a still at its own resolution (small 480x640 ... full 3024x4032; default medium) "
                    + "and quality (default medium), apart from the stream's; waits, raises PhotoError like capture. Needs no start()."
            ) { [unowned runtime] _, camera, options, call in
                try PhotoCaptureClass.wait(runtime, call, for: try PhotoOptions.start(camera, options), in: "photo")
            },
            describe: { "PhotoFeature \($0.state.name)" + ($0.isCapturing ? " capturing" : "") },
            // Host memory of the feature with its listeners (photos are counted by their own objects).
            memoryCost: { _ in 512 })
    }
}

/// What `:on` listens to on the photo feature: checked, documented and typed from these cases.
enum PhotoEvent: String, LuaEnum {
    case state
    case data
    case progress
    case error
}
