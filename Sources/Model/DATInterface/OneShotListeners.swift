import Locking

/// Listeners that wait for one outcome (a photo or its failure, a display reaching a
/// state): the first to fire wins and every token is cancelled, whether the tokens were
/// attached before it fired or after (a DAT listener may fire at once, inside `listen`).
/// The bridge core and the DAT backend (WearablesDAT) wait on DAT's publishers with it.
public final class OneShotListeners: Sendable {
    private struct State {
        var tokens: [any DATListenerToken] = []
        var fired = false
    }
    private let state = Locked(State())

    public init() {}

    public func attach(_ token: any DATListenerToken) {
        let lateToken: (any DATListenerToken)? = state.withLock { state in
            guard !state.fired else { return token }
            state.tokens.append(token)
            return nil
        }
        if let lateToken { Task { await lateToken.cancel() } }
    }

    /// True to the first caller only; cancels the tokens.
    public func fire() -> Bool {
        let (first, tokens) = state.withLock { state -> (Bool, [any DATListenerToken]) in
            guard !state.fired else { return (false, []) }
            state.fired = true
            defer { state.tokens = [] }
            return (true, state.tokens)
        }
        if !tokens.isEmpty { Task { for token in tokens { await token.cancel() } } }
        return first
    }
}
