import Synchronization

/// A session on one device. `start()` moves it to `starting`; the test moves it on
/// (`reach(_:)`), as the glasses would, and may end it with an error (`end(with:)`).
/// Glasses that answer at once (`answersAtOnce`) take it on to `started` in `start()`, and
/// its camera's stream to `streaming`.
public final class DeviceSession: Sendable {
    public let deviceId: DeviceIdentifier
    package let answersAtOnce: Bool
    private let stateChanges = Broadcast<DeviceSessionState>()
    private let errors = Broadcast<DeviceSessionError>()
    private let current = Mutex<(state: DeviceSessionState, capabilities: [String: any StandInCapability])>((.idle, [:]))

    package init(deviceId: DeviceIdentifier, answersAtOnce: Bool = false) {
        self.deviceId = deviceId
        self.answersAtOnce = answersAtOnce
    }

    public var statePublisher: any Announcer<DeviceSessionState> { stateChanges }
    public var errorPublisher: any Announcer<DeviceSessionError> { errors }
    public var state: DeviceSessionState { current.withLock { $0.state } }

    public func start() throws(DeviceSessionError) {
        switch state {
        case .stopped, .stopping: throw .sessionAlreadyStopped
        case .idle:
            reach(.starting)
            if answersAtOnce { reach(.started) }
        case .starting, .started, .paused: return
        }
    }

    public func stop() {
        guard state != .stopped, state != .stopping else { return }
        reach(.stopping)
        reach(.stopped)
    }

    /// The glasses move the session to `state`; at `stopped` its capabilities stop with it.
    package func reach(_ state: DeviceSessionState) {
        let ended = current.withLock { current -> [any StandInCapability] in
            current.state = state
            guard state == .stopped else { return [] }
            defer { current.capabilities = [:] }
            return Array(current.capabilities.values)
        }
        stateChanges.publish(state)
        for capability in ended { capability.sessionStopped() }
    }

    /// The session fails: the error first, then `stopped`, as DAT reports a session's end.
    package func end(with error: DeviceSessionError) {
        errors.publish(error)
        reach(.stopped)
    }

    /// The capability of `kind` the code under test added (`"camera"`, `"speech"`, `"display"`).
    package func capability(_ kind: String) -> (any StandInCapability)? {
        current.withLock { $0.capabilities[kind] }
    }

    /// Adds a capability (the camera) under `kind`, with DAT's rules: only on a started
    /// session, and one of a kind.
    package func attach(_ capability: any StandInCapability, as kind: String) throws(DeviceSessionError) {
        try current.withLock { current throws(DeviceSessionError) in
            guard current.state == .started else { throw .sessionIdle }
            guard current.capabilities[kind] == nil else { throw .capabilityAlreadyActive }
            current.capabilities[kind] = capability
        }
    }

    /// Frees the slot `capability` holds under `kind` (a camera that stopped).
    package func detach(_ capability: any StandInCapability & AnyObject, as kind: String) {
        current.withLock { current in
            if let held = current.capabilities[kind] as? AnyObject, held === capability { current.capabilities[kind] = nil }
        }
    }
}

/// A capability the stand-in session stops when it stops.
package protocol StandInCapability: Sendable {
    func sessionStopped()
}
