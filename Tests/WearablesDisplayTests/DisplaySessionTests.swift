import Testing
import WearablesCore
@testable import WearablesDisplay
import WearablesSimulator

/// The display capability on a session (DAT's `addDisplay()`), against the simulated glasses.
@Suite struct DisplaySessionTests {
    final class Log<Value> {
        var values: [Value] = []
        var tokens: [ListenerToken] = []
    }

    /// A world with one pair of Meta Ray-Ban Display glasses (or `model`), ready and connected.
    func world(_ model: DeviceType = .metaRayBanDisplay) -> SimulatedWorld {
        let world = SimulatedWorld.empty()
        world.kit.reset(registered: true, permissions: [.camera: .granted])
        world.kit.pairReadyGlasses(model: model)
        world.scheduler.run(for: 2)
        return world
    }

    func startedSession(_ world: SimulatedWorld) throws -> DeviceSession {
        let session = try world.wearables.createSession()
        try session.start()
        world.scheduler.run(for: 2)
        #expect(session.state == .started)
        return session
    }

    func startedDisplay(_ world: SimulatedWorld) throws -> (DeviceSession, Display, Log<DisplayState>) {
        let session = try startedSession(world)
        let display = try session.addDisplay()
        let states = Log<DisplayState>()
        states.tokens.append(display.addStateListener { states.values.append($0) })
        var started: Result<Void, DisplayError>?
        display.start { started = $0 }
        world.scheduler.run(for: 1)
        #expect(started.map { (try? $0.get()) != nil } == true)
        return (session, display, states)
    }

    static let card = ComponentSpec("flexbox", ["background": .string("card"), "padding": .number(24), "spacing": .number(12)], children: [
        ComponentSpec("text", ["content": .string("Code read"), "style": .string("heading")]),
        ComponentSpec("button", ["label": .string("Save"), "id": .string("save")]),
        ComponentSpec("button", ["label": .string("Skip")]),
    ])

    func send(_ display: Display, _ spec: ComponentSpec, _ world: SimulatedWorld) throws -> Result<Void, DisplayError>? {
        var outcome: Result<Void, DisplayError>?
        display.send(try DisplayTree(spec: spec)) { outcome = $0 }
        world.scheduler.run(for: 0.5)
        return outcome
    }

    @Test func onlyDisplayGlassesOnAStartedSessionAddOneDisplay() throws {
        let plain = world(.rayBanMeta)
        let session = try startedSession(plain)
        #expect(throws: DeviceSessionError.unexpectedError) { try session.addDisplay() }

        let glasses = world()
        let idle = try glasses.wearables.createSession()
        #expect(throws: DeviceSessionError.sessionIdle) { try idle.addDisplay() }
        let started = try startedSession(glasses)
        let display = try started.addDisplay()
        #expect(display.state == .stopped)
        #expect(throws: DeviceSessionError.capabilityAlreadyActive) { try started.addDisplay() }
        #expect(started.display === display)
    }

    @Test func startSendClickClearStop() throws {
        let world = world()
        let (_, display, states) = try startedDisplay(world)
        #expect(states.values == [.stopped, .starting, .started])
        let taps = Log<String>()
        taps.tokens.append(display.addTapListener { taps.values.append($0) })

        #expect(try send(display, Self.card, world).map { (try? $0.get()) != nil } == true)
        #expect(display.content?.ids == ["root", "root.1", "save", "root.3"])
        let lens = world.kit.glasses[0].display
        #expect(lens.content == display.content)
        #expect(lens.clickable(lens.content!) == ["save", "root.3"])

        #expect(lens.click("save"))
        #expect(lens.click("root.3"))
        #expect(!lens.click("root.1"))  // text is not clickable
        #expect(!lens.click("nope"))
        world.scheduler.run(for: 0.1)
        #expect(taps.values == ["save", "root.3"])

        var cleared: Result<Void, DisplayError>?
        display.clear { cleared = $0 }
        world.scheduler.run(for: 0.5)
        #expect(cleared.map { (try? $0.get()) != nil } == true)
        #expect(display.content == nil && lens.content == nil)
        #expect(!lens.click("save"))

        var stopped = false
        display.stop { stopped = true }
        world.scheduler.run(for: 0.5)
        #expect(stopped && display.state == .stopped && !lens.isOn)
        #expect(states.values == [.stopped, .starting, .started, .stopping, .stopped])
    }

