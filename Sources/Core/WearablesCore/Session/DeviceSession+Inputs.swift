/// DAT 1.0 `addInputs`/`removeInputs` on a session, and what the session's life does to
/// its capabilities beyond the camera.
extension DeviceSession {
    /// Adds Inputs to this started session (DAT `addInputs(configuration:)`); it activates
    /// at once. Nil unless the session is `started`, as DAT's Inputs guide has it:
    /// "`addInputs(configuration:)` returns `nil` unless the `DeviceSession` is already
    /// `.started`". A second one raises `capabilityAlreadyActive`.
    public func addInputs(_ configuration: InputsConfiguration = InputsConfiguration()) throws(DeviceSessionError) -> Inputs? {
        guard state == .started else { return nil }
        if inputs != nil { throw .capabilityAlreadyActive }
        let added = Inputs(session: self, configuration: configuration)
        inputs = added
        if let deviceIdentifier { wearables.backend.watchInputs(on: deviceIdentifier, configuration: configuration) }
        return added
    }

    /// Removes this session's Inputs (DAT `removeInputs()`): it deactivates and its stream
    /// ends; the slot is free for a new one. `capabilityNotFound` when there is none.
    @discardableResult
    public func removeInputs() throws -> Inputs {
        try requireRunning()
        guard let removed = inputs else { throw DeviceSessionError.capabilityNotFound }
        inputs = nil
        removed.remove()
        if let deviceIdentifier { wearables.backend.watchInputs(on: deviceIdentifier, configuration: nil) }
        return removed
    }

    /// What the glasses reported about a capability.
    func handle(_ report: CapabilityReport) {
        switch report {
        case .input(let event): inputs?.receive(event, sessionRunning: state == .started)
        case .inputsFailed(let error): inputs?.fail(error)
        case .transcription, .speechFailed, .speechComplete, .speechLocale: speech?.handle(report)
        case .voiceInvocation, .voiceError: break
        }
    }

    /// The session is ending: its capabilities stop with it (inputs first, as DAT apps
    /// tear down); `linkLost` when the glasses went out of reach.
    func capabilitiesEnding(linkLost: Bool) {
        inputs?.sessionEnding(error: linkLost ? .deviceDisconnected : nil)
        motion?.sessionEnding(linkLost: linkLost)
        speech?.sessionEnding(linkLost: linkLost)
    }

    /// The device paused (or resumed) the session: no capability delivers meanwhile.
    func capabilitiesPaused(_ paused: Bool) {
        motion?.sessionPaused(paused)
    }

    /// Adds Motion to this started session (DAT `addMotion(configuration:)`); it is
    /// `stopped` until `start()`. `sessionIdle` before started *(ours)*, `capabilityAlreadyActive` twice.
    public func addMotion(_ configuration: MotionConfiguration = MotionConfiguration()) throws -> Motion {
        try requireRunning()
        if motion != nil { throw DeviceSessionError.capabilityAlreadyActive }
        let feed = deviceIdentifier.flatMap { wearables.backend.motionFeed(on: $0) }
        let added = Motion(session: self, configuration: configuration, feed: feed)
        motion = added
        return added
    }

    /// DAT `removeMotion()`: terminal for that Motion; the slot is free again.
    @discardableResult
    public func removeMotion() throws -> Motion {
        try requireRunning()
        guard let removed = motion else { throw DeviceSessionError.capabilityNotFound }
        motion = nil
        removed.remove()
        return removed
    }

    private func requireRunning() throws(DeviceSessionError) {
        switch state {
        case .idle, .starting: throw .sessionIdle
        case .stopping, .stopped: throw .sessionAlreadyStopped
        case .started, .paused: break
        }
    }
}

extension StreamError {
    /// Whether the stream ended because the glasses went out of reach.
    var isLinkLoss: Bool {
        switch self {
        case .deviceNotConnected, .deviceNotFound: true
        default: false
        }
    }
}
