#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Hummingbird
import WearablesModel

/// Who may talk to the server: a token on every request (header or query), and
/// Host and Origin headers naming this server, so a web page elsewhere cannot
/// drive the glasses through the user's browser (DNS rebinding, cross-site WebSocket).
public struct AccessPolicy: Sendable {
    /// Names that only reach this machine.
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    public let token: String
    /// Host names (no port) a request's Host header may carry; empty: any.
    public let allowedHosts: Set<String>

    public init(token: String, listenHost: String) {
        self.token = token
        // Bound to every interface, clients name the machine however they reach it:
        // any Host is accepted and the (explicit) token alone guards the server.
        allowedHosts = ["0.0.0.0", "::"].contains(listenHost) ? [] : Self.loopbackHosts.union([listenHost.lowercased()])
    }

    /// 32 random bytes as hex, as Jupyter's token.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(cFormat: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Why `request` is refused, or nil when it may go on.
    public func denial(of request: Request) -> ControlError? {
        denial(authority: request.head.authority, headers: request.headers, query: request.uri.queryParameters["token"].map(String.init))
    }

    /// `authority` is the Host header (HTTP/1.1 carries it there).
    public func denial(authority: String?, headers: HTTPFields, query token: String?) -> ControlError? {
        let host = authority ?? ""
        if !allowedHosts.isEmpty, !allowedHosts.contains(Self.hostName(of: host)) {
            return ControlError(.forbidden, "forbidden_host",
                "Host '\(host)' is not this server's: connect to 127.0.0.1 or localhost (a page on another name may be a DNS-rebinding attack)")
        }
        if let origin = headers[.origin], !self.origin(origin, matches: host) {
            return ControlError(.forbidden, "forbidden_origin",
                "Origin '\(origin)' is not this server's own; pages from other origins may not drive the glasses")
        }
        let offered = Self.bearer(headers[.authorization]) ?? token
        guard let offered else {
            return ControlError(.unauthorized, "unauthorized",
                "this server needs its token: send 'Authorization: Bearer TOKEN' or add '?token=TOKEN' (glasses serve printed it at start)")
        }
        guard Self.constantTimeEquals(offered, self.token) else {
            return ControlError(.unauthorized, "unauthorized",
                "wrong token: use the one glasses serve printed at start (or the --token it was given)")
        }
        return nil
    }

    /// `localhost:7878` → `localhost`, `[::1]:7878` → `[::1]`.
    static func hostName(of host: String) -> String {
        let lowered = host.lowercased()
        if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") {
            return String(lowered[...close])
        }
        return String(lowered.split(separator: ":", maxSplits: 1).first ?? "")
    }

    /// A browser page's origin must be exactly this server's (`http://` plus the Host
    /// it sent to); a `ws://` origin comes from a non-browser client and must name this machine.
    func origin(_ origin: String, matches host: String) -> Bool {
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            return !host.isEmpty && lowered.dropFirst(scheme.count) == host.lowercased()
        }
        for scheme in ["ws://", "wss://"] where lowered.hasPrefix(scheme) {
            let name = Self.hostName(of: String(lowered.dropFirst(scheme.count)))
            return allowedHosts.isEmpty || allowedHosts.contains(name)
        }
        return false
    }

    static func bearer(_ header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst("bearer ".count)).trimmingWhitespace()
    }

    /// Compares without stopping at the first difference, so timing does not reveal the token.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}
