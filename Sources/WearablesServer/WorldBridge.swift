import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import WearablesAudio
import WearablesCore
import WearablesMock
import WearablesSimulator
import WearablesWire
import WirePictures
import WireServing

/// The kit seen through the wire: commands from clients become the kit's backend
/// calls, and the kit's reports become events for every client. Tracks what each
/// client holds (sessions, camera feeds) so a client that goes away releases it.
///
/// `@unchecked Sendable`: made and used only on the world's thread (`ServedWorld.post`).
final class WorldBridge: WearablesBackendObserver, @unchecked Sendable {
    private struct Client {
        let queue: OutboundQueue
        let name: String
        var feeds: [Int: CameraFeedHandle] = [:]
        /// Made on the client's first console command; its inputs run one at a time.
        var console: (any WorldConsole)?
        var consoleInputs: [(id: Int, code: String)] = []
        var consoleBusy = false
        /// Gets other clients' frames too (`watch_previews`): each stream's last sent timestamp.
        var watchesPreviews = false
        var previewSent: [Int: Double] = [:]
        /// The devices this client's voice invocation streams listen on.
        var voiceDevices: Set<DeviceIdentifier> = []
    }

    let world: SimulatedWorld
    /// Makes the clients' consoles (`glasses serve` wires the REPL engine in); nil: no console.
    private let makeConsole: WorldConsole.Factory?
    /// What the consoles saved: announced as `file_saved`, served at `/v1/files/{name}`.
    let savedFiles: SavedFiles
    private var kit: MockDeviceKit { world.kit }
    private var clients: [Int: Client] = [:]
    /// Which client holds each device's session (also while it opens), one per device as on DAT.
    private var sessionOwners: [DeviceIdentifier: Int] = [:]
    /// Which client started each device's display (WorldBridge+Display.swift): it hears its reports.
    var displayOwners: [DeviceIdentifier: Int] = [:]
    /// Each client's streams of a pair's IMU (WorldBridge+Motion.swift), by client, then device.
    var motionWatches: [Int: [DeviceIdentifier: MotionWatch]] = [:]
    private var nextStream = 1
    /// Each pair's mock state as last sent to clients, to send only what changed.
    private var mockSent: [DeviceIdentifier: WireMockGlasses] = [:]
    /// The phone's route changes and interruptions, sent as `audio_route` events.
    private var audioListeners: [AudioListenerToken] = []

    init(world: SimulatedWorld, makeConsole: WorldConsole.Factory? = nil, savedFiles: SavedFiles = SavedFiles(folder: nil)) {
        self.world = world
        self.makeConsole = makeConsole
        self.savedFiles = savedFiles
        mockSent = Dictionary(world.kit.glasses.map { ($0.identifier, WireMockGlasses(MockGlassesState($0))) }) { first, _ in first }
        world.kit.attach(self)
        audioListeners = [
            world.audio.onRouteChange { [weak self] change in self?.publishAudioRoute(reason: change.reason.rawValue) },
            world.audio.onInterruption { [weak self] kind in
                self?.publishAudioRoute(reason: kind == .began ? "interruptionBegan" : "interruptionEnded")
            },
            world.audio.onActivation { [weak self] active in self?.publishAudioRoute(reason: active ? "activated" : "deactivated") },
        ]
    }

    /// The phone's audio route now, with AVAudioSession's names.
    func audioRoute(reason: String? = nil) -> WireAudioRoute {
        WireAudioRoute(world.audio, reason: reason)
    }

    /// Sent from the next event: a listener hears of the change before the session has
    /// settled (activation reroutes before it is marked active).
    private func publishAudioRoute(reason: String) {
        _ = world.scheduler.schedule(after: 0) { [weak self] in
            guard let self else { return }
            broadcast(.audioRoute(audioRoute(reason: reason)))
        }
    }

    var clientCount: Int { clients.count }

    func queue(of clientID: Int) -> OutboundQueue? { clients[clientID]?.queue }

    // MARK: Clients

    /// Adds a client that said hello and sends it the world as it is now, before any event.
    func join(_ id: Int, name: String, queue: OutboundQueue) {
        clients[id] = Client(queue: queue, name: name)
        world.trace.record(source: "serve", event: "client_joined", values: ["client": .int(id), "name": .string(name)])
        queue.send(.hello(hello()))
    }

    func hello() -> ServerHello {
        ServerHello(
            server: "glasses serve", world: "simulator", speed: world.scheduler.speed, time: world.scheduler.now,
            registration: kit.registrationState,
            permissions: Dictionary(uniqueKeysWithValues: Permission.allCases.map { ($0, kit.permissionStatus($0)) }),
            devices: kit.devices,
            bandwidth: Dictionary(kit.devices.map { ($0.identifier, kit.linkBandwidthKbps(of: $0.identifier)) }) { a, _ in a },
            mock: world.paired.map(WireMockGlasses.init))
    }

