#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import MCP

/// Stdio (``LineTransport``: bounded lines, read in linear time) with JSON-RPC's answer to a message that cannot be read: a parse error (-32700)
/// or an invalid request (-32600) whose `id` is null, since none could be read. The SDK
/// answers those with an id it makes up, which a client can confuse with a request of
/// its own. Messages with a readable id, and every well-formed one, go on to the SDK.
actor NullIDTransport: Transport {
    private let inner: LineTransport
    nonisolated let logger: Logger

    init() {
        inner = LineTransport()
        logger = inner.logger
    }

    func connect() async throws { try await inner.connect() }
    func disconnect() async { await inner.disconnect() }
    func send(_ data: Data) async throws { try await inner.send(data) }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let inner = inner
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await data in await inner.receive() {
                        if let refusal = Self.refusal(of: data) {
                            try? await inner.send(Data(refusal.utf8))
                        } else {
                            continuation.yield(data)
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The error response for a message the SDK could only answer with a made-up id, or nil.
    static func refusal(of data: Data) -> String? {
        guard let message = try? JSONDecoder().decode(Value.self, from: data) else {
            return response(-32700, "Parse error: the message is not JSON")
        }
        switch message {
        case .array(let items):
            return items.isEmpty ? response(-32600, "Invalid Request: an empty batch") : nil
        case .object(let fields):
            if let id = fields["id"] {
                // A readable id is the SDK's to answer with; any other is no id at all.
                if id.stringValue != nil || id.intValue != nil { return nil }
                return response(-32600, "Invalid Request: the id must be a string or an integer")
            }
            // No id: a notification, which must name its method.
            guard fields["jsonrpc"]?.stringValue == "2.0", fields["method"]?.stringValue != nil else {
                return response(-32600, "Invalid Request: a request needs jsonrpc \\\"2.0\\\", a method and an id")
            }
            return nil
        default:
            return response(-32600, "Invalid Request: a message is a JSON object or array")
        }
    }

    private static func response(_ code: Int, _ message: String) -> String {
        #"{"jsonrpc":"2.0","id":null,"error":{"code":\#(code),"message":"\#(message)"}}"#
    }
}