    @Test func sendingBeforeStartedIsADisplayError() throws {
        let world = world()
        let session = try startedSession(world)
        let display = try session.addDisplay()
        let outcome = try send(display, Self.card, world)
        guard case .failure(.displayError(let message))? = outcome else { Issue.record("no displayError: \(String(describing: outcome))"); return }
        #expect(message.contains("stopped, not started"))
    }

    @Test func aSessionStopOrALinkLossStopsTheDisplay() throws {
        let world = world()
        let (session, display, _) = try startedDisplay(world)
        _ = try send(display, Self.card, world)
        session.stop()
        world.scheduler.run(for: 1)
        #expect(display.state == .stopped && display.content == nil && !display.holdsCapability)
        #expect(!world.kit.glasses[0].display.isOn)
        var restarted: Result<Void, DisplayError>?
        display.start { restarted = $0 }
        world.scheduler.run(for: 1)
        #expect(restarted.map { if case .failure(.deviceDisconnected) = $0 { true } else { false } } == true)

        world.scheduler.run(for: 5)  // past the glasses' restart cooldown
        let (_, second, _) = try startedDisplay(world)
        _ = try send(second, Self.card, world)
        world.kit.glasses[0].fold()
        world.scheduler.run(for: 1)
        #expect(second.state == .stopped && second.lastError == .deviceDisconnected)
        #expect(world.kit.glasses[0].display.content == nil)
    }

    @Test func clicksAreDroppedWhileTheSessionIsPaused() throws {
        let world = world()
        let (_, display, _) = try startedDisplay(world)
        _ = try send(display, Self.card, world)
        world.kit.glasses[0].tap()  // a captouch tap pauses the session
        world.scheduler.run(for: 0.5)
        #expect(!world.kit.glasses[0].display.click("save"))
        #expect(display.content != nil)  // content stays
    }

    @Test func aVideoPlaysStopsAndRefusesASecond() throws {
        let world = world()
        let (_, display, _) = try startedDisplay(world)
        let events = Log<VideoPlaybackEvent>()
        events.tokens.append(display.addPlaybackListener { events.values.append($0) })
        let video = ComponentSpec("video", ["url": .string("https://example.com/a.mp4")])
        _ = try send(display, video, world)
        world.scheduler.run(for: 1)
        #expect(display.isPlayingVideo)
        _ = try send(display, video, world)
        display.stopVideo()
        world.scheduler.run(for: 0.5)
        #expect(events.values == [VideoPlaybackEvent(.started), VideoPlaybackEvent(.error, errorType: .alreadyPlaying), VideoPlaybackEvent(.stopped)])
        #expect(events.values[1].error == .playbackFailed(.alreadyPlaying))
        #expect(!display.isPlayingVideo && display.content == nil)

        _ = try send(display, video, world)
        world.scheduler.run(for: SimulatedDisplay.videoStartDelay + SimulatedDisplay.videoDuration + 1)
        #expect(events.values.suffix(2) == [VideoPlaybackEvent(.started), VideoPlaybackEvent(.ended)])
    }

