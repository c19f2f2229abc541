#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HummingbirdWebSocket
import NIOCore
import WearablesWire

/// A Hummingbird WebSocket as a wire client's transport: frames joined into messages
/// (past the text limit only counted, never buffered), queue items written as frames.
struct HummingbirdInbound: AsyncSequence, Sendable {
    typealias Element = WireInbound
    let frames: WebSocketInboundStream

    struct AsyncIterator: AsyncIteratorProtocol {
        var frames: WebSocketInboundStream.AsyncIterator

        mutating func next() async throws -> WireInbound? {
            var message = ByteBuffer()
            var size = 0
            var isBinary = false
            while let frame = try await frames.next() {
                if frame.opcode != .continuation {
                    message.clear()
                    size = 0
                    isBinary = frame.opcode == .binary
                }
                size += frame.data.readableBytes
                if size <= WireProtocol.maxTextBytes { message.writeImmutableBuffer(frame.data) }
                guard frame.fin else { continue }
                if isBinary { return .binary }
                if size > WireProtocol.maxTextBytes { return .oversized(bytes: size) }
                return .text(Data(message.readableBytesView))
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(frames: frames.makeAsyncIterator()) }
}

struct HummingbirdOutbound: WireOutbound {
    let writer: WebSocketOutboundWriter

    func write(_ item: OutboundQueue.Item) async throws {
        switch item {
        case .text(let text): try await writer.write(.text(text))
        case .binary(let data): try await writer.writeBinaryMessage(ByteBuffer(bytes: data))
        case .close(1002, let reason): try await writer.close(.protocolError, reason: reason)
        case .close(1008, let reason): try await writer.close(.policyViolation, reason: reason)
        case .close(_, let reason): try await writer.close(.normalClosure, reason: reason)
        }
    }
}

/// Refuses a connection the access policy refused: one `error`, then a policy-violation
/// close, and the closing handshake (RFC 6455 7.1.1): the connection is torn down once the
/// client answers the close (or after 2 s), not before it has read the reason.
public enum WireRefusal {
    public static func refuse(_ denial: ControlError, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let message = ServerMessage.error(.protocolError(denial.code, denial.message))
        try? await outbound.write(.text(String(decoding: message.encoded(), as: UTF8.self)))
        try? await outbound.close(.policyViolation, reason: WireCloseReason.clipped(denial.message))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do { for try await _ in inbound {} } catch {}
            }
            group.addTask { try? await Task.sleep(for: .seconds(2)) }
            await group.next()
            group.cancelAll()
        }
    }
}
