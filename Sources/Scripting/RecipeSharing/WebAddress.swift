/// The parts of an `http://` or `https://` URL that say where it leads: its scheme and
/// host, read as curl reads them (the host follows any `user@`), so `http://localhost:@example.com/`
/// is example.com, not loopback. Anything odd in the authority (a backslash, a percent
/// escape, a space or control character) makes no address: what cannot be read surely is refused.
struct WebAddress: Equatable {
    let scheme: String
    let host: String

    init?(_ url: String) {
        guard let separator = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = url[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.unicodeScalars.contains(where: Self.isOdd) else { return nil }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        var host: Substring
        var port: Substring
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return nil }
            host = hostAndPort[...close]
            port = hostAndPort[hostAndPort.index(after: close)...]
        } else {
            host = hostAndPort.prefix { $0 != ":" }
            port = hostAndPort.dropFirst(host.count)
        }
        if port.hasPrefix(":") { port = port.dropFirst() }
        guard !host.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else { return nil }
        self.scheme = scheme
        self.host = host.lowercased()
    }

    /// What an authority read surely holds none of: a backslash, a percent escape, a space,
    /// a control character or anything past ASCII.
    private static func isOdd(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return scalar == "\\" || scalar == "%" || value <= 0x20 || value >= 0x7F
    }

    /// The loopback names tests and local mirrors use.
    var isLoopback: Bool { ["127.0.0.1", "localhost", "[::1]"].contains(host) }

    /// Why a fetch may not go to this address, or nil when it may: https anywhere but
    /// loopback, and loopback (http or https) only when the fetch started there.
    func problem(startedOnLoopback: Bool) -> String? {
        if isLoopback {
            return startedOnLoopback ? nil : "a source that is not on loopback may not lead to loopback (\(host))"
        }
        return scheme == "https" ? nil : "plain http:// is refused except on loopback (127.0.0.1, localhost, [::1])"
    }
}
