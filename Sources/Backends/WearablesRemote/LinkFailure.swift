import PlainWebSocket
import WearablesWire

/// Why a connection to a served world dropped or could not be opened, worded for a
/// person, and whether the server turned the token down: that one needs the user
/// (a restarted server makes a new token unless given `--token`), so it is said
/// aloud, where other drops are ridden out quietly.
struct LinkFailure: Sendable, Equatable {
    let reason: String
    let isTokenRefused: Bool

    static let closedByServer = LinkFailure(reason: "the server closed the connection", isTokenRefused: false)

    init(reason: String, isTokenRefused: Bool) {
        self.reason = reason
        self.isTokenRefused = isTokenRefused
    }

    /// `glasses serve` refuses a token after the upgrade, with an `unauthorized` error
    /// (so that the reason reaches the client); another server may refuse the upgrade itself (401).
    init(_ error: Error) {
        if let error = error as? WireError {
            self.init(reason: error.message, isTokenRefused: error.code == "unauthorized")
            return
        }
        if case .refused(401)? = error as? PlainWebSocketError {
            self.init(reason: "the server refused the token (401); pass the token `glasses serve` printed with --token", isTokenRefused: true)
            return
        }
        if let error = error as? WireDecodingError {
            self.init(reason: "the server sent something this client cannot read: \(error)", isTokenRefused: false)
            return
        }
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") {
            self.init(reason: "connection refused", isTokenRefused: false)
        } else {
            self.init(reason: text, isTokenRefused: false)
        }
    }
}
