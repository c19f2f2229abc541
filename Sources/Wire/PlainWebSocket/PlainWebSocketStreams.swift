import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

extension PlainWebSocketClient {
    /// Whole messages as they arrive: fragments joined, pings answered, a close ends it.
    public struct Inbound: AsyncSequence, Sendable {
        public typealias Element = Message
        let frames: NIOAsyncChannelInboundStream<WebSocketFrame>
        let outbound: Outbound
        let maxMessageBytes: Int
        let close: NIOLockedValueBox<Close?>

        public struct AsyncIterator: AsyncIteratorProtocol {
            var frames: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
            let outbound: Outbound
            let maxMessageBytes: Int
            let close: NIOLockedValueBox<Close?>

            public mutating func next() async throws -> Message? {
                var pending: (opcode: WebSocketOpcode, data: ByteBuffer)?
                while let frame = try await frames.next() {
                    switch frame.opcode {
                    case .ping:
                        try await outbound.send(.pong, frame.unmaskedData)
                    case .connectionClose:
                        var data = frame.unmaskedData
                        let code = data.readInteger(as: UInt16.self)
                        let reason = data.readableBytes > 0 ? String(buffer: data) : nil
                        close.withLockedValue { $0 = Close(code: code, reason: reason) }
                        try? await outbound.send(.connectionClose, frame.unmaskedData)
                        return nil
                    case .text, .binary, .continuation:
                        var data = frame.unmaskedData
                        if frame.opcode != .continuation {
                            pending = (frame.opcode, data)
                        } else if pending != nil {
                            pending?.data.writeBuffer(&data)
                        }
                        if let whole = pending, whole.data.readableBytes > maxMessageBytes {
                            throw PlainWebSocketError.messageTooLarge(maxMessageBytes)
                        }
                        guard frame.fin, let whole = pending else { continue }
                        return whole.opcode == .text ? .text(String(buffer: whole.data)) : .binary(whole.data)
                    default:
                        continue
                    }
                }
                return nil
            }
        }

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(frames: frames.makeAsyncIterator(), outbound: outbound, maxMessageBytes: maxMessageBytes, close: close)
        }
    }

    /// Sends messages; a client masks every frame (RFC 6455, 5.3).
    public struct Outbound: Sendable {
        let writer: NIOAsyncChannelOutboundWriter<WebSocketFrame>

        public func write(_ message: Message) async throws {
            switch message {
            case .text(let text): try await send(.text, ByteBuffer(string: text))
            case .binary(let data): try await send(.binary, data)
            }
        }

        func send(_ opcode: WebSocketOpcode, _ data: ByteBuffer) async throws {
            try await writer.write(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data))
        }

        /// Sends a normal close; the server's answer ends the inbound messages.
        public func close() async throws {
            try await close(code: 1000, reason: "")
        }

        /// Sends a close with `code` and `reason` (at most 123 bytes): a bridge serving a
        /// connection it dialled closes it as a server would (1002, 1008).
        public func close(code: UInt16, reason: String) async throws {
            var data = ByteBuffer()
            data.writeInteger(code)
            data.writeString(reason)
            try await send(.connectionClose, data)
        }
    }
}
