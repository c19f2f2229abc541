import Foundation
import HTTPTypes
import NIOCore
import PlainWebSocket
import Locking
import Testing
import WearablesServer
import WireServer
import WearablesWire

/// A server started in-process on a free loopback port, stopped by `stop()`.
struct RunningServer {
    let server: WorldServer
    let port: Int
    let task: Task<Void, Error>
    /// Every trace line, as the world records it.
    let trace: TraceLines

    static func start(world: ServeOptions.World = .ready, speed: Double = 50, port: Int = 0,
                      console: WorldConsole.Factory? = nil, out: String? = nil) async throws -> RunningServer {
        var options = ServeOptions()
        options.outputDirectory = out
        options.world = world
        options.speed = speed
        options.port = port
        let trace = TraceLines()
        let server = try await WorldServer(options: options, traceSink: { trace.add($0) }, console: console)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { try await server.run(onListening: { continuation.yield($0) }) }
        let bound = try await within(.seconds(60)) { () async -> Int? in
            var iterator = ports.makeAsyncIterator()
            return await iterator.next()
        }
        guard let bound else { throw HarnessError("the server never listened") }
        return RunningServer(server: server, port: bound, task: task, trace: trace)
    }

    func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    var token: String { server.token }
    var authority: String { "127.0.0.1:\(port)" }

    /// One HTTP request; `token: nil` sends none.
    func http(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String?? = .some(nil),
              headers extra: HTTPFields = [:], authority: String? = nil) async throws -> (status: Int, body: String, headers: HTTPFields) {
        var headers = extra
        if case .some(let explicit) = token {
            if let explicit { headers[.authorization] = "Bearer \(explicit)" }
        } else {
            headers[.authorization] = "Bearer \(self.token)"
        }
        if json != nil { headers[.contentType] = "application/json" }
        let response = try await PlainHTTP.send(
            port: port, method: method, path: path, authority: authority ?? self.authority, headers: headers, body: json)
        return (response.status, response.body, response.headers)
    }

    /// `http` with the server's own token.
    func authorized(_ method: HTTPRequest.Method, _ path: String, json: String? = nil) async throws -> (status: Int, body: String, headers: HTTPFields) {
        try await http(method, path, json: json, token: .some(token))
    }

    /// A WebSocket client; `token: nil` connects without one.
    func peer(token: String?? = .none, query: String = "") async throws -> Peer {
        var headers: HTTPFields = [:]
        switch token {
        case .none: headers[.authorization] = "Bearer \(self.token)"
        case .some(.some(let explicit)): headers[.authorization] = "Bearer \(explicit)"
        case .some(.none): break
        }
        return Peer(url: "ws://127.0.0.1:\(port)\(WireProtocol.webSocketPath)\(query)", headers: headers)
    }
}

/// Trace lines collected from the world's thread.
final class TraceLines: Sendable {
    private let state = Locked<(lines: [String], waiters: [(String, CheckedContinuation<String, Never>)])>(([], []))

    func add(_ line: String) {
        let ready = state.withLock { state in
            state.lines.append(line)
            let (matched, rest) = (state.waiters.filter { line.contains($0.0) }, state.waiters.filter { !line.contains($0.0) })
            state.waiters = rest
            return matched.map(\.1)
        }
        for waiter in ready { waiter.resume(returning: line) }
    }

    var lines: [String] { state.withLock { $0.lines } }

    /// The first line containing `text`, waiting for it.
    func line(containing text: String) async -> String {
        await withCheckedContinuation { continuation in
            let found = state.withLock { state -> String? in
                if let line = state.lines.first(where: { $0.contains(text) }) { return line }
                state.waiters.append((text, continuation))
                return nil
            }
            if let found { continuation.resume(returning: found) }
        }
    }
}

/// What a peer received.
enum Received: Sendable {
    case message(ServerMessage)
    case binary(BinaryMessage)
    case undecodable(String)
    case closed(code: String, reason: String?)
}

/// A WebSocket client driven by a test: `send` writes, `next` waits for a matching message.
final class Peer: Sendable {
    private let outgoing: AsyncStream<String>.Continuation
    private let inbox = Inbox()
    private let task: Task<Void, Never>

