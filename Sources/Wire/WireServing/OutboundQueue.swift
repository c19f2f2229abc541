import DequeModule
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import WearablesWire

/// What one client is sent, in order: replies, events and photos (never dropped),
/// then camera frames (dropped for this client when it reads too slowly, and the
/// drops reported with `framesDropped`). Bounded both ways: frames at
/// `frameLimit`, and a client that lets `messageLimit` messages pile up is closed.
///
/// Filled on the world's thread (or by the bridge's listeners), drained by the client's writer task.
public final class OutboundQueue: Sendable {
    public enum Item: Sendable, Equatable {
        case text(String)
        case binary(Data)
        /// Close the WebSocket with this reason; nothing follows.
        case close(code: UInt16, reason: String)
    }

    private struct State {
        var messages = Deque<Item>()
        var frames = Deque<(stream: Int, data: Data)>()
        /// Frames dropped so far, per stream; streams whose total changed since it was last reported.
        var dropped: [Int: Int] = [:]
        var unreported: Set<Int> = []
        var closing: Item?
        var finished = false
        var waiter: CheckedContinuation<Item?, Never>?
    }

    private let state = Locked(State())
    public let frameLimit: Int
    public let messageLimit: Int

    public init(frameLimit: Int, messageLimit: Int) {
        self.frameLimit = max(1, frameLimit)
        self.messageLimit = max(1, messageLimit)
    }

    public func send(_ message: ServerMessage) {
        enqueue(.text(String(decoding: message.encoded(), as: UTF8.self)))
    }

    /// A binary message that must arrive (a photo).
    public func send(_ message: BinaryMessage) { enqueue(.binary(message.encoded())) }

    private func enqueue(_ item: Item) {
        let (waiter, next): (CheckedContinuation<Item?, Never>?, Item?) = state.withLock { state in
            guard !state.finished else { return (nil, nil) }
            state.messages.append(item)
            if state.messages.count > messageLimit {
                state.messages.removeAll()
                state.frames.removeAll()
                state.closing = .close(code: 1008, reason: "too slow: more than \(messageLimit) messages unread")
                state.finished = true
            }
            return Self.handOver(&state)
        }
        waiter?.resume(returning: next)
    }

    /// Whether a frame offered now would be queued rather than dropped; checked before
    /// a frame is rendered, so dropped frames cost nothing.
    public var hasRoomForFrame: Bool { state.withLock { !$0.finished && $0.frames.count < frameLimit } }

    /// Queues a frame of `stream` (when `data` is nil, or the queue is full, it is dropped and counted).
    public func offerFrame(stream: Int, _ data: Data?) {
        let (waiter, next): (CheckedContinuation<Item?, Never>?, Item?) = state.withLock { state in
            guard !state.finished else { return (nil, nil) }
            if let data, state.frames.count < frameLimit {
                state.frames.append((stream, data))
            } else {
                state.dropped[stream, default: 0] += 1
                state.unreported.insert(stream)
            }
            return Self.handOver(&state)
        }
        waiter?.resume(returning: next)
    }

    /// Forgets the queued frames of a stopped stream.
    public func discardFrames(of stream: Int) {
        state.withLock { state in
            state.frames.removeAll { $0.stream == stream }
            state.dropped[stream] = nil
            state.unreported.remove(stream)
        }
    }

    /// Frames dropped for `stream` so far.
    public func droppedFrames(of stream: Int) -> Int { state.withLock { $0.dropped[stream] ?? 0 } }

    /// Ends the queue: what is queued is still sent, then `close` (if any), then nothing.
    public func finish(close: (code: UInt16, reason: String)? = nil) {
        let (waiter, next): (CheckedContinuation<Item?, Never>?, Item?) = state.withLock { state in
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            if let close { state.closing = .close(code: close.code, reason: close.reason) }
            return Self.handOver(&state)
        }
        waiter?.resume(returning: next)
    }

    /// The next item to write, waiting for one; nil when the queue is finished and empty.
    public func next() async -> Item? {
        await withCheckedContinuation { continuation in
            let ready: Item?? = state.withLock { state in
                if let item = Self.take(&state) { return .some(item) }
                if state.finished { return .some(nil) }
                state.waiter = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Gives a waiting writer its next item, if there is one now.
    private static func handOver(_ state: inout State) -> (CheckedContinuation<Item?, Never>?, Item?) {
        guard let waiter = state.waiter else { return (nil, nil) }
        if let item = take(&state) {
            state.waiter = nil
            return (waiter, item)
        }
        if state.finished {
            state.waiter = nil
            return (waiter, nil)
        }
        return (nil, nil)
    }

    /// Messages first, then drop reports, then frames; the close last of all.
    private static func take(_ state: inout State) -> Item? {
        if let message = state.messages.popFirst() { return message }
        if let stream = state.unreported.min() {
            state.unreported.remove(stream)
            let report = ServerMessage.event(.framesDropped(stream: stream, total: state.dropped[stream] ?? 0))
            return .text(String(decoding: report.encoded(), as: UTF8.self))
        }
        if let frame = state.frames.popFirst() { return .binary(frame.data) }
        if state.finished, let closing = state.closing {
            state.closing = nil
            return closing
        }
        return nil
    }
}
