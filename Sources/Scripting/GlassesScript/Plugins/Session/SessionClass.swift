import LuaHost
import WearablesCore

/// `DeviceSession`: a session on one device (DAT 1.0), the home of capabilities.
enum SessionClass {

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<DeviceSession> {
        LuaClass(
            DeviceSession.self, name: "DeviceSession",
            doc: "A session on one device; `stopped` is terminal, as in DAT: make a new session to restart.",
            methods: [
                .method("start", doc: "Start the session; waits until `started`, raises DeviceSessionError.") { [unowned runtime] session, call in
                    try runtime.wait(call, in: "start") { try session.start(completion: $0) }
                },
                .method(
                    "stop", doc: "Stop the session (and its camera); waits until `stopped`. It cannot be started again."
                ) { [unowned runtime] session, call in
                    session.stop()
                    return try runtime.suspend(call, in: "stop", until: { session.state == .stopped }) { changed in
                        let token = session.addStateListener { _ in changed() }
                        return { token.cancel() }
                    }
                },
                .method(
                    "wait_for", .enum("state", SessionState.self), .optionalNumber("timeout", in: 0...Double.infinity),
                    returns: [.optional(.true), .optional(.named("Error"))],
                    doc: "Wait until the session reaches `state`; nil and an error on timeout or if it stops first."
                ) { [unowned runtime] session, target, timeout, call in
                    let stopped: () -> WaitOutcome = { .success([.nil, .error(SessionWaitError.stopped(session.lastError, waitingFor: target))]) }
                    if session.state == target { return .value(true) }
                    if session.state == .stopped { return .values(try stopped().get()) }
                    return try runtime.wait(
                        call, in: "wait_for", timeout: timeout,
                        expired: { .success([.nil, .error(SessionWaitError.timeout(waitingFor: target, after: timeout ?? 0, state: session.state))]) }
                    ) { finish in
                        [session.addStateListener { state in
                            if state == target { finish(.success([true])) } else if state == .stopped { finish(stopped()) }
                        }]
                    }
                },
                .method(
                    "on", .enum("event", SessionEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to state (first the current one, at the caller's next wait) or errors (fn gets an Error)."
                ) { [unowned runtime] session, event, function, call in
                    let handle = runtime.listen(function, event: event.luaName, label: "session \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .state: session.addStateListener { deliver([.string($0.name)], nil) }
                        case .error: session.addErrorListener { deliver([.error($0)], nil) }
                        }
                    }
                    return .value(.object(handle))
                },
                .method(
                    "camera", .optionalOptions("options", CameraOptions.fields), returns: [.named("Camera")],
                    doc: "Add a camera stream to a started session (DAT addCamera); defaults medium, 30 fps, raw; audio_rate adds PCM audio, which needs HFP configured first."
                ) { session, options, _ in
                    .value(.object(try session.addCamera(try CameraOptions.configuration(options, argument: 2))))
                },
                .method(
                    "remove_camera",
                    doc: "Remove the session's camera (DAT Camera.stop() detaching it; removeStream before 0.9): it stops, waits until stopped, "
                        + "and cannot start again; the session can take a new one. Raises DeviceSessionError.capabilityNotFound when it holds none."
                ) { [unowned runtime] session, call in
                    let camera = try session.removeCamera()
                    return try runtime.suspend(call, in: "remove_camera", until: { camera.state == .stopped }) { changed in
                        let token = camera.addStateListener { _ in changed() }
                        return { token.cancel() }
                    }
                },
            ] + InputsClass.sessionMethods(runtime) + MotionClass.sessionMethods(runtime)
                + SpeechClass.sessionMethods(runtime) + [DisplayClass.sessionMethod(runtime)],
            fields: [
                LuaField(name: "state", type: .strings(SessionState.allNames), doc: "Where the session is in its life.") {
                    .string($0.state.name)
                },
                LuaField(name: "device", type: .optional(.named("Device")), doc: "The device the session runs on, once chosen.") { .object($0.device) },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "The error that stopped the session, if any.") { .error($0.lastError) },
            ],
            describe: { session in
                "DeviceSession \(session.state.name) on \(session.device?.nameOrId() ?? "no device")"
                    + (session.lastError.map { " (\($0.code))" } ?? "")
            },
            // Host memory of a session with its listeners and state.
            memoryCost: { _ in 1024 })
    }
}

/// Why `session:wait_for` returned nil: the error value it returns second.
enum SessionWaitError: ScriptErrorConvertible {
    /// The session stopped first: the error that stopped it, or `sessionAlreadyStopped`.
    case stopped(DeviceSessionError?, waitingFor: SessionState)
    /// `ScriptError.timeout`: the state did not come in time; the session is in `state`.
    case timeout(waitingFor: SessionState, after: Double, state: SessionState)

    var scriptError: ScriptError {
        switch self {
        case .stopped(let error, let target):
            if let error { return ScriptError(error) }
            return ScriptError(
                domain: "DeviceSessionError", code: DeviceSessionError.sessionAlreadyStopped.code,
                message: "the session stopped before reaching '\(target.name)'")
        case .timeout(let target, let timeout, let state):
            return BindingError.timeout("session did not reach '\(target.name)' within \(timeout) s (it is '\(state.name)')").scriptError
        }
    }
}

/// What `:on` listens to on a session: checked, documented and typed from these cases.
enum SessionEvent: String, LuaEnum {
    case state
    case error
}
