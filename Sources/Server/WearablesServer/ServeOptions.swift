import WearablesWire
import WireServing

/// What `glasses serve` serves and where: the world, its clock, the address and the token.
public struct ServeOptions: Sendable {
    /// The simulated world a server starts with (the same presets as `glasses run --world`).
    public enum World: String, Sendable, CaseIterable {
        case ready, empty
    }

    public var world: World = .ready
    public var seed: UInt64 = 0
    /// Run seconds per wall second.
    public var speed: Double = 1
    /// The Bluetooth Classic stalls users report at 720p (`MockDeviceKit.classicStalls`);
    /// off serves the transport without the field quirk (benchmarks).
    public var classicStalls = true
    public var host: String = WireProtocol.defaultHost
    /// 0 picks a free port (tests, `--listen 127.0.0.1:0`).
    public var port: Int = WireProtocol.defaultPort
    /// Nil: a random token is made at start. Required off loopback.
    public var token: String?
    /// Where the consoles' files go (`--out`; nil: the current folder): the only folder
    /// `GET /v1/files/{name}` serves from.
    public var outputDirectory: String?
    /// Where each client's session is recorded (`--record`: DIR/session-N.jsonl, docs/replay.md); nil records nothing.
    public var recordDirectory: String?
    /// Frames waiting for one client before newer ones are dropped for it.
    public var frameQueueLimit = 4
    /// Replies and events waiting for one client before it is disconnected as too slow.
    public var messageQueueLimit = 4096

    public init() {}

    /// Whether `host` only reaches this machine.
    public var isLoopback: Bool { AccessPolicy.loopbackHosts.contains(host.lowercased()) }

    /// Reads `HOST:PORT` (`[::1]:PORT` for IPv6); the message says what a good one looks like.
    public static func parseListen(_ text: String) throws(ServeError) -> (host: String, port: Int) {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw .usage("--listen '\(text)' needs a port: [::1]:7878") }
            portText = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else {
                throw .usage("--listen '\(text)' needs HOST:PORT, e.g. 127.0.0.1:7878 (port 0 picks a free one)")
            }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty else { throw .usage("--listen '\(text)' needs a host, e.g. 127.0.0.1:\(portText)") }
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw .usage("--listen '\(text)': the port must be 0-65535 (0 picks a free one)")
        }
        return (String(host), port)
    }
}

/// Why a server did not start, worded as the fix.
public enum ServeError: Error, CustomStringConvertible, Equatable {
    /// A bad option (exit code 2).
    case usage(String)
    /// The address is taken or cannot be bound (exit code 1).
    case cannotListen(String)
    /// The trace file cannot be written (exit code 2).
    case traceFile(String)

    public var description: String {
        switch self {
        case .usage(let message), .cannotListen(let message), .traceFile(let message): message
        }
    }
}
