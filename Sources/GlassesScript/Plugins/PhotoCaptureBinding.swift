import LuaHost
import WearablesCore

/// `PhotoCapture`: one standalone photo in flight (DAT 1.0 `Camera.photo`), with
/// DAT's `PhotoState` and its outcome, from `cam:start_photo{}`.
enum PhotoCaptureBinding {
    /// What `capture:on` listens to.
    static let events = ["state", "photo", "error"]

    /// The fields of `cam:photo`'s and `cam:start_photo`'s options.
    static let optionFields: [LuaParameter] = [
        .optional("resolution", .strings(PhotoResolution.allNames)),
        .optional("quality", .strings(PhotoQuality.allNames)),
        .optional("format", .strings(PhotoCaptureFormat.allNames)),
    ]

    /// Starts the photo the options table at argument `n` asks for (the registry has
    /// checked its fields against ``optionFields``).
    static func start(_ camera: CameraStream, _ call: LuaCall, _ n: Int) throws -> PhotoCapture {
        let options = try call.optionalTable(n)
        let resolution = PhotoResolution(name: try options?.optionalString("resolution") ?? "full") ?? .full
        let quality = PhotoQuality(name: try options?.optionalString("quality") ?? "high") ?? .high
        let format = PhotoCaptureFormat(name: try options?.optionalString("format") ?? "jpeg") ?? .jpeg
        return camera.startPhoto(format: format, resolution: resolution, quality: quality)
    }

    /// Waits for `capture`'s photo in the calling task; raises its PhotoError.
    static func wait(_ runtime: ScriptRuntime, _ call: LuaCall, for capture: PhotoCapture, in name: String) throws -> LuaReturn {
        try runtime.suspend(call, in: name) { resume in
            let token = capture.addFinishListener { result in
                resume(result.map { [.object(PhotoBinding($0))] }.mapError(\.scriptError))
            }
            // The waiter holds the capture: `cam:photo` keeps no other reference to it.
            return { token.cancel(); _ = capture }
        }
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<PhotoCapture> {
        LuaClass(
            PhotoCapture.self, name: "PhotoCapture",
            doc: "A standalone photo in flight (DAT 1.0 Camera.photo): its PhotoState and outcome.",
            methods: [
                LuaFunction(
                    name: "wait", returns: [.named("Photo")],
                    doc: "Wait for the photo; raises its PhotoError."
                ) { [unowned runtime] call in
                    try wait(runtime, call, for: try call.userdata(1, as: PhotoCapture.self), in: "wait")
                },
                LuaFunction(
                    name: "on",
                    parameters: [LuaParameter("event", .strings(events)), LuaParameter("fn", .function)],
                    returns: [.named("Handle")],
                    doc: "Listen to the capture's state (first the current one, at the caller's next wait), its photo, or its PhotoError."
                ) { [unowned runtime] call in
                    let capture = try call.userdata(1, as: PhotoCapture.self)
                    let event = try call.string(2)
                    let function = try call.function(3)
                    // The listeners hold the capture (until their handles are cancelled), so
                    // `cam:start_photo{}:on(...)` hears it without the script keeping it.
                    let handle = runtime.listen(function, event: event, label: "photo capture \"\(event)\" callback", at: call) { deliver in
                        if event == "state" { return capture.addStateListener { _ = capture; deliver([.string($0.name)], nil) } }
                        return capture.addFinishListener { result in
                            _ = capture
                            switch (event, result) {
                            case ("photo", .success(let photo)): deliver([.object(PhotoBinding(photo))], nil)
                            case ("error", .failure(let error)): deliver([.object(error.scriptError)], nil)
                            default: break
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
                LuaField(name: "photo", type: .optional(.named("Photo")), doc: "The photo, once it arrived.") {
                    guard case .success(let photo) = $0.result else { return .nil }
                    return .object(PhotoBinding(photo))
                },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "Why there is no photo, once known.") {
                    guard case .failure(let error) = $0.result else { return .nil }
                    return .object(error.scriptError)
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
