import LuaHost
import WearablesCore

/// The options of `cam:photo{...}` and `cam:start_photo{...}` (DAT 1.0 `Camera.photo`).
enum PhotoOptions {
    /// DAT 1.0's defaults: `capturePhoto(resolution: = .medium, quality: = .medium)`.
    static let resolution = LuaArgument.enum("resolution", PhotoResolution.self, default: .medium)
    static let quality = LuaArgument.enum("quality", PhotoQuality.self, default: .medium)
    static let format = LuaArgument.enum("format", PhotoCaptureFormat.self, default: .jpeg)

    static let fields = [resolution.parameter, quality.parameter, format.parameter]

    /// Starts the photo an options table asks for (nil: every default).
    static func start(_ camera: CameraStream, _ options: LuaTableArgument?) throws -> PhotoCapture {
        let (resolution, quality, format) = (try resolution.value(in: options), try quality.value(in: options), try format.value(in: options))
        return camera.startPhoto(format: format, resolution: resolution, quality: quality)
    }
}

/// `PhotoCapture`: one standalone photo in flight (DAT 1.0 `Camera.photo`), with
/// DAT's `PhotoState` and its outcome, from `cam:start_photo{}`.
enum PhotoCaptureClass {

    /// DAT's `PhotoTransferProgress` as a table.
    static func value(_ progress: PhotoTransferProgress) -> LuaValue {
        .table([
            "bytes_received": .integer(Int64(progress.bytesReceived)), "total_bytes": .integer(Int64(progress.totalBytes)),
            "fraction": .number(progress.fraction),
        ])
    }

    /// Waits for `capture`'s photo in the calling task; raises its PhotoError.
    static func wait(_ runtime: ScriptRuntime, _ call: LuaCall, for capture: PhotoCapture, in name: String) throws -> LuaReturn {
        // The waiter holds the capture (its listener does): `cam:photo` keeps no other reference to it.
        try runtime.wait(call, in: name) { finish in
            [capture.addFinishListener { result in _ = capture; finish(result.map { [.object(ScriptPhoto($0))] }.mapError { $0 as any Error }) }]
        }
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<PhotoCapture> {
        LuaClass(
            PhotoCapture.self, name: "PhotoCapture",
            doc: "A standalone photo in flight (DAT 1.0 Camera.photo): its PhotoState and outcome.",
            methods: [
                .method("wait", returns: [.named("Photo")], doc: "Wait for the photo; raises its PhotoError.") { [unowned runtime] capture, call in
                    try wait(runtime, call, for: capture, in: "wait")
                },
                .method(
                    "on", .enum("event", PhotoCaptureEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to the capture's state (first the current one, at the caller's next wait), its transfer's progress "
                        + "({bytes_received, total_bytes, fraction}), its photo, or its PhotoError."
                ) { [unowned runtime] capture, event, function, call in
                    // The listeners hold the capture (until their handles are cancelled), so
                    // `cam:start_photo{}:on(...)` hears it without the script keeping it.
                    let handle = runtime.listen(function, event: event.luaName, label: "photo capture \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .state: return capture.addStateListener { _ = capture; deliver([.string($0.name)], nil) }
                        case .progress: return capture.addProgressListener { _ = capture; deliver([value($0)], nil) }
                        case .photo, .error:
                            return capture.addFinishListener { result in
                                _ = capture
                                switch (event, result) {
                                case (.photo, .success(let photo)): deliver([.object(ScriptPhoto(photo))], nil)
                                case (.error, .failure(let error)): deliver([.error(error)], nil)
                                default: break
                                }
                            }
                        }
                    }
                    return .value(.object(handle))
                },
            ],
            fields: [
                LuaField(name: "state", type: .strings(PhotoState.allNames),
                         doc: "DAT's PhotoState: starting (the glasses set up), started (taking and transferring), stopping, stopped (done).") {
                    .string($0.state.name)
                },
                LuaField(name: "progress", type: .optional(.table), doc: "The transfer's latest progress {bytes_received, total_bytes, fraction}; nil before it began.") {
                    $0.progress.map(value) ?? .nil
                },
                LuaField(name: "photo", type: .optional(.named("Photo")), doc: "The photo, once it arrived.") {
                    guard case .success(let photo) = $0.result else { return .nil }
                    return .object(ScriptPhoto(photo))
                },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "Why there is no photo, once known.") {
                    guard case .failure(let error) = $0.result else { return .nil }
                    return .error(error)
                },
            ],
            describe: { capture in
                let outcome: String = switch capture.result {
                case .success(let photo)?: " \(photo.width)x\(photo.height)"
                case .failure(let error)?: " (\(error.code))"
                case nil: ""
                }
                return "PhotoCapture \(capture.state.name)" + outcome
            },
            // Host memory of the capture with its listeners (the photo is counted by its own object).
            memoryCost: { _ in 512 })
    }
}

/// What `:on` listens to on a photo capture: checked, documented and typed from these cases.
enum PhotoCaptureEvent: String, LuaEnum {
    case state
    case progress
    case photo
    case error
}