    // MARK: Mock

    /// Applies a mock action, from a client's `mock` command or an HTTP control route
    /// alike, and tells every client what it changed.
    func applyMock(_ action: MockAction) -> Result<WireMockGlasses?, MockActionError> {
        let result = world.apply(action)
        publishMockChanges()
        return result.map { $0.map(WireMockGlasses.init) }
    }

    /// Sends `mock_glasses` for each pair whose mock state differs from what clients were last sent.
    func publishMockChanges() {
        for glasses in kit.glasses {
            let state = WireMockGlasses(MockGlassesState(glasses))
            guard mockSent[glasses.identifier] != state else { continue }
            mockSent[glasses.identifier] = state
            broadcast(.mockGlasses(state))
        }
    }

    /// Releases what a departed client held: its camera feeds stop and its sessions close.
    func leave(_ id: Int) {
        guard let client = clients.removeValue(forKey: id) else { return }
        for feed in client.feeds.values { feed.stop() }
        client.console?.close()
        releaseDisplays(of: id)
        stopMotionWatches(of: id)
        for (device, owner) in sessionOwners where owner == id {
            sessionOwners[device] = nil
            kit.listenForSpeech(false, on: device)
            kit.closeSession(on: device) {}
        }
        // Its voice streams go with it, unless another client's still listens on that device.
        for device in client.voiceDevices where !clients.values.contains(where: { $0.voiceDevices.contains(device) }) {
            kit.listenForVoiceInvocations(false, on: device)
        }
        publishMockChanges()
        world.trace.record(source: "serve", event: "client_left", values: [
            "client": .int(id), "name": .string(client.name), "feeds": .int(client.feeds.count)])
    }

    /// The devices whose session some client holds (`GET /v1/health`).
    var sessionDevices: [DeviceIdentifier] { sessionOwners.keys.sorted() }

    // MARK: Commands

