#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import WearablesWire

/// A whole message a client sent, as a transport hands it over.
public enum WireInbound: Sendable {
    case text(Data)
    case binary
    /// A text message over `WireProtocol.maxTextBytes`: counted, not read.
    case oversized(bytes: Int)
}

/// Where a connection writes what its queue holds: a Hummingbird WebSocket, or a
/// connection the bridge dialled out to a relay.
public protocol WireOutbound: Sendable {
    func write(_ item: OutboundQueue.Item) async throws
}

/// One client: reads its messages (hello first, then commands), hands commands to the
/// host, and writes what the host queues for it. A bad message gets an `error` back and
/// the connection goes on; a wrong protocol version closes it. The transport is the
/// caller's, so an accepted and a dialled connection are served alike.
struct ClientConnection: Sendable {
    let id: Int
    let host: any WireHost
    let queue: OutboundQueue
    /// Where the session is recorded (`--record`), fed what the client sends and is sent, on the world's clock.
    let recorder: (file: SessionRecorder, clock: @Sendable () -> Double)?

    /// Runs the connection to its end, then releases what the client held in the world.
    func run<Messages: AsyncSequence & Sendable>(inbound: Messages, outbound: some WireOutbound) async where Messages.Element == WireInbound {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await write(to: outbound) }
            await read(inbound)
            queue.finish()
            await group.waitForAll()
        }
        recorder?.file.close()
        host.leave(id)
    }

    // MARK: Reading

    private func read<Messages: AsyncSequence>(_ inbound: Messages) async where Messages.Element == WireInbound {
        var joined = false
        do {
            for try await message in inbound {
                switch message {
                case .binary:
                    refuse("unexpectedBinary", "clients send text (JSON) messages only; binary messages carry frames and photos to clients")
                case .oversized(let size):
                    refuse("tooLarge", "a message of \(size) bytes is over the \(WireProtocol.maxTextBytes)-byte limit; it was not read")
                case .text(let data):
                    receive(data, joined: &joined)
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
        if let recorder { recorder.file.client(text: String(decoding: data, as: UTF8.self), at: recorder.clock()) }
        switch message {
        case .hello(let version, let client):
            guard !joined else { return refuse("duplicateHello", "hello was already received; send commands now") }
            guard version == WireProtocol.version else {
                let text = "client speaks protocol \(version), this server speaks \(WireProtocol.version); "
                    + "use a glasses build of the same protocol version as the server"
                queue.send(.error(.protocolError("versionMismatch", text)))
                return queue.finish(close: (1002, WireCloseReason.clipped(text)))
            }
            joined = true
            host.join(id, name: client.isEmpty ? "client \(id)" : client, queue: queue)
        case .command(let commandID, let command):
            guard joined else {
                return refuse("helloFirst", #"send hello first: {"type":"hello","protocol":\#(WireProtocol.version),"client":"NAME"}"#)
            }
            host.handle(command, id: commandID, from: id)
        }
    }

    private func refuse(_ code: String, _ message: String) {
        queue.send(.error(.protocolError(code, message)))
    }

    // MARK: Writing

    private func write(to outbound: some WireOutbound) async {
        while let item = await queue.next() {
            do {
                if let recorder {
                    switch item {
                    case .text(let text): recorder.file.world(text: text, at: recorder.clock())
                    case .binary(let data): recorder.file.world(binary: data, at: recorder.clock())
                    case .close: break
                    }
                }
                try await outbound.write(item)
                if case .close = item { return }
            } catch {
                // The client is gone; its reader ends on its own.
                return
            }
        }
    }
}

/// A close frame's reason holds at most 123 bytes.
public enum WireCloseReason {
    public static func clipped(_ text: String) -> String {
        var reason = ""
        for character in text {
            guard reason.utf8.count + String(character).utf8.count <= 123 else { break }
            reason.append(character)
        }
        return reason
    }
}
