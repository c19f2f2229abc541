import Foundation
import WearablesCore
import WearablesSimulator

// What the core's and the conformance tests share: listeners recorded, completion results
// collected, a ready simulated world's session and camera, stream settings, temporary files.

/// Records every value a listener receives, for assertions after running the clock.
public final class Recorder<Value> {
    public private(set) var values: [Value] = []
    public var token: ListenerToken?
    public init() {}
    public func append(_ value: Value) { values.append(value) }
    public var last: Value? { values.last }
}

/// Collects the result of a completion-handler call.
public final class Outcome<T, E: Error> {
    public private(set) var result: Result<T, E>?
    public init() {}
    public var handler: (Result<T, E>) -> Void { { [unowned self] in self.result = $0 } }
    public var value: T? { try? result?.get() }
    public var error: E? {
        guard case .failure(let error) = result else { return nil }
        return error
    }
}

extension SimulatedWorld {
    /// The ready world's glasses; every test world of this kind has exactly one.
    public var pair: SimulatedGlasses { kit.glasses[0] }

    /// Starts a session on the ready glasses and runs until it is started.
    public func startedSession() throws -> DeviceSession {
        let session = try wearables.createSession()
        try session.start()
        scheduler.run(for: 1)
        return session
    }

    /// A streaming camera on a started session.
    public func streamingCamera(_ configuration: StreamConfiguration) throws -> (DeviceSession, CameraStream) {
        let session = try startedSession()
        let camera = try session.addCamera(configuration)
        try camera.start()
        scheduler.run(for: 1)
        return (session, camera)
    }

    public func states(of session: DeviceSession) -> Recorder<SessionState> {
        let recorder = Recorder<SessionState>()
        recorder.token = session.addStateListener { recorder.append($0) }
        return recorder
    }

    public func states(of camera: CameraStream) -> Recorder<StreamState> {
        let recorder = Recorder<StreamState>()
        recorder.token = camera.addStateListener { recorder.append($0) }
        return recorder
    }

    public func errors(of camera: CameraStream) -> Recorder<String> {
        let recorder = Recorder<String>()
        recorder.token = camera.addErrorListener { recorder.append("\($0.domain).\($0.code)") }
        return recorder
    }
}

public func config(_ resolution: StreamingResolution, _ fps: Int, _ codec: VideoCodec = .raw) -> StreamConfiguration {
    // Only valid values are passed in tests; invalid ones have their own test.
    (try? StreamConfiguration(videoCodec: codec, resolution: resolution, frameRate: fps)) ?? .default
}

public func temporaryPath(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wearables-core-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
}
