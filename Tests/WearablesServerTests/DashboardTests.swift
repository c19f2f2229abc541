import Foundation
import Testing
import WearablesCore
import WearablesServer
import WireServer
import WearablesSimulator
import WearablesWire
import WearablesWorld

/// The dashboard's server side: its page is guarded like the API, and the `console`
/// and `complete` commands reach the console the server was given, one input at a
/// time per client. (scripts/test-dashboard drives the page itself in Chromium.)
@Suite(.serialized, .timeLimit(.minutes(2)))
struct DashboardTests {
    @Test func thePageNeedsTheTokenAndCarriesItToItsOwnRequests() async throws {
        let running = try await RunningServer.start()
        let refused = try await running.http(.get, "/")
        #expect(refused.status == 401)
        #expect(refused.body.contains("needs its token"))
        #expect(refused.body.hasPrefix("<!doctype html>"), "a browser opening / without the token gets a page, not JSON")
        #expect(refused.body.contains("?token=TOKEN"))
        let wrong = try await running.http(.get, "/", token: .some("not-the-token"))
        #expect(wrong.status == 401)
        #expect(wrong.body.contains("wrong token") && wrong.body.hasPrefix("<!doctype html>"))
        let api = try await running.http(.get, "/v1/health")
        #expect(api.body.contains("\"code\":\"unauthorized\""), "API routes keep their JSON refusals")
        let page = try await running.http(.get, "/?token=\(running.token)")
        #expect(page.status == 200)
        #expect(page.body.contains(#"<meta name="glasses-token" content="\#(running.token)">"#))
        #expect(page.body.contains("/dashboard/app.js?token=\(running.token)"))
        #expect(!page.body.contains("__TOKEN__"))
        let script = try await running.authorized(.get, "/dashboard/app.js")
        #expect(script.status == 200)
        #expect(script.body.contains("new WebSocket"))
        #expect(try await running.authorized(.get, "/dashboard/app.css").status == 200)
        #expect(try await running.http(.get, "/dashboard/app.js").status == 401)
        #expect(try await running.authorized(.get, "/dashboard/index.swift").status == 404)
        await running.stop()
    }

    /// The page's scripts (display-css.js, display.js and handsfree.js load before app.js) and
    /// stylesheet are each served, with their type: a file the page names but the routes miss fails here.
    @Test func everyFileThePageNamesIsServedWithItsType() async throws {
        let running = try await RunningServer.start()
        let page = try await running.http(.get, "/?token=\(running.token)")
        let names = page.body.matches(of: /\/dashboard\/([a-z-]+\.(js|css))\?token=/).map { String($0.output.1) }
        #expect(names == ["app.css", "display-css.js", "display.js", "handsfree.js", "app.js"], "\(names)")
        for name in names {
            let file = try await running.authorized(.get, "/dashboard/\(name)")
            #expect(file.status == 200, "\(name)")
            #expect(file.headers[.contentType] == (name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8"), "\(name)")
            #expect(name.hasSuffix(".css") ? file.body.contains(":root") : file.body.contains("\"use strict\";"), "\(name)")
        }
        await running.stop()
    }

    @Test func aForeignHostCannotLoadThePage() async throws {
        let running = try await RunningServer.start()
        let page = try await running.http(.get, "/?token=\(running.token)", authority: "evil.example:\(running.port)")
        #expect(page.status == 403)
        await running.stop()
    }

    /// Echoes each input, its reply coming from a later event on the world's thread, as a
    /// real console's does (a chunk runs as a task); an input handed in while another
    /// runs is a failure.
    final class EchoConsole: WorldConsole, @unchecked Sendable {
        let world: any GlassesWorld
        var running = false
        init(world: any GlassesWorld) { self.world = world }
        func evaluate(_ code: String, done: @escaping (String, String) -> Void) {
            #expect(!running, "an input was handed in while another ran")
            running = true
            let finish = UncheckedDone(done: done)
            _ = world.scheduler.schedule(after: 0.01) { [self] in
                running = false
                finish.done("echo \(code)\n", code == "fail" ? "failed\n" : "")
            }
        }
        func completions(for word: String) -> [String] { [word + "s"] }
        var onSave: ((SavedFile) -> Void)?
        func close() {}
    }

    struct UncheckedDone: @unchecked Sendable {
        let done: (String, String) -> Void
    }

