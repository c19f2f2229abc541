import Foundation
import Locking
import WearablesServer

/// A `glasses serve` world on a free loopback port, for tests that drive it from
/// blocking code (a client's wall clock): the body runs on a thread of its own,
/// off the cooperative pool the server's handlers need, and the server is
/// stopped when it returns.
public enum LoopbackServer {
    public struct DidNotListen: Error, CustomStringConvertible {
        public var description: String { "the server did not report its port within 60 s (a bound for a loaded machine, not an expected time)" }
    }

    /// Runs `body` with the WebSocket URL, the token and the server, then stops it.
    public static func with<T: Sendable>(
        _ options: ServeOptions, _ body: @escaping @Sendable (_ url: String, _ token: String, _ server: WorldServer) throws -> T
    ) async throws -> T {
        var options = options
        options.port = 0
        let server = try await WorldServer(options: options)
        let port = ListeningPort()
        let serving = Task { try await server.run(onListening: { port.fulfil($0) }) }
        let token = server.token
        let result: Result<T, Error> = await withCheckedContinuation { continuation in
            Thread {
                guard let bound = port.wait(seconds: 60) else { return continuation.resume(returning: .failure(DidNotListen())) }
                continuation.resume(returning: Result { try body("ws://127.0.0.1:\(bound)/v1/ws", token, server) })
            }.start()
        }
        serving.cancel()
        _ = await serving.result
        return try result.get()
    }
}

/// The port a server reports once it listens.
final class ListeningPort: Sendable {
    private let port = Locked<Int?>(nil)
    private let signal = DispatchSemaphore(value: 0)

    func fulfil(_ value: Int) {
        port.withLock { $0 = value }
        signal.signal()
    }

    func wait(seconds: Double) -> Int? {
        _ = signal.wait(timeout: .now() + seconds)
        return port.withLock { $0 }
    }

    /// `wait` on a thread of its own, so the cooperative pool the servers need stays free.
    func waitOffThePool(seconds: Double) async -> Int? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.wait(seconds: seconds)) }.start()
        }
    }
}