    init(url: String, headers: HTTPFields) {
        let (stream, outgoing) = AsyncStream<String>.makeStream()
        self.outgoing = outgoing
        let inbox = inbox
        task = Task {
            do {
                let close = try await PlainWebSocketClient.connect(
                    url: url, headers: headers.map { (name: $0.name.rawName, value: $0.value) }, maxMessageBytes: 1 << 26
                ) { inbound, outbound in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await text in stream { try await outbound.write(.text(text)) }
                            try await outbound.close()
                        }
                        for try await message in inbound {
                            switch message {
                            case .text(let text):
                                if let decoded = try? ServerMessage.decode(Data(text.utf8)) {
                                    inbox.add(.message(decoded))
                                } else {
                                    inbox.add(.undecodable(text))
                                }
                            case .binary(let buffer):
                                if let decoded = try? BinaryMessage.decode(Data(buffer.readableBytesView)) {
                                    inbox.add(.binary(decoded))
                                } else {
                                    inbox.add(.undecodable("binary"))
                                }
                            }
                        }
                        group.cancelAll()
                    }
                }
                inbox.add(.closed(code: close.map { $0.code.map(String.init) ?? "no code" } ?? "none", reason: close?.reason))
            } catch {
                inbox.add(.closed(code: "error: \(error)", reason: nil))
            }
        }
    }

    func send(_ message: ClientMessage) { outgoing.yield(String(decoding: message.encoded(), as: UTF8.self)) }
    func sendRaw(_ text: String) { outgoing.yield(text) }

    /// Says hello and returns the server's.
    func hello(version: Int = WireProtocol.version) async throws -> ServerHello {
        send(.hello(protocolVersion: version, client: "test"))
        let received = try await next { if case .message(.hello) = $0 { true } else { false } }
        guard case .message(.hello(let hello)) = received else { throw HarnessError("no hello") }
        return hello
    }

    /// The reply to command `id`.
    func reply(to id: Int) async throws -> Result<WireReplyValue, WireError> {
        let received = try await next { if case .message(.reply(id, _)) = $0 { true } else { false } }
        guard case .message(.reply(_, let result)) = received else { throw HarnessError("no reply") }
        return result
    }

    /// The next `error` message.
    func error() async throws -> WireError {
        let received = try await next { if case .message(.error) = $0 { true } else { false } }
        guard case .message(.error(let error)) = received else { throw HarnessError("no error") }
        return error
    }

    /// The first received item (oldest first) that `matches`, waiting up to `timeout`.
    func next(timeout: Duration = .seconds(20), _ matches: @escaping @Sendable (Received) -> Bool) async throws -> Received {
        let inbox = inbox
        guard let item = try await within(timeout, { await inbox.take(matching: matches) }) else {
            throw HarnessError("nothing matching arrived within \(timeout); received: \(inbox.summary)")
        }
        return item
    }

    /// Whether a reply to command `id` has arrived and not been taken, without waiting.
    func hasReply(to id: Int) -> Bool {
        inbox.contains { if case .message(.reply(id, _)) = $0 { true } else { false } }
    }

    func close() async {
        outgoing.finish()
        await task.value
    }
}

/// Received items not yet taken, and tests waiting for one.
final class Inbox: Sendable {
    private struct Waiter {
        let matches: @Sendable (Received) -> Bool
        let continuation: CheckedContinuation<Received?, Never>
    }
    private let state = Locked<(items: [Received], waiters: [Waiter], log: [String])>(([], [], []))

    func add(_ item: Received) {
        let waiter: Waiter? = state.withLock { state in
            state.log.append(String(describing: item).prefix(160).description)
            if let index = state.waiters.firstIndex(where: { $0.matches(item) }) { return state.waiters.remove(at: index) }
            state.items.append(item)
            return nil
        }
        waiter?.continuation.resume(returning: item)
    }

    func contains(_ matches: (Received) -> Bool) -> Bool {
        state.withLock { $0.items.contains(where: matches) }
    }

    func take(matching matches: @escaping @Sendable (Received) -> Bool) async -> Received? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let found: Received? = state.withLock { state in
                    if let index = state.items.firstIndex(where: matches) { return state.items.remove(at: index) }
                    state.waiters.append(Waiter(matches: matches, continuation: continuation))
                    return nil
                }
                if let found { continuation.resume(returning: found) }
            }
        } onCancel: {
            // A timed-out wait gives up: its waiter answers nil.
            let waiters = state.withLock { state in
                defer { state.waiters.removeAll() }
                return state.waiters
            }
            for waiter in waiters { waiter.continuation.resume(returning: nil) }
        }
    }

    var summary: String { state.withLock { $0.log.joined(separator: " | ") } }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `work`'s result, or nil when `limit` passes first (a bound on a wait for an event, not a pause).
func within<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async -> T?) async throws -> T? {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { await work() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
