/// A capability that a module over the core adds to a session, as DAT's capability modules
/// (`MWDATDisplay` over `MWDATCore`) extend `DeviceSession`: the session holds it weakly by
/// kind, refuses a second live one, and tells it when it pauses, resumes and ends.
public protocol SessionCapability: AnyObject {
    /// Whether it still holds the session's slot for its kind (false once stopped for good).
    var holdsCapability: Bool { get }
    func sessionPaused()
    func sessionResumed()
    /// The session is stopping or the device ended it (link loss, fold, power): stop now.
    func sessionEnding()
}

/// A weak hold: the capability's owner (a script's object) keeps it alive, not the session.
struct AttachedCapability {
    let kind: String
    weak var capability: (any SessionCapability)?
}

extension DeviceSession {
    /// The `Wearables` this session belongs to: its scheduler, trace and backend.
    public var owner: Wearables { wearables }

    /// Adds `capability` as the session's `kind` (DAT `addDisplay()` and the like): only on a
    /// started (or paused) session, and only one live capability per kind.
    public func attach(_ capability: any SessionCapability, as kind: String) throws(DeviceSessionError) {
        switch state {
        case .idle, .starting: throw .sessionIdle
        case .stopping, .stopped: throw .sessionAlreadyStopped
        case .started, .paused: break
        }
        if self.capability(kind) != nil { throw .capabilityAlreadyActive }
        attached.removeAll { $0.kind == kind || $0.capability == nil }
        attached.append(AttachedCapability(kind: kind, capability: capability))
    }

    /// The live capability of `kind`, if any.
    public func capability(_ kind: String) -> (any SessionCapability)? {
        attached.first { $0.kind == kind }?.capability.flatMap { $0.holdsCapability ? $0 : nil }
    }

    /// Traces `error` under `source`, as the model's own errors are.
    public func traceCapabilityError(_ error: any WearablesError, source: String) {
        wearables.traceError(error, source: source)
    }

    func forEachAttached(_ body: (any SessionCapability) -> Void) {
        for entry in attached { if let capability = entry.capability { body(capability) } }
    }

    func endAttachedCapabilities() {
        let current = attached.compactMap(\.capability)
        attached.removeAll()
        current.forEach { $0.sessionEnding() }
    }
}
