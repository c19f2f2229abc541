import LuaHost
import WearablesCore

/// `DeviceSession`: a session on one device (DAT 1.0), the home of capabilities.
enum SessionBinding {
    /// What `session:on` listens to.
    static let events = ["state", "error"]

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<DeviceSession> {
        LuaClass(
            DeviceSession.self, name: "DeviceSession",
            doc: "A session on one device; `stopped` is terminal, as in DAT: make a new session to restart.",
            methods: [
                LuaFunction(name: "start", doc: "Start the session; waits until `started`, raises DeviceSessionError.") {
                    [unowned runtime] call in
                    let session = try call.userdata(1, as: DeviceSession.self)
                    return try runtime.suspend(call, in: "start") { resume in
                        do {
                            try session.start { resume($0.map { [] }.mapError(\.scriptError)) }
                        } catch let error as DeviceSessionError {
                            throw error.scriptError.luaError
                        }
                        return nil
                    }
                },
                LuaFunction(
                    name: "stop", doc: "Stop the session (and its camera); waits until `stopped`. It cannot be started again."
                ) { [unowned runtime] call in
                    let session = try call.userdata(1, as: DeviceSession.self)
                    session.stop()
                    return try runtime.suspend(call, in: "stop", until: { session.state == .stopped }) { changed in
                        let token = session.addStateListener { _ in changed() }
                        return { token.cancel() }
                    }
                },
                LuaFunction(
                    name: "wait_for",
                    parameters: [LuaParameter("state", .strings(SessionState.allNames)), .optional("timeout", .number, in: 0...Double.infinity)],
                    returns: [.optional(.true), .optional(.named("Error"))],
                    doc: "Wait until the session reaches `state`; nil and an error on timeout or if it stops first."
                ) { [unowned runtime] call in
                    let session = try call.userdata(1, as: DeviceSession.self)
                    let target = try call.named(2, as: SessionState.self)
                    let timeout = try call.optionalNumber(3)
                    if session.state == target { return .value(true) }
                    if session.state == .stopped { return .values([.nil, .object(stoppedError(session, waitingFor: target))]) }
                    return try runtime.suspend(call, in: "wait_for") { resume in
                        var token: ListenerToken?
                        var timer: TimerToken?
                        let finish: ([LuaValue]) -> Void = { values in
                            token?.cancel()
                            timer?.cancel()
                            resume(.success(values))
                        }
                        token = session.addStateListener { state in
                            if state == target {
                                finish([true])
                            } else if state == .stopped {
                                finish([.nil, .object(stoppedError(session, waitingFor: target))])
                            }
                        }
                        if let timeout {
                            timer = runtime.scheduler.schedule(after: timeout) {
                                finish([.nil, .object(ScriptError(
                                    domain: "ScriptError", code: "timeout",
                                    message: "session did not reach '\(target.name)' within \(timeout) s (it is '\(session.state.name)')"))])
                            }
                        }
                        return { token?.cancel(); timer?.cancel() }
                    }
                },
                LuaFunction(
                    name: "on",
                    parameters: [LuaParameter("event", .strings(events)), LuaParameter("fn", .function)],
                    returns: [.named("Handle")],
                    doc: "Listen to state (first the current one, at the caller's next wait) or errors (fn gets an Error)."
                ) { [unowned runtime] call in
                    let session = try call.userdata(1, as: DeviceSession.self)
                    let event = try call.string(2)
                    let function = try call.function(3)
                    let handle = runtime.listen(function, event: event, label: "session \"\(event)\" callback", at: call) { deliver in
                        event == "state"
                            ? session.addStateListener { deliver([.string($0.name)], nil) }
                            : session.addErrorListener { deliver([.object($0.scriptError)], nil) }
                    }
                    return .value(.object(handle))
                },
                LuaFunction(
                    name: "camera",
                    parameters: [.optional("options", .record(CameraBinding.optionFields))],
                    returns: [.named("Camera")],
                    doc: "Add a camera stream to a started session (DAT addCamera); defaults medium, 30 fps, raw; audio_rate adds PCM audio, which needs HFP configured first."
                ) { call in
                    let session = try call.userdata(1, as: DeviceSession.self)
                    let configuration = try CameraBinding.configuration(call, 2)
                    do {
                        return .value(.object(try session.addCamera(configuration)))
                    } catch let error as any WearablesError {
                        throw error.scriptError.luaError
                    }
                },
                LuaFunction(
                    name: "remove_camera",
                    doc: "Remove the session's camera (DAT Camera.stop() detaching it; removeStream before 0.9): it stops, waits until stopped, "
                        + "and cannot start again; the session can take a new one. Raises DeviceSessionError.capabilityNotFound when it holds none."
                ) { [unowned runtime] call in
                    let session = try call.userdata(1, as: DeviceSession.self)
                    let camera: CameraStream
                    do {
                        camera = try session.removeCamera()
                    } catch let error as any WearablesError {
                        throw error.scriptError.luaError
                    }
                    return try runtime.suspend(call, in: "remove_camera", until: { camera.state == .stopped }) { changed in
                        let token = camera.addStateListener { _ in changed() }
                        return { token.cancel() }
                    }
                },
            ],
            fields: [
                LuaField(name: "state", type: .strings(SessionState.allNames), doc: "Where the session is in its life.") {
                    .string($0.state.name)
                },
                LuaField(name: "device", type: .optional(.named("Device")), doc: "The device the session runs on, once chosen.") { .object($0.device) },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "The error that stopped the session, if any.") {
                    $0.lastError.map { .object($0.scriptError) } ?? .nil
                },
            ],
            describe: { session in
                "DeviceSession \(session.state.name) on \(session.device?.nameOrId() ?? "no device")"
                    + (session.lastError.map { " (\($0.code))" } ?? "")
            },
            // Host memory of a session with its listeners and state.
            memoryCost: { _ in 1024 })
    }

    private static func stoppedError(_ session: DeviceSession, waitingFor target: SessionState) -> ScriptError {
        if let error = session.lastError { return error.scriptError }
        return ScriptError(
            domain: "DeviceSessionError", code: DeviceSessionError.sessionAlreadyStopped.code,
            message: "the session stopped before reaching '\(target.name)'")
    }
}
