#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import PlainWebSocket
import Locking
import WearablesWire
import WireServing

/// Why the bridge's connection to a relay ended.
public enum RelayDialError: Error, CustomStringConvertible, Sendable {
    /// The relay refused the bridge (a wrong token, another bridge already there): its message says the fix.
    case refused(WireError)
    /// The relay could not be reached, or the connection failed.
    case unreachable(String)
    /// The relay closed the control connection.
    case closed

    public var description: String {
        switch self {
        case .refused(let error): "the relay refused the bridge: \(error.message)"
        case .unreachable(let reason): "cannot reach the relay: \(reason)"
        case .closed: "the relay closed the connection"
        }
    }
}

extension GlassesBridge {
    /// Dials a relay (`glasses serve --relay` at `relay`, e.g. `ws://192.168.1.20:7878`) and
    /// serves every client it relays, until the calling task is cancelled or the relay ends
    /// the connection (thrown: a refusal says why). Each client arrives as a data connection
    /// the bridge dials on the relay's request and serves exactly like an accepted one.
    public func dial(relay: String) async throws(RelayDialError) {
        let base = relay.hasSuffix("/") ? String(relay.dropLast()) : relay
        let headers = [(name: "Authorization", value: "Bearer \(token)")]
        let refusal = RelayRefusal()
        do {
            try await PlainWebSocketClient.connect(url: base + RelayMessage.bridgePath, headers: headers) { inbound, outbound in
                try await outbound.write(.text(RelayMessage.bridge(protocolVersion: WireProtocol.version).encoded()))
                await withDiscardingTaskGroup { group in
                    do {
                        for try await message in inbound {
                            guard case .text(let text) = message, let relayed = try? RelayMessage.decode(text) else { continue }
                            switch relayed {
                            case .dial(let channel):
                                group.addTask { await self.serveRelayed(channel: channel, base: base, headers: headers) }
                            case .error(let error):
                                refusal.error = error
                            case .bridge:
                                continue
                            }
                        }
                    } catch {}
                    group.cancelAll()
                }
            }
        } catch {
            throw .unreachable(String(describing: error))
        }
        if let error = refusal.error { throw .refused(error) }
        throw .closed
    }

    /// One relayed client: a data connection dialled to the relay, served as any client is.
    private func serveRelayed(channel: Int, base: String, headers: [(name: String, value: String)]) async {
        _ = try? await PlainWebSocketClient.connect(url: base + RelayMessage.dataPath + "?channel=\(channel)", headers: headers,
                                                    maxMessageBytes: WireProtocol.maxBinaryBytes) { inbound, outbound in
            await endpoint.serve(DialledInbound(messages: inbound), DialledOutbound(outbound: outbound))
        }
    }
}

/// The refusal a relay sent before closing, kept for the dialler's error.
private final class RelayRefusal: Sendable {
    private let stored = Locked<WireError?>(nil)
    var error: WireError? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

/// A dialled connection's messages as the wire connection reads them.
struct DialledInbound: AsyncSequence, Sendable {
    typealias Element = WireInbound
    let messages: PlainWebSocketClient.Inbound

    struct AsyncIterator: AsyncIteratorProtocol {
        var messages: PlainWebSocketClient.Inbound.AsyncIterator

        mutating func next() async throws -> WireInbound? {
            guard let message = try await messages.next() else { return nil }
            switch message {
            case .binary: return .binary
            case .text(let text):
                let size = text.utf8.count
                return size > WireProtocol.maxTextBytes ? .oversized(bytes: size) : .text(Data(text.utf8))
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(messages: messages.makeAsyncIterator()) }
}

/// What the wire connection writes, sent on a dialled connection.
struct DialledOutbound: WireOutbound {
    let outbound: PlainWebSocketClient.Outbound

    func write(_ item: OutboundQueue.Item) async throws {
        switch item {
        case .text(let text): try await outbound.write(.text(text))
        case .binary(let data): try await outbound.write(.binary(ByteBuffer(bytes: data)))
        case .close(let code, let reason): try await outbound.close(code: code, reason: reason)
        }
    }
}

extension GlassesBridge {
    /// `dial(relay:)`, again whenever the connection ends (the relay restarted, the network
    /// dropped), waiting 0.5 s between attempts, doubling to at most 5 s, as clients do; until
    /// the calling task is cancelled, or the relay refuses the token, which no retry fixes (thrown).
    public func keepDialling(relay: String) async throws(RelayDialError) {
        var pause = 0.5
        while !Task.isCancelled {
            do throws(RelayDialError) {
                try await dial(relay: relay)
            } catch {
                switch error {
                case .refused(let refusal) where refusal.code == "unauthorized": throw error
                case .closed: pause = 0.5
                case .refused, .unreachable: break
                }
            }
            try? await Task.sleep(for: .seconds(pause))
            pause = min(pause * 2, 5)
        }
    }
}
