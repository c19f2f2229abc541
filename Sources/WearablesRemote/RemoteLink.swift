import Dispatch
import FoundationEssentials
import NIOCore
import PlainWebSocket
import Synchronization
import WearablesWire

/// The network side of a connection to a served world: one WebSocket at a time,
/// opened again after it drops (a server restart), every message handed to
/// ``deliver`` on the link's own threads. The backend posts them into its
/// scheduler; nothing here touches the model.
final class RemoteLink: Sendable {
    /// What the link reports.
    enum Incoming: Sendable {
        /// A connection was opened and the server said hello.
        case connected(ServerHello)
        case message(ServerMessage)
        case binary(BinaryMessage)
        /// The connection dropped or could not be opened; `reason` says why. The link retries.
        case lost(reason: String)
    }

    let url: String
    private let token: String?
    private let client: String
    private struct State {
        var deliver: (@Sendable (Incoming) -> Void)?
        var buffered: [Incoming] = []
        var outbound: AsyncStream<String>.Continuation?
        var task: Task<Void, Never>?
        var stopped = false
    }
    private let state = Mutex(State())
    /// Signalled for each message buffered while there is no target (``awaitFirst``).
    private let buffered = DispatchSemaphore(value: 0)
    /// How long to wait before opening the connection again.
    static let retryInterval: Duration = .milliseconds(500)

    init(url: String, token: String?, client: String) {
        self.url = url
        self.token = token
        self.client = client
    }

    /// Where incoming messages go; what arrived before a target was set is handed over first.
    func setTarget(_ deliver: @escaping @Sendable (Incoming) -> Void) {
        let pending = state.withLock { state in
            state.deliver = deliver
            defer { state.buffered.removeAll() }
            return state.buffered
        }
        pending.forEach(deliver)
    }

    /// Waits up to `timeout` for the first message and takes it; the ones after it
    /// stay buffered for the target set next, so nothing between is lost.
    func awaitFirst(within timeout: Duration) -> Incoming? {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        guard buffered.wait(timeout: .now() + seconds) == .success else { return nil }
        return state.withLock { state in state.buffered.isEmpty ? nil : state.buffered.removeFirst() }
    }

    /// Sends a text message if connected; false when there is no connection to send on.
    @discardableResult
    func send(_ message: ClientMessage) -> Bool {
        let text = String(decoding: message.encoded(), as: UTF8.self)
        return state.withLock { state in
            guard let outbound = state.outbound else { return false }
            if case .enqueued = outbound.yield(text) { return true }
            return false
        }
    }

    /// Opens the connection and keeps it open until ``stop()``.
    func start() {
        let task = Task.detached { [self] in await self.runLoop() }
        state.withLock { $0.task = task }
    }

    func stop() {
        let (task, outbound) = state.withLock { state in
            state.stopped = true
            defer { state.outbound = nil }
            return (state.task, state.outbound)
        }
        outbound?.finish()
        task?.cancel()
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func report(_ incoming: Incoming) {
        let deliver = state.withLock { state -> (@Sendable (Incoming) -> Void)? in
            if state.deliver == nil { state.buffered.append(incoming) }
            return state.deliver
        }
        if let deliver { deliver(incoming) } else { buffered.signal() }
    }

    private func runLoop() async {
        while !isStopped {
            let reason: String
            do {
                try await connectOnce()
                reason = "the server closed the connection"
            } catch {
                reason = Self.describe(error)
            }
            state.withLock { $0.outbound = nil }
            if isStopped { return }
            report(.lost(reason: reason))
            try? await Task.sleep(for: Self.retryInterval)
        }
    }

    private func connectOnce() async throws {
        let headers = token.map { [(name: "Authorization", value: "Bearer \($0)")] } ?? []
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        let hello = String(decoding: ClientMessage.hello(protocolVersion: WireProtocol.version, client: client).encoded(), as: UTF8.self)
        try await PlainWebSocketClient.connect(url: url, headers: headers, maxMessageBytes: WireProtocol.maxBinaryBytes) { inbound, outbound in
            try await outbound.write(.text(hello))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await text in stream { try await outbound.write(.text(text)) }
                }
                group.addTask { [self] in
                    var greeted = false
                    for try await message in inbound {
                        switch message {
                        case .text(let text):
                            let decoded = try ServerMessage.decode(Data(text.utf8))
                            if !greeted, case .hello(let hello) = decoded {
                                greeted = true
                                // Commands may go out only once the hello is in.
                                self.state.withLock { $0.outbound = continuation }
                                self.report(.connected(hello))
                            } else if !greeted, case .error(let error) = decoded {
                                throw error
                            } else {
                                self.report(.message(decoded))
                            }
                        case .binary(let buffer):
                            self.report(.binary(try BinaryMessage.decode(Data(buffer.readableBytesView))))
                        }
                    }
                }
                // Whichever side ends first ends the connection.
                _ = try await group.next()
                continuation.finish()
                group.cancelAll()
            }
        }
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? WireError { return error.message }
        if let error = error as? WireDecodingError { return "the server sent something this client cannot read: \(error)" }
        if case .refused(401)? = error as? PlainWebSocketError {
            return "the server refused the token (401); pass the token `glasses serve` printed with --token"
        }
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        return text
    }
}
