extension WireCommand {
    /// What a replay matches a command by (docs/replay.md): its wire `type`, and a mock
    /// command's action, so the third `capture` gets the third recorded capture's answer
    /// and a `mock` battery change never gets a recorded `don`'s.
    public var replayKey: String {
        if case .mock(let action) = self { return "mock \(action.name)" }
        return type(of: WireCatalog.payload(of: self)).type
    }
}
