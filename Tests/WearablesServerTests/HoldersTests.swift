import Foundation
import Testing
import WearablesCore
import WearablesWire

/// What each client holds, as every client hears it: the dashboard shows a script's session,
/// stream and capabilities from `holders` events and the hello, not only what it opened itself.
@Suite(.serialized) struct HoldersTests {
    static let glasses = "rayBanMeta-1"

    /// The next `holders` event for the glasses that `matches`.
    func holders(_ peer: Peer, _ matches: @escaping @Sendable ([WireHolder]) -> Bool) async throws -> [WireHolder] {
        let received = try await peer.next {
            if case .message(.event(.holders(Self.glasses, let holders))) = $0 { matches(holders) } else { false }
        }
        guard case .message(.event(.holders(_, let holders))) = received else { return [] }
        return holders
    }

    @Test func aClientSeesTheSessionStreamAndCapabilitiesAnotherHolds() async throws {
        let running = try await RunningServer.start(speed: 10)
        let script = try await running.peer()
        let scriptNumber = try #require(try await script.hello().clientID)
        let page = try await running.peer()
        let pageHello = try await page.hello()
        #expect(pageHello.held.isEmpty && pageHello.clientID != scriptNumber, "\(pageHello.held) \(String(describing: pageHello.clientID))")

        script.send(.command(id: 1, .openSession(device: Self.glasses)))
        #expect(try await script.reply(to: 1) == .success(.done))
        let opened = try await holders(page) { $0.first?.session == "running" }
        #expect(opened == [WireHolder(client: scriptNumber, name: "test", session: "running")])
        // The trace has it too, so a page opened later backfills it (GET /v1/events).
        let traced = await running.trace.line(containing: "client \(scriptNumber) (test): session running")
        #expect(traced.contains(#""source":"serve","event":"holders","values":{"device":"rayBanMeta-1""#), "\(traced)")

        script.send(.command(id: 2, .startCamera(device: Self.glasses, settings: EffectiveStreamSettings(resolution: .low, frameRate: 15))))
        guard case .success(.stream(let stream)) = try await script.reply(to: 2) else { Issue.record("no stream"); return }
        script.send(.command(id: 3, .speechListen(device: Self.glasses, true)))
        #expect(try await script.reply(to: 3) == .success(.done))
        script.send(.command(id: 4, .voiceListen(device: Self.glasses, true)))
        #expect(try await script.reply(to: 4) == .success(.done))
        let listening = try await holders(page) { $0.first?.voice == true }
        #expect(listening == [WireHolder(client: scriptNumber, name: "test", session: "running", streams: [stream], speech: true, voice: true)])

        // A client that connects later is told in its hello.
        let late = try await running.peer()
        let lateHello = try await late.hello()
        #expect(lateHello.held == [WireDeviceHolders(device: Self.glasses, holders: listening)])

        // A fold ends the session: its stream and its Speech go with it, the voice stream stays.
        #expect(try await running.authorized(.post, "/v1/devices/fold", json: #"{"device":"rayBanMeta-1"}"#).status == 200)
        let folded = try await holders(page) { $0.first?.session == nil }
        #expect(folded == [WireHolder(client: scriptNumber, name: "test", voice: true)])

        // A client that leaves holds nothing.
        await script.close()
        #expect(try await holders(page) { $0.isEmpty }.isEmpty)
        await late.close()
        await page.close()
        await running.stop()
    }
}
