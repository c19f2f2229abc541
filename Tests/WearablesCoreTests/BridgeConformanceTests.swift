import Foundation
import ServedWorldSupport
import Testing
import WearablesServer

/// The bridge core through the backend contract: every entry of `BackendConformance.checks`
/// that DAT can carry, each against its own bridge over the simulator-backed DAT fake on a
/// free loopback port, reached by `RemoteWorld` as `glasses run --connect` reaches it, directly
/// and through a relay the bridge dials. The checks drive the simulated glasses behind the fake
/// on the world's thread, as the remote checks drive a served world's.
@Suite(.serialized) struct BridgeConformanceTests {
    /// Slower than the remote suite's 10x: this suite runs beside it, and a check's few run
    /// seconds must stay more than a busy machine's scheduling hiccup in wall time.
    static let speed = 4.0

    /// What a bridge over DAT 1.0 cannot show, and why; every other check must pass, directly
    /// and through the relay.
    static let notOverDAT: [String: String] = [
        "a revoked permission reaches the model":
            "DAT reports no permission change by itself (an app re-checks after handleUrl); the bridge sends none",
        "bandwidth changes drive the camera's ladder": "DAT does not expose the link's bandwidth; the bridge sends none",
        "the wearer's inputs reach the device's listeners":
            "DAT 1.0 has no device-level input events (`Device` has state listeners only); its Inputs capability crosses as input_event",
        "a capture while the glasses take their own photo is serviceUnavailable":
            "a capture during a stream is DAT's Stream.capturePhoto(format:), which fails only as StreamError.photoCaptureFailed; PhotoError.serviceUnavailable comes from Camera.photo, which DAT takes with the stream stopped",
        "a standalone photo has its own size, apart from the stream's":
            "during a stream DAT captures with Stream.capturePhoto(format:), at the stream's size; Camera.photo's own resolution needs the stream stopped",
    ]

    static var overDAT: [String] { BackendConformance.checks.map(\.name).filter { notOverDAT[$0] == nil } }

    @Test(arguments: overDAT)
    func theBridgeHonours(_ behaviour: String) async throws {
        try await run(behaviour, route: .direct)
    }

    /// The same contract through `glasses serve --relay`'s relay, the bridge dialling it.
    @Test(arguments: overDAT)
    func theBridgeHonoursThroughARelay(_ behaviour: String) async throws {
        try await run(behaviour, route: .relayed)
    }

    @Test func theChecksLeftOutAreChecksThatExist() {
        let names = Set(BackendConformance.checks.map(\.name))
        #expect(Set(Self.notOverDAT.keys).subtracting(names).isEmpty)
    }

    private func run(_ behaviour: String, route: LoopbackBridge.Route) async throws {
        let check = try #require(BackendConformance.checks.first { $0.name == behaviour }).check
        var options = ServeOptions()
        options.speed = BackendConformance.countsFramesAgainstTheClock.contains(behaviour) ? 1 : Self.speed
        try await LoopbackBridge.with(options, route: route) { url, token, served in
            let rig = try RemoteRig(url: url, token: token, served: served)
            defer { rig.world.close() }
            try check(rig)
        }
    }
}