    func handle(_ command: WireCommand, id: Int, from clientID: Int) {
        guard let queue = clients[clientID]?.queue else { return }
        let reply: (Result<WireReplyValue, WireError>) -> Void = { queue.send(.reply(id: id, $0)) }
        switch command {
        case .register:
            kit.startRegistration { [weak self] result in
                reply(result.map { .done }.mapError(WireError.init))
                if case .success = result { self?.broadcast(.registration(self?.kit.registrationState ?? .registered), except: clientID) }
            }
        case .unregister:
            kit.startUnregistration { [weak self] result in
                reply(result.map { .done }.mapError(WireError.init))
                if case .success = result { self?.broadcast(.registration(self?.kit.registrationState ?? .available), except: clientID) }
            }
        case .requestPermission(let permission):
            kit.requestPermission(permission) { [weak self] result in
                reply(result.map { .permission($0) }.mapError(WireError.init))
                if case .success(let status) = result { self?.broadcast(.permission(permission, status), except: clientID) }
            }
        case .openFirmwareUpdate:
            kit.openFirmwareUpdate { reply($0.map { .done }.mapError(WireError.init)) }
        case .openGlassesAppUpdate:
            kit.openDATGlassesAppUpdate { reply($0.map { .done }.mapError(WireError.init)) }
        case .openSession(let device):
            if let owner = sessionOwners[device], owner != clientID {
                return reply(.failure(WireError(DeviceSessionError.sessionAlreadyExists)))
            }
            sessionOwners[device] = clientID
            kit.openSession(on: device) { [weak self] result in
                if case .failure = result, self?.sessionOwners[device] == clientID { self?.sessionOwners[device] = nil }
                reply(result.map { .done }.mapError(WireError.init))
            }
            // A too-quick restart leaves the glasses stuck (the open then never completes), which only the mock sees.
            publishMockChanges()
        case .closeSession(let device):
            // Another client's session is not this one's to close.
            if sessionOwners[device] == clientID {
                sessionOwners[device] = nil
                kit.closeSession(on: device) {}
            }
            reply(.success(.done))
        case .prepareCamera(let device):
            kit.prepareCamera(on: device) { reply($0.map { .done }.mapError(WireError.init)) }
        case .startCamera(let device, let settings):
            startCamera(device, settings, id: id, clientID: clientID, queue: queue)
        case .mock(let action):
            // The changes are broadcast first, so the reply finds the client's mirror current.
            reply(applyMock(action).map { $0.map(WireReplyValue.mockGlasses) ?? .done }.mapError(\.wireError))
        case .console(let code):
            clients[clientID]?.consoleInputs.append((id, code))
            runNextConsoleInput(of: clientID)
        case .complete(let word):
            reply(console(of: clientID).map { .completions($0.completions(for: word)) })
        case .audioRoute:
            reply(.success(.audioRoute(audioRoute())))
        case .speechListen(let device, let listening):
            // A start is answered once the glasses have listened for as long as the model's
            // start takes, so what they heard in that time (a recogniser failing on its first
            // block) reaches the client before it, as it would the embedded model.
            let taken = kit.listenForSpeech(listening, on: device) { [weak self] in
                guard listening, let self else { return reply(.success(.done)) }
                _ = self.world.scheduler.schedule(after: Speech.startDelay) { reply(.success(.done)) }
            }
            publishMockChanges()
            if !taken { reply(.success(.done)) }
        case .voiceListen(let device, let listening):
            if listening { clients[clientID]?.voiceDevices.insert(device) } else { clients[clientID]?.voiceDevices.remove(device) }
            let anyone = clients.values.contains { $0.voiceDevices.contains(device) }
            kit.listenForVoiceInvocations(anyone, on: device)
            publishMockChanges()
            reply(.success(.done))
        case .voiceAnswer(let device, let request, let success, let output):
            kit.answerVoiceInvocation(request, on: device, success: success, output: output) { [weak self] taken in
                self?.publishMockChanges()
                reply(.success(.taken(taken)))
            }
        case .watchMotion(let device, let rate):
            reply(watchMotion(device, rate: rate, from: clientID, queue: queue))
        case .watchInputs:
            // The served glasses report every input to every client, whose model keeps what its
            // Inputs asked for (MockInputKit delivers only to an app Inputs, which each client holds).
            reply(.success(.done))
        case .watchPreviews(let watch):
            clients[clientID]?.watchesPreviews = watch
            clients[clientID]?.previewSent = [:]
            reply(.success(.done))
        case .stopCamera(let stream):
            clients[clientID]?.feeds.removeValue(forKey: stream)?.stop()
            queue.discardFrames(of: stream)
            reply(.success(.done))
        case .displayStart, .displaySend, .displayClear, .displayStopVideo, .displayStop:
            handleDisplay(command, from: clientID, queue: queue, reply: reply)
        case .capture(let device, let format, let size, let quality, let audioOverHFP):
            kit.capturePhoto(on: device, format: format, size: size, quality: quality, phoneAudioOverHFP: audioOverHFP, setUp: {
                queue.send(.event(.captureStarted(id: id)))
            }, progress: { progress in
                queue.send(.event(.captureProgress(id: id, progress)))
            }) { result in
                switch result {
                case .success(let photo): queue.send(.photo(id: id, photo))
                case .failure(let error): reply(.failure(WireError(error)))
                }
            }
        }
    }

    // MARK: Console

    /// The client's console, made on first use.
    private func console(of clientID: Int) -> Result<any WorldConsole, WireError> {
        if let console = clients[clientID]?.console { return .success(console) }
        guard let makeConsole else {
            return .failure(WireError(domain: "console", code: "unavailable",
                message: "this server has no Lua console: serve the world with `glasses serve`, which provides one"))
        }
        do {
            let console = try makeConsole(world)
            console.onSave = { [weak self] file in self?.announceSaved(file) }
            clients[clientID]?.console = console
            return .success(console)
        } catch {
            return .failure(WireError(domain: "console", code: "failed", message: "the console could not start: \(error)"))
        }
    }

    /// Every client hears of a file any console saved: the gallery shows the world's
    /// photos and recordings, whoever made them.
    private func announceSaved(_ saved: SavedFile) {
        guard let file = savedFiles.add(saved) else { return }
        world.trace.record(source: "serve", event: "file_saved", values: ["name": .string(file.name), "kind": .string(file.kind.rawValue)])
        broadcast(.fileSaved(file))
    }

    /// Starts the client's oldest waiting input unless one is running; each reply
    /// starts the next, so a client's inputs run in the order it sent them.
    private func runNextConsoleInput(of clientID: Int) {
        guard let client = clients[clientID], !client.consoleBusy, let input = client.consoleInputs.first else { return }
        clients[clientID]?.consoleInputs.removeFirst()
        switch console(of: clientID) {
        case .failure(let error):
            client.queue.send(.reply(id: input.id, .failure(error)))
            runNextConsoleInput(of: clientID)
        case .success(let console):
            clients[clientID]?.consoleBusy = true
            console.evaluate(input.code) { [weak self] output, errorOutput in
                client.queue.send(.reply(id: input.id, .success(.console(output: output, errorOutput: errorOutput))))
                guard let self, self.clients[clientID] != nil else { return }
                self.clients[clientID]?.consoleBusy = false
                self.runNextConsoleInput(of: clientID)
            }
        }
    }

