import Locking

/// How many WebSocket connections the access policy refused since the server started,
/// for `GET /v1/health`: a client left with an old token after a restart keeps
/// retrying, and this is where an operator (or a test) sees it knock.
public final class RefusedClients: Sendable {
    private let count = AtomicValue<Int>(0)

    public init() {}

    public func add() { count.add(1) }

    public var total: Int { count.load() }
}
