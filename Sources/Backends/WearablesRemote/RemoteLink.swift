import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import PlainWebSocket
import Locking
import WearablesWire

/// The network side of a connection to a served world: one WebSocket at a time,
/// opened again after it drops (a server restart, a server away, a token refused),
/// with ``RetryBackoff`` between attempts, every message handed to ``deliver`` on
/// the link's own threads. The backend posts them into its scheduler; nothing here
/// touches the model.
final class RemoteLink: Sendable {
    /// What the link reports.
    enum Incoming: Sendable {
        /// A connection was opened and the server said hello.
        case connected(ServerHello)
        case message(ServerMessage)
        case binary(BinaryMessage)
        /// The connection dropped, or an attempt to open it again failed (each attempt
        /// reports); the failure says why. The link retries.
        case lost(LinkFailure)
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
        /// The current attempt's number: only it may greet (one given up on may still end, late).
        var attempt = 0
        /// Whether the server said hello on the current attempt (a connection that
        /// opened, then dropped, starts the backoff over).
        var greeted = false
        /// The current attempt's task, so that ``stop()`` cancels it too.
        var connecting: Task<Void, Never>?
    }
    private let state = Locked(State())
    /// Signalled for each message buffered while there is no target (``awaitFirst``).
    private let buffered = DispatchSemaphore(value: 0)
    /// How long an attempt may take to get the server's hello before it is given up.
    static let handshakeLimit: Duration = .seconds(10)

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
        let (task, connecting, outbound) = state.withLock { state in
            state.stopped = true
            defer { state.outbound = nil }
            return (state.task, state.connecting, state.outbound)
        }
        outbound?.finish()
        task?.cancel()
        connecting?.cancel()
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
        var backoff = RetryBackoff()
        while !isStopped {
            let number = state.withLock { state in
                state.attempt += 1
                state.greeted = false
                return state.attempt
            }
            let failure = await attempt(number)
            let greeted = state.withLock { state in
                state.outbound = nil
                state.connecting = nil
                return state.greeted
            }
            if isStopped { return }
            if greeted { backoff.reset() }
            report(.lost(failure))
            try? await Task.sleep(for: backoff.take())
        }
    }

    /// One attempt to connect, given up when the server has not said hello within
    /// ``handshakeLimit``: a server that goes away in the middle of the handshake (the
    /// socket half-closed, never answered; a server restarting does it) must not end
    /// the retrying for good. An attempt given up is cancelled, which closes its
    /// socket; it can deliver nothing, as only the current attempt may greet.
    private func attempt(_ number: Int) async -> LinkFailure {
        let outcome = FirstOutcome<LinkFailure>()
        let connecting = Task { [self] in
            do {
                try await connectOnce(number)
                outcome.offer(.closedByServer)
            } catch {
                outcome.offer(LinkFailure(error))
            }
        }
        state.withLock { $0.connecting = connecting }
        let deadline = Task { [self] in
            try? await Task.sleep(for: Self.handshakeLimit)
            let greeted = state.withLock { $0.attempt == number && $0.greeted }
            guard !Task.isCancelled, !greeted else { return }
            connecting.cancel()
            outcome.offer(LinkFailure(reason: "no WebSocket handshake with the server within \(Self.handshakeLimit)", isTokenRefused: false))
        }
        let failure = await outcome.value()
        deadline.cancel()
        return failure
    }

    private func connectOnce(_ number: Int) async throws {
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
                                let current = self.state.withLock { state in
                                    guard state.attempt == number else { return false }
                                    state.outbound = continuation
                                    state.greeted = true
                                    return true
                                }
                                guard current else { throw CancellationError() }
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
}
