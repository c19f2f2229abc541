import WearablesCore

extension DeviceSession {
    /// The kind a display holds in its session.
    static let displayCapability = "display"

    /// DAT `addDisplay()`: the session's display, in `stopped` until `start()`. Only on a
    /// started session (`sessionIdle` before), one live display per session
    /// (`capabilityAlreadyActive`), and only on glasses with a display: DAT does not say what
    /// `addDisplay()` does elsewhere; here it is `unexpectedError` (ours).
    public func addDisplay() throws(DeviceSessionError) -> Display {
        switch state {
        case .idle, .starting: throw .sessionIdle
        case .stopping, .stopped: throw .sessionAlreadyStopped
        case .started, .paused: break
        }
        guard let identifier = deviceIdentifier, device?.supportsDisplay == true,
              let backend = owner.backend as? DisplayBackend else {
            throw .unexpectedError
        }
        let display = Display(session: self, device: identifier, backend: backend)
        try attach(display, as: Self.displayCapability)
        return display
    }

    /// The session's live display, if one was added and its session still runs.
    public var display: Display? { capability(Self.displayCapability) as? Display }
}
