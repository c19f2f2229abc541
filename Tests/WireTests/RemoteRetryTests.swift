import PlainWebSocket
import Testing
import WearablesWire
@testable import WearablesRemote

/// How the remote link waits between attempts and how it tells a refused token from
/// a server that is away (scripts/test-connect restarts real servers under a client).
struct RemoteRetryTests {
    @Test func theWaitDoublesFromHalfASecondUpToFiveAndStartsOverAfterAConnection() {
        var backoff = RetryBackoff()
        let waits = (0..<7).map { _ in backoff.take() }
        #expect(waits == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5), .seconds(5)])
        backoff.reset()
        #expect(backoff.take() == .milliseconds(500))
    }

    @Test func aRefusedTokenIsToldApartFromAServerThatIsAway() {
        let refused = LinkFailure(WireError.protocolError("unauthorized", "wrong token: use the one glasses serve printed at start"))
        #expect(refused.isTokenRefused)
        #expect(refused.reason.contains("wrong token"))
        #expect(!LinkFailure(WireError.protocolError("versionMismatch", "client speaks protocol 99")).isTokenRefused)
        #expect(!LinkFailure.closedByServer.isTokenRefused)
        #expect(LinkFailure(PlainWebSocketError.refused(status: 401)).isTokenRefused, "a server that refuses the upgrade itself")
        #expect(!LinkFailure(PlainWebSocketError.refused(status: 503)).isTokenRefused)
        struct Refused: Error, CustomStringConvertible { var description: String { "connect(descriptor:addr:size:): Connection refused (errno: 111)" } }
        #expect(LinkFailure(Refused()) == LinkFailure(reason: "connection refused", isTokenRefused: false))
    }
}
