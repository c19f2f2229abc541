import Foundation
import Locking
import MCP
import NIOCore
import NIOHTTP1
import NIOPosix
import PlainWebSocket

/// A world `glasses serve` serves, read as any client reads it (`glasses mcp --connect URL`):
/// its state over the HTTP API (`/v1/health`, `/v1/devices`), its events over the WebSocket,
/// where this server says hello and records every event from then on (``EventLog``), so an
/// assistant can wait for one, or export them. It reconnects by itself, as `glasses run
/// --connect` does (0.5 s, doubling to 5 s), noting the drop in the log.
final class ServedWorld: Sendable {
    let host: String
    let port: Int
    /// `host:port`, for the Host header the server checks.
    let authority: String
    let token: String?
    let log = EventLog()

    /// Reads `--connect`'s URL: the ws:// one `glasses run --connect` takes, or the http:// one
    /// `glasses serve` prints; the path is the server's own.
    init(url: String, token: String?) throws(MCPToolError) {
        let webSocket = url.hasPrefix("http://") ? "ws://" + url.dropFirst("http://".count) : url
        let parsed: PlainWebSocketURL
        do {
            parsed = try PlainWebSocketURL(webSocket)
        } catch {
            throw MCPToolError("--connect takes the served world's ws:// or http:// URL (e.g. ws://127.0.0.1:7878/v1/ws): \(error)")
        }
        host = parsed.host
        port = parsed.port
        authority = parsed.authority
        self.token = token
    }

    var webSocketURL: String { "ws://\(authority)/v1/ws" }
    var httpURL: String { "http://\(authority)" }

    /// Keeps a WebSocket connection to the world, recording its events, until the process ends.
    func start() {
        Task.detached { [self] in
            var delay = 0.5
            while !Task.isCancelled {
                let hellos = log.hellos
                do {
                    try await listen()
                    log.note(connection: "closed", detail: "the server closed the connection")
                } catch {
                    log.note(connection: "failed", detail: "\(error)")
                }
                // A connection that opened starts the wait over.
                delay = log.hellos > hellos ? 0.5 : min(delay * 2, 5)
                try? await Task.sleep(for: .seconds(delay))
            }
        }
    }

    private func listen() async throws {
        let headers = token.map { [(name: "Authorization", value: "Bearer \($0)")] } ?? []
        try await PlainWebSocketClient.connect(url: webSocketURL, headers: headers) { [log] inbound, outbound in
            try await outbound.write(.text(#"{"type":"hello","protocol":2,"client":"glasses mcp"}"#))
            for try await message in inbound {
                guard case .text(let text) = message, let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)),
                      case .object(let fields) = value, let type = fields["type"]?.stringValue
                else { continue }
                switch type {
                case "hello":
                    log.connected(hello: fields)
                case "error":
                    log.note(connection: "refused", detail: fields["error"].flatMap { $0.objectValue?["message"]?.stringValue } ?? text)
                case "reply":
                    continue
                default:
                    log.record(fields)
                }
            }
        }
    }

    /// `GET path` on the server's HTTP API, its JSON body; throws with the server's message on a refusal.
    func get(_ path: String) async throws -> Value {
        let (status, body) = try await request(path)
        guard (200..<300).contains(status) else {
            let message = (try? JSONDecoder().decode(Value.self, from: Data(body.utf8)))?.objectValue?["error"]?.objectValue?["message"]?.stringValue
            throw MCPToolError("GET \(httpURL)\(path): HTTP \(status)\(message.map { ": \($0)" } ?? "")"
                + (status == 401 ? "; start glasses mcp with the server's token (--token, or $GLASSES_TOKEN)" : ""))
        }
        guard let value = try? JSONDecoder().decode(Value.self, from: Data(body.utf8)) else {
            throw MCPToolError("GET \(httpURL)\(path) answered something that is not JSON; is \(httpURL) a glasses serve?")
        }
        return value
    }

    /// One HTTP/1.1 request on a fresh connection, with NIO's codec (no client library, no TLS).
    private func request(_ path: String) async throws -> (Int, String) {
        let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw MCPToolError("cannot reach the served world at \(httpURL) (\(error)): is `glasses serve` running there?")
        }
        var headers = HTTPHeaders([("Host", authority), ("Connection", "close"), ("Content-Length", "0")])
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(.head(head))
            try await outbound.write(.end(nil))
            var status: Int?
            var body = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let head): status = Int(head.status.code)
                case .body(var chunk):
                    guard body.readableBytes + chunk.readableBytes <= 8 << 20 else { throw MCPToolError("GET \(path): an answer over 8 MiB") }
                    body.writeBuffer(&chunk)
                case .end:
                    guard let status else { break }
                    return (status, String(buffer: body))
                }
            }
            throw MCPToolError("GET \(httpURL)\(path): the server closed the connection before it answered")
        }
    }
}