    /// A second video refused with `alreadyPlaying` changes nothing the app sees: the first still
    /// plays and is still what is shown (DAT: the case is the glasses' refusal; the first plays on).
    @Test func aRefusedVideoLeavesTheViewAsItWas() throws {
        let world = world()
        let (_, display, _) = try startedDisplay(world)
        let first = try DisplayTree(spec: ComponentSpec("video", ["url": .string("https://example.com/a.mp4")]))
        display.send(first) { _ in }
        world.scheduler.run(for: 1)
        #expect(display.isPlayingVideo && display.content == first)
        let second = ComponentSpec("video", ["url": .string("https://example.com/b.mp4")])
        #expect(try send(display, second, world).map { (try? $0.get()) != nil } == true, "the send itself succeeds")
        #expect(display.isPlayingVideo, "the first plays on")
        #expect(display.content == first, "and is what is shown")
        #expect(world.kit.glasses[0].display.content == first, "as on the lens")
        // A video sent once the first ended is not refused.
        display.stopVideo()
        world.scheduler.run(for: 0.5)
        let third = try DisplayTree(spec: second)
        display.send(third) { _ in }
        world.scheduler.run(for: 1)
        #expect(display.isPlayingVideo && display.content == third)
    }

    /// The same when the glasses' refusal comes after the send's answer (DAT does not order its
    /// playback events against `send`'s return): the refusal puts the view back.
    @Test func aRefusalHeardAfterTheAnswerPutsTheViewBack() throws {
        let world = world()
        let session = try startedSession(world)
        let glasses = try #require(session.deviceIdentifier)
        let display = Display(session: session, device: glasses, backend: LateRefusals(world.kit))
        display.start { _ in }
        world.scheduler.run(for: 1)
        let first = try DisplayTree(spec: ComponentSpec("video", ["url": .string("https://example.com/a.mp4")]))
        display.send(first) { _ in }
        world.scheduler.run(for: 1)
        #expect(display.isPlayingVideo)
        _ = try send(display, ComponentSpec("video", ["url": .string("https://example.com/b.mp4")]), world)
        #expect(display.isPlayingVideo, "the first plays on")
        #expect(display.content == first, "and is what is shown")
    }

    /// The simulator's lens, with each `alreadyPlaying` refusal held back until the send's answer is out.
    final class LateRefusals: DisplayBackend {
        let kit: MockDeviceKit
        private var events: ((DisplayBackendEvent) -> Void)?
        private var held: [DisplayBackendEvent] = []
        init(_ kit: MockDeviceKit) { self.kit = kit }

        func startDisplay(on device: DeviceIdentifier, events: @escaping (DisplayBackendEvent) -> Void,
                          completion: @escaping (Result<Void, DisplayError>) -> Void) {
            self.events = events
            kit.startDisplay(on: device, events: { [unowned self] event in
                if case .playback(let playback) = event, playback.errorType == .alreadyPlaying { held.append(event) } else { events(event) }
            }, completion: completion)
        }

        func sendDisplay(_ tree: DisplayTree, on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void) {
            kit.sendDisplay(tree, on: device) { [unowned self] result in
                completion(result)
                let late = held
                held = []
                late.forEach { events?($0) }
            }
        }

        func clearDisplay(on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void) {
            kit.clearDisplay(on: device, completion: completion)
        }

        func stopDisplayVideo(on device: DeviceIdentifier) { kit.stopDisplayVideo(on: device) }
        func stopDisplay(on device: DeviceIdentifier, completion: @escaping () -> Void) { kit.stopDisplay(on: device, completion: completion) }
    }

    @Test func aPhotoTransferCanTakeTheDisplayDown() throws {
        let world = world()
        let (session, display, _) = try startedDisplay(world)
        world.kit.glasses[0].display.photoTransferInterrupts = true
        let camera = try session.addCamera(.default)
        var streaming = false
        try camera.start { streaming = (try? $0.get()) != nil }
        world.scheduler.run(for: 3)
        #expect(streaming)
        var photo: Result<Photo, PhotoError>?
        camera.capture(format: .jpeg) { photo = $0 }
        world.scheduler.run(for: 3)
        #expect(photo.map { (try? $0.get()) != nil } == true)
        #expect(display.state == .stopped && display.holdsCapability)
    }
}