    @Test func consoleInputsRunOneAtATimeAndCompletionsComeBack() async throws {
        let running = try await RunningServer.start(console: { world in EchoConsole(world: world) })
        let peer = try await running.peer()
        _ = try await peer.hello()
        for (id, code) in [(1, "first"), (2, "fail"), (3, "third")] { peer.send(.command(id: id, .console(code: code))) }
        #expect(try await peer.reply(to: 1) == .success(.console(output: "echo first\n", errorOutput: "")))
        #expect(try await peer.reply(to: 2) == .success(.console(output: "echo fail\n", errorOutput: "failed\n")))
        #expect(try await peer.reply(to: 3) == .success(.console(output: "echo third\n", errorOutput: "")))
        peer.send(.command(id: 4, .complete(word: "wearables.device")))
        #expect(try await peer.reply(to: 4) == .success(.completions(["wearables.devices"])))
        await peer.close()
        await running.stop()
    }

    @Test func aWatcherGetsOtherClientsFramesThinnedToThePreviewRate() async throws {
        let running = try await RunningServer.start(speed: 1)
        let owner = try await running.peer()
        let watcher = try await running.peer()
        _ = try await owner.hello()
        _ = try await watcher.hello()
        watcher.send(.command(id: 1, .watchPreviews(true)))
        #expect(try await watcher.reply(to: 1) == .success(.done))
        owner.send(.command(id: 1, .openSession(device: "rayBanMeta-1")))
        #expect(try await owner.reply(to: 1) == .success(.done))
        owner.send(.command(id: 2, .startCamera(device: "rayBanMeta-1", settings: EffectiveStreamSettings(resolution: .low, frameRate: 30))))
        guard case .success(.stream(let stream)) = try await owner.reply(to: 2) else { throw HarnessError("no stream") }
        var timestamps: [Double] = []
        for _ in 0..<6 {
            let frame = try await watcher.next { if case .binary(.frame) = $0 { true } else { false } }
            guard case .binary(.frame(let frameStream, _, let timestamp, let size, let jpeg)) = frame else { continue }
            #expect(frameStream == stream)
            #expect(size == StreamingResolution.low.videoFrameSize)
            #expect(!jpeg.isEmpty)
            timestamps.append(timestamp)
        }
        // The stream runs at 30 fps; the watcher gets at most 15 of them a second.
        for (earlier, later) in zip(timestamps, timestamps.dropFirst()) {
            #expect(later - earlier >= 0.9 / WireProtocol.previewFrameRate)
        }
        _ = try await owner.next { if case .binary(.frame) = $0 { true } else { false } }
        await watcher.close()
        await owner.close()
        await running.stop()
    }

    /// The read; a change's event (its reason set) is driven from the page's console in
    /// scripts/test-dashboard, since only a script activates the phone's audio session.
    /// The reply reads the phone's session as it is now: idle at first, then
    /// interrupted while a phone call (a mock action) holds it, with the ports it routes.
    @Test func theAudioRouteIsRead() async throws {
        let running = try await RunningServer.start()
        let peer = try await running.peer()
        _ = try await peer.hello()
        peer.send(.command(id: 1, .audioRoute))
        guard case .success(.audioRoute(let idle)) = try await peer.reply(to: 1) else { throw HarnessError("no route") }
        #expect(!idle.active)
        #expect(!idle.interrupted)
        #expect(idle.reason == nil)
        #expect(!idle.outputs.isEmpty, "the phone always has somewhere to play")
        peer.send(.command(id: 2, .mock(.phoneCall(seconds: 600))))
        _ = try await peer.reply(to: 2)
        peer.send(.command(id: 3, .audioRoute))
        guard case .success(.audioRoute(let inCall)) = try await peer.reply(to: 3) else { throw HarnessError("no route") }
        #expect(inCall.interrupted, "a phone call interrupts the session: \(inCall)")
        await peer.close()
        await running.stop()
    }

    @Test func aServerWithoutAConsoleRefusesConsoleCommandsWithTheFix() async throws {
        let running = try await RunningServer.start()
        let peer = try await running.peer()
        _ = try await peer.hello()
        peer.send(.command(id: 1, .console(code: "1+1")))
        guard case .failure(let error) = try await peer.reply(to: 1) else { Issue.record("a console reply"); return }
        #expect(error.domain == "console")
        #expect(error.code == "unavailable")
        #expect(error.message.contains("glasses serve"))
        await peer.close()
        await running.stop()
    }
}