    // MARK: Frames

    /// Each picture is rendered here, on the world's thread (a feed need not be
    /// thread-safe), only when the client or a preview watcher has room for it, and
    /// JPEG-encoded once on the stream's own serial queue, in order, so encoding does
    /// not hold the world up. At most two frames are in the encoder; more are counted
    /// as dropped. With no watcher, a stream costs what it did before previews existed.
    private func startCamera(_ device: DeviceIdentifier, _ settings: EffectiveStreamSettings, id: Int, clientID: Int,
                             queue: OutboundQueue) {
        let stream = nextStream
        nextStream += 1
        var index = 0
        let encoder = DispatchQueue(label: "glasses-frames-\(stream)")
        let encoding = AtomicValue<Int>(0)
        let handle = kit.startCamera(on: device, settings: settings) { [weak self] timestamp, picture in
            defer { index += 1 }
            let ownerHasRoom = queue.hasRoomForFrame
            let watchers = self?.previewWatchers(of: stream, owner: clientID, at: timestamp) ?? []
            guard ownerHasRoom || !watchers.isEmpty, encoding.load() < 2 else {
                return queue.offerFrame(stream: stream, nil)
            }
            let image = picture.image(at: timestamp, size: settings.size)
            let frameIndex = index
            encoding.add(1)
            encoder.async {
                let jpeg = try? ImageCodecs.encode(image, as: .jpeg)
                let message = jpeg.map {
                    BinaryMessage.frame(stream: stream, index: frameIndex, timestamp: timestamp, size: settings.size, jpeg: $0).encoded()
                }
                queue.offerFrame(stream: stream, ownerHasRoom ? message : nil)
                for watcher in watchers { watcher.offerFrame(stream: stream, message) }
                encoding.subtract(1)
            }
        }
        guard let handle else {
            return queue.send(.reply(id: id, .failure(WireError(StreamError.deviceNotFound(device)))))
        }
        clients[clientID]?.feeds[stream] = handle
        // The client is the phone: it pauses its own A2DP playback to these glasses (ios#256).
        if kit.a2dpPausesOnStream { queue.send(.event(.a2dpPausedByStream(device: device))) }
        queue.send(.reply(id: id, .success(.stream(stream))))
    }

    /// The queues of the clients watching previews (not the stream's owner) that have room
    /// and are due a frame of `stream` at `timestamp` (at most `previewFrameRate` a second);
    /// marks them as sent.
    private func previewWatchers(of stream: Int, owner: Int, at timestamp: Double) -> [OutboundQueue] {
        let interval = 1 / WireProtocol.previewFrameRate
        var due: [OutboundQueue] = []
        for (id, client) in clients where id != owner && client.watchesPreviews && client.queue.hasRoomForFrame {
            // A little slack, so a 15 fps stream is not thinned by timestamp rounding.
            if let last = client.previewSent[stream], timestamp - last < interval * 0.9 { continue }
            clients[id]?.previewSent[stream] = timestamp
            due.append(client.queue)
        }
        return due
    }

    // MARK: WearablesBackendObserver

    func backend(didChangeRegistration state: RegistrationState) { broadcast(.registration(state)) }

    func backend(didUpdate device: DeviceSnapshot) {
        broadcast(.device(device))
        publishMockChanges()
    }

    func backend(didRemoveDevice identifier: DeviceIdentifier) {
        endMotionWatches(of: identifier)
        sessionOwners[identifier] = nil
        mockSent[identifier] = nil
        broadcast(.deviceRemoved(identifier))
    }

    func backend(didChangePermission permission: Permission, to status: PermissionStatus) {
        broadcast(.permission(permission, status))
    }

    func backend(didChangeLinkBandwidth kbps: Double, for identifier: DeviceIdentifier) {
        broadcast(.bandwidth(device: identifier, kbps: kbps))
        publishMockChanges()
    }

    func backend(didInterruptSessionOn identifier: DeviceIdentifier, with interruption: SessionInterruption) {
        if case .ended = interruption { sessionOwners[identifier] = nil }
        broadcast(.session(device: identifier, interruption))
    }

    func backend(didReceive input: DeviceInput, on identifier: DeviceIdentifier) {
        broadcast(.input(device: identifier, input))
    }

    func backend(didReport report: CapabilityReport, on identifier: DeviceIdentifier) {
        broadcast(.capability(device: identifier, report))
    }

    private func broadcast(_ event: WireEvent, except excluded: Int? = nil) {
        for (id, client) in clients where id != excluded { client.queue.send(.event(event)) }
    }
}
