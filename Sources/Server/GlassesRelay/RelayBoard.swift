import HummingbirdWebSocket
import Locking
import WearablesWire

/// Who is connected to the relay: at most one bridge (its control connection's writer),
/// and the local clients waiting for the bridge to dial back their data connections.
final class RelayBoard: Sendable {
    /// A local client waiting for its data connection: the splice resumes it when done.
    struct Waiting: Sendable {
        let inbound: WebSocketInboundStream
        let outbound: WebSocketOutboundWriter
        let finished: CheckedContinuation<RelayEnd, Never>
    }

    /// How a local client's relayed connection ended.
    enum RelayEnd: Sendable {
        /// The client left (or the bridge closed it, having said why).
        case clientDone
        /// The bridge's side dropped: it disconnected.
        case bridgeGone
        /// No bridge dialled back in time, or the bridge left first.
        case noDialBack
    }

    private struct State {
        var bridge: AsyncStream<RelayMessage>.Continuation?
        var bridgeSerial = 0
        var nextChannel = 1
        var waiting: [Int: Waiting] = [:]
    }
    private let state = Locked(State())

    /// Takes the bridge seat; nil when a bridge already holds it. The serial names this bridge.
    func seatBridge(_ writer: AsyncStream<RelayMessage>.Continuation) -> Int? {
        state.withLock { state in
            guard state.bridge == nil else { return nil }
            state.bridge = writer
            state.bridgeSerial += 1
            return state.bridgeSerial
        }
    }

    /// The bridge left: its seat frees, and clients still waiting for a dial-back are told.
    func unseatBridge(_ serial: Int) {
        let stranded: [Waiting] = state.withLock { state in
            guard state.bridgeSerial == serial, state.bridge != nil else { return [] }
            state.bridge?.finish()
            state.bridge = nil
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for waiting in stranded { waiting.finished.resume(returning: .noDialBack) }
    }

    var hasBridge: Bool { state.withLock { $0.bridge != nil } }

    /// Asks the bridge to dial a data connection for a local client; false without a bridge.
    func requestDial(for waiting: Waiting) -> Int? {
        state.withLock { state in
            guard let bridge = state.bridge else { return nil }
            let channel = state.nextChannel
            state.nextChannel += 1
            state.waiting[channel] = waiting
            bridge.yield(.dial(channel: channel))
            return channel
        }
    }

    /// The local client waiting on `channel`, handed to the data connection that arrived for it.
    func claim(_ channel: Int) -> Waiting? { state.withLock { $0.waiting.removeValue(forKey: channel) } }
}
