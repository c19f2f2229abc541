import FoundationEssentials
import HummingbirdWebSocket
import NIOCore
import Synchronization
import WearablesWire

/// One WebSocket client: reads its messages (hello first, then commands), hands
/// commands to the world, and writes what the world queues for it. A bad message
/// gets an `error` back and the connection goes on; a wrong protocol version or
/// a refused token closes it.
struct ClientConnection {
    let id: Int
    let served: ServedWorld
    let bridge: WorldBridge
    let queue: OutboundQueue
    /// Where the session is recorded (`--record`), fed what the client sends and is sent.
    let recorder: SessionRecorder?

    /// Runs the connection to its end, then releases what the client held in the world.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await write(to: outbound) }
            await read(inbound)
            queue.finish()
            await group.waitForAll()
        }
        recorder?.close()
        let (bridge, id) = (bridge, id)
        served.post { _ in bridge.leave(id) }
    }

    /// Refuses a connection the access policy refused: one `error`, then a policy-violation
    /// close, and the closing handshake (RFC 6455 7.1.1): the connection is torn down once the
    /// client answers the close (or after 2 s), not before it has read the reason.
    static func refuse(_ denial: ControlError, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let message = ServerMessage.error(.protocolError(denial.code, denial.message))
        try? await outbound.write(.text(String(decoding: message.encoded(), as: UTF8.self)))
        try? await outbound.close(.policyViolation, reason: Self.closeReason(denial.message))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do { for try await _ in inbound {} } catch {}
            }
            group.addTask { try? await Task.sleep(for: .seconds(2)) }
            await group.next()
            group.cancelAll()
        }
    }

    // MARK: Reading

    private func read(_ inbound: WebSocketInboundStream) async {
        var joined = false
        var message = ByteBuffer()
        var size = 0
        var isBinary = false
        do {
            for try await frame in inbound {
                if frame.opcode != .continuation {
                    message.clear()
                    size = 0
                    isBinary = frame.opcode == .binary
                }
                size += frame.data.readableBytes
                // Past the limit the rest is only counted, never buffered.
                if size <= WireProtocol.maxTextBytes { message.writeImmutableBuffer(frame.data) }
                guard frame.fin else { continue }
                if isBinary {
                    refuse("unexpectedBinary", "clients send text (JSON) messages only; binary messages carry frames and photos to clients")
                } else if size > WireProtocol.maxTextBytes {
                    refuse("tooLarge", "a message of \(size) bytes is over the \(WireProtocol.maxTextBytes)-byte limit; it was not read")
                } else {
                    receive(Data(message.readableBytesView), joined: &joined)
                }
            }
        } catch {
            // The connection failed (reset, protocol error); the client is gone either way.
        }
    }

    /// Handles one text message. After a version mismatch the queue is finished, so
    /// whatever the client sends while its connection closes goes nowhere.
    private func receive(_ data: Data, joined: inout Bool) {
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(data)
        } catch {
            return refuse("malformed", error.description)
        }
        recorder?.client(text: String(decoding: data, as: UTF8.self), at: served.runTime)
        switch message {
        case .hello(let version, let client):
            guard !joined else { return refuse("duplicateHello", "hello was already received; send commands now") }
            guard version == WireProtocol.version else {
                let text = "client speaks protocol \(version), this server speaks \(WireProtocol.version); "
                    + "use a glasses build of the same protocol version as the server"
                queue.send(.error(.protocolError("versionMismatch", text)))
                return queue.finish(close: (1002, Self.closeReason(text)))
            }
            joined = true
            let (bridge, id, queue) = (bridge, id, queue)
            let name = client.isEmpty ? "client \(id)" : client
            served.post { _ in bridge.join(id, name: name, queue: queue) }
        case .command(let commandID, let command):
            guard joined else {
                return refuse("helloFirst", #"send hello first: {"type":"hello","protocol":\#(WireProtocol.version),"client":"NAME"}"#)
            }
            let (bridge, id) = (bridge, id)
            served.post { _ in bridge.handle(command, id: commandID, from: id) }
        }
    }

    private func refuse(_ code: String, _ message: String) {
        queue.send(.error(.protocolError(code, message)))
    }

    // MARK: Writing

    private func write(to outbound: WebSocketOutboundWriter) async {
        while let item = await queue.next() {
            do {
                switch item {
                case .text(let text):
                    recorder?.world(text: text, at: served.runTime)
                    try await outbound.write(.text(text))
                case .binary(let data):
                    recorder?.world(binary: data, at: served.runTime)
                    try await outbound.writeBinaryMessage(ByteBuffer(bytes: data))
                case .close(1002, let reason):
                    return try await outbound.close(.protocolError, reason: reason)
                case .close(1008, let reason):
                    return try await outbound.close(.policyViolation, reason: reason)
                case .close(_, let reason):
                    return try await outbound.close(.normalClosure, reason: reason)
                }
            } catch {
                // The client is gone; its reader ends on its own.
                return
            }
        }
    }

    /// A close frame's reason holds at most 123 bytes.
    static func closeReason(_ text: String) -> String {
        var reason = ""
        for character in text {
            guard reason.utf8.count + String(character).utf8.count <= 123 else { break }
            reason.append(character)
        }
        return reason
    }
}
