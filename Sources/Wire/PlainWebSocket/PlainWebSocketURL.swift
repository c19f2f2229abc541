/// The parts of a `ws://host:port/path?query` URL a connection needs.
public struct PlainWebSocketURL: Sendable {
    public let host: String
    public let port: Int
    /// `host:port`, for the Host header (the server checks it).
    public let authority: String
    /// Path and query, `/` when the URL has none.
    public let path: String

    public init(_ url: String) throws(PlainWebSocketError) {
        guard url.hasPrefix("ws://") else {
            if url.hasPrefix("wss://") {
                throw .badURL("\(url): wss:// is not supported; glasses serve speaks plain ws:// (put a TLS tunnel in front for other networks)")
            }
            throw .badURL("\(url): not a ws:// URL (e.g. ws://127.0.0.1:8765/v1/ws)")
        }
        let rest = url.dropFirst("ws://".count)
        let slash = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = String(rest[..<slash])
        path = slash == rest.endIndex ? "/" : (rest[slash] == "?" ? "/" : "") + String(rest[slash...])
        // [::1]:8765, 127.0.0.1:8765, localhost (port 80).
        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            portPart = after.hasPrefix(":") ? after.dropFirst() : nil
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            hostPart = Substring(authority)
            portPart = nil
        }
        guard !hostPart.isEmpty else { throw .badURL("\(url): no host") }
        guard let port = portPart.map({ Int($0) }) ?? 80, (1...65535).contains(port) else {
            throw .badURL("\(url): the port must be a number from 1 to 65535")
        }
        host = String(hostPart)
        self.port = port
        self.authority = authority
    }
}
