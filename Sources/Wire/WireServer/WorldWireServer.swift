import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DATInterface
import Locking
import ThreadOwnership
import WearablesAudio
import WearablesCore
import WearablesDisplay
import WearablesMock
import WearablesWire
import WearablesWorld
import WireServing

/// A world seen through the wire, whatever stands behind it: the simulator (`glasses serve`)
/// or glasses through DAT (the phone's bridge). Each command from a client is the world's
/// backend call (`WearablesBackend`, the display's `DisplayBackend`), made as the model in
/// process makes it, and the backend's reports become events for every client. Tracks what
/// each client holds (sessions, camera feeds, Motion, displays) so a client that goes away
/// releases it. What only a simulated world has (the mock, a phone whose route it models, a
/// Lua console) is asked of the world, and refused with the reason where it has none.
///
/// `@unchecked Sendable`: made and used only on the world's thread (``WorldWireHost`` posts
/// every call there), which ``owner`` checks.
public final class WorldWireServer: WearablesBackendObserver, @unchecked Sendable {
    struct Client {
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
        /// The device of each of its streams, and the devices it added Inputs or Speech on
        /// (WorldWireServer+Holders.swift).
        var feedDevices: [Int: DeviceIdentifier] = [:]
        var inputsDevices: Set<DeviceIdentifier> = []
        var speechDevices: Set<DeviceIdentifier> = []
    }

    public let world: any GlassesWorld
    let configuration: WorldServerConfiguration
    /// What the consoles saved: announced as `file_saved`, served at `/v1/files/{name}`.
    public var savedFiles: SavedFiles { configuration.savedFiles }
    var backend: any WearablesBackend { world.wearables.backend }
    var clients: [Int: Client] = [:]
    /// Which client holds each device's session (also while it opens), one per device as on DAT.
    var sessionOwners: [DeviceIdentifier: Int] = [:]
    /// Each held session's state (`opening`, `running`, `paused`), the streams that ended, and
    /// the holders last sent per device (WorldWireServer+Holders.swift).
    var sessionStates: [DeviceIdentifier: String] = [:]
    var endedStreams: Set<Int> = []
    var holdersSent: [DeviceIdentifier: [WireHolder]] = [:]
    /// Which client started each device's display (WorldWireServer+Display.swift): it hears its reports.
    var displayOwners: [DeviceIdentifier: Int] = [:]
    /// Each client's streams of a pair's IMU, and each pair's Motion as the backend runs it
    /// for them (WorldWireServer+Motion.swift).
    var motionWatches: [Int: [DeviceIdentifier: MotionWatch]] = [:]
    var motionStarts: [DeviceIdentifier: MotionStart] = [:]
    /// Each device's link as last reported: a Motion sample crosses only while it is up.
    var links: [DeviceIdentifier: LinkState] = [:]
    private var nextStream = 1
    /// Each pair's mock state as last sent to clients, to send only what changed.
    private var mockSent: [DeviceIdentifier: WireMockGlasses] = [:]
    /// The phone's route changes and interruptions, sent as `audio_route` events.
    private var audioListeners: [AudioListenerToken] = []
    private var phoneAudioToken: (any DATListenerToken)?
    /// The world's thread, checked wherever a client's call arrives.
    let owner: ThreadOwner

    /// Serves `world`; call on the world's thread.
    public init(world: any GlassesWorld, configuration: WorldServerConfiguration) {
        self.world = world
        self.configuration = configuration
        owner = world.scheduler.thread
        owner.check()
        for glasses in world.mock?.paired ?? [] where mockSent[glasses.id] == nil {
            mockSent[glasses.id] = WireMockGlasses(glasses, pictures: configuration.pictures)
        }
        for device in backend.devices { links[device.identifier] = device.linkState }
        backend.attach(self)
        listenToPhoneAudio()
    }

    /// Stops hearing the phone's route; the clients' sessions are released as each leaves.
    public func close() {
        owner.check()
        for id in Array(clients.keys) { leave(id) }
        for listener in audioListeners { listener.cancel() }
        audioListeners = []
        if let token = phoneAudioToken { Task { await token.cancel() } }
        phoneAudioToken = nil
    }

    // MARK: The phone's audio route

    private func listenToPhoneAudio() {
        switch configuration.audioRoute {
        case .world:
            let audio = world.audio
            audioListeners = [
                audio.onRouteChange { [weak self] change in self?.publishAudioRoute(reason: change.reason.rawValue) },
                audio.onInterruption { [weak self] kind in
                    self?.publishAudioRoute(reason: kind == .began ? "interruptionBegan" : "interruptionEnded")
                },
                audio.onActivation { [weak self] active in self?.publishAudioRoute(reason: active ? "activated" : "deactivated") },
            ]
        case .phone(let phone):
            let target = SchedulerBoundWeak(self, on: world.scheduler)
            let inbox = world.scheduler.inbox
            phoneAudioToken = phone.listen { route in inbox.post { target.open()?.broadcast(.audioRoute(route)) } }
        case .unavailable:
            break
        }
    }

    /// The phone's audio route now, with AVAudioSession's names (the world's phone).
    public func audioRoute(reason: String? = nil) -> WireAudioRoute {
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

    private func answerAudioRoute(_ reply: @escaping (Result<WireReplyValue, WireError>) -> Void) {
        switch configuration.audioRoute {
        case .world:
            reply(.success(.audioRoute(audioRoute())))
        case .phone(let phone):
            let reply = SchedulerBound(reply, on: world.scheduler)
            let inbox = world.scheduler.inbox
            Task {
                let route = await phone.current()
                inbox.post { reply.open()(.success(.audioRoute(route))) }
            }
        case .unavailable(let reason):
            reply(.failure(WireError(domain: "audio", code: "unavailable", message: reason)))
        }
    }

    public var clientCount: Int { clients.count }

    func queue(of clientID: Int) -> OutboundQueue? { clients[clientID]?.queue }

    // MARK: Clients

    /// Adds a client that said hello and sends it the world as it is now, before any event.
    public func join(_ id: Int, name: String, queue: OutboundQueue) {
        owner.check()
        clients[id] = Client(queue: queue, name: name)
        world.trace.record(source: "serve", event: "client_joined", values: ["client": .int(id), "name": .string(name)])
        queue.send(.hello(hello(for: id)))
    }

    /// The world as it is now; `client`: the number of the client it greets.
    public func hello(for client: Int? = nil) -> ServerHello {
        let devices = backend.devices
        return ServerHello(
            server: configuration.name, world: configuration.worldKind, speed: world.scheduler.speed, time: world.scheduler.now,
            registration: backend.registrationState,
            permissions: Dictionary(uniqueKeysWithValues: Permission.allCases.map { ($0, backend.permissionStatus($0)) }),
            devices: devices,
            // Only what the backend can tell: DAT reports no bandwidth.
            bandwidth: Dictionary(devices.compactMap { device in
                let kbps = backend.linkBandwidthKbps(of: device.identifier)
                return kbps.isFinite ? (device.identifier, kbps) : nil
            }) { first, _ in first },
            mock: (world.mock?.paired ?? []).map { WireMockGlasses($0, pictures: configuration.pictures) },
            held: held, clientID: client)
    }

    // MARK: Mock

    /// Sends `mock_glasses` for each pair whose mock state differs from what clients were last sent.
    public func publishMockChanges() {
        guard let mock = world.mock else { return }
        for glasses in mock.paired {
            let state = WireMockGlasses(glasses, pictures: configuration.pictures)
            guard mockSent[glasses.id] != state else { continue }
            mockSent[glasses.id] = state
            broadcast(.mockGlasses(state))
        }
    }

    private func applyMock(_ action: MockAction, reply: @escaping (Result<WireReplyValue, WireError>) -> Void, queue: OutboundQueue) {
        guard let mock = world.mock else {
            // No reply: the protocol error says why (docs/protocol.md).
            return queue.send(.error(.protocolError("notSimulated",
                "this world is \(world.location); mock commands need a simulator")))
        }
        let pictures = configuration.pictures
        mock.perform(action) { [weak self] result in
            // The changes are broadcast first, so the reply finds the client's mirror current.
            self?.publishMockChanges()
            reply(result.map { $0.map { .mockGlasses(WireMockGlasses($0, pictures: pictures)) } ?? .done }.mapError(\.wireError))
        }
    }

    /// Releases what a departed client held: its camera feeds stop and its sessions close.
    public func leave(_ id: Int) {
        owner.check()
        guard let client = clients.removeValue(forKey: id) else { return }
        for feed in client.feeds.values { feed.stop() }
        endedStreams.subtract(client.feedDevices.keys)
        client.console?.close()
        releaseDisplays(of: id)
        stopMotionWatches(of: id)
        for (device, owner) in sessionOwners where owner == id {
            sessionOwners[device] = nil
            sessionStates[device] = nil
            backend.listenForSpeech(false, on: device)
            backend.closeSession(on: device) {}
        }
        // Its voice streams go with it, unless another client's still listens on that device.
        for device in client.voiceDevices where !clients.values.contains(where: { $0.voiceDevices.contains(device) }) {
            backend.listenForVoiceInvocations(false, on: device)
        }
        publishMockChanges()
        publishHolderChanges()
        world.trace.record(source: "serve", event: "client_left", values: [
            "client": .int(id), "name": .string(client.name), "feeds": .int(client.feeds.count)])
    }

    /// The devices whose session some client holds (`GET /v1/health`).
    public var sessionDevices: [DeviceIdentifier] { sessionOwners.keys.sorted() }

    /// A protocol error for a device this world does not have, naming the ones it has.
    func unknownDevice(_ device: DeviceIdentifier) -> WireError {
        let known = backend.devices.map(\.identifier)
        return .protocolError("unknownDevice",
            "no glasses '\(device)' in this world; devices: \(known.isEmpty ? "none" : known.joined(separator: ", "))")
    }

    // MARK: Commands

    public func handle(_ command: WireCommand, id: Int, from clientID: Int) {
        owner.check()
        guard let queue = clients[clientID]?.queue else { return }
        let reply: (Result<WireReplyValue, WireError>) -> Void = { queue.send(.reply(id: id, $0)) }
        // What a command changes at once (a stream, a display, a watch) reaches the other clients after its reply.
        defer { publishHolderChanges() }
        switch command {
        case .register:
            backend.startRegistration { [weak self] result in
                reply(result.map { .done }.mapError(WireError.init))
                if case .success = result { self?.broadcast(.registration(self?.backend.registrationState ?? .registered), except: clientID) }
            }
        case .unregister:
            backend.startUnregistration { [weak self] result in
                reply(result.map { .done }.mapError(WireError.init))
                if case .success = result { self?.broadcast(.registration(self?.backend.registrationState ?? .available), except: clientID) }
            }
        case .requestPermission(let permission):
            backend.requestPermission(permission) { [weak self] result in
                reply(result.map { .permission($0) }.mapError(WireError.init))
                if case .success(let status) = result { self?.broadcast(.permission(permission, status), except: clientID) }
            }
        case .openFirmwareUpdate:
            backend.openFirmwareUpdate { reply($0.map { .done }.mapError(WireError.init)) }
        case .openGlassesAppUpdate:
            backend.openDATGlassesAppUpdate { reply($0.map { .done }.mapError(WireError.init)) }
        case .openSession(let device):
            if let owner = sessionOwners[device], owner != clientID {
                return reply(.failure(WireError(DeviceSessionError.sessionAlreadyExists)))
            }
            sessionOwners[device] = clientID
            sessionStates[device] = "opening"
            backend.openSession(on: device) { [weak self] result in
                if let self, self.sessionOwners[device] == clientID {
                    if case .failure = result { self.sessionOwners[device] = nil }
                    if case .success = result { self.sessionStates[device] = "running" } else { self.sessionStates[device] = nil }
                    self.publishHolderChanges()
                }
                reply(result.map { .done }.mapError(WireError.init))
            }
            // A too-quick restart leaves the glasses stuck (the open then never completes), which only the mock sees.
            publishMockChanges()
        case .closeSession(let device):
            // Another client's session is not this one's to close.
            if sessionOwners[device] == clientID {
                sessionOwners[device] = nil
                sessionStates[device] = nil
                backend.closeSession(on: device) {}
            }
            reply(.success(.done))
        case .prepareCamera(let device):
            backend.prepareCamera(on: device) { reply($0.map { .done }.mapError(WireError.init)) }
        case .startCamera(let device, let settings):
            startCamera(device, settings, id: id, clientID: clientID, queue: queue)
        case .mock(let action):
            applyMock(action, reply: reply, queue: queue)
        case .console(let code):
            clients[clientID]?.consoleInputs.append((id, code))
            runNextConsoleInput(of: clientID)
        case .complete(let word):
            reply(console(of: clientID).map { .completions($0.completions(for: word)) })
        case .audioRoute:
            answerAudioRoute(reply)
        case .speechListen(let device, let listening):
            if listening { clients[clientID]?.speechDevices.insert(device) } else { clients[clientID]?.speechDevices.remove(device) }
            // A start is answered once the glasses have listened for as long as the model's
            // start takes, so what they heard in that time (a recogniser failing on its first
            // block) reaches the client before it, as it would the embedded model.
            let taken = backend.listenForSpeech(listening, on: device) { [weak self] in
                guard listening, let self else { return reply(.success(.done)) }
                _ = self.world.scheduler.schedule(after: Speech.startDelay) { reply(.success(.done)) }
            }
            publishMockChanges()
            if !taken { reply(.success(.done)) }
        case .voiceListen(let device, let listening):
            if listening { clients[clientID]?.voiceDevices.insert(device) } else { clients[clientID]?.voiceDevices.remove(device) }
            let anyone = clients.values.contains { $0.voiceDevices.contains(device) }
            backend.listenForVoiceInvocations(anyone, on: device)
            publishMockChanges()
            reply(.success(.done))
        case .voiceAnswer(let device, let request, let success, let output):
            backend.answerVoiceInvocation(request, on: device, success: success, output: output) { [weak self] taken in
                self?.publishMockChanges()
                reply(.success(.taken(taken)))
            }
        case .watchMotion(let device, let rate):
            watchMotion(device, rate: rate, from: clientID, queue: queue, reply: reply)
        case .watchInputs(let device, let inputs):
            reply(watchInputs(device, configuration: inputs, from: clientID))
        case .watchPreviews(let watch):
            clients[clientID]?.watchesPreviews = watch
            clients[clientID]?.previewSent = [:]
            reply(.success(.done))
        case .stopCamera(let stream):
            clients[clientID]?.feeds.removeValue(forKey: stream)?.stop()
            if clients[clientID]?.feedDevices.removeValue(forKey: stream) != nil { endedStreams.remove(stream) }
            queue.discardFrames(of: stream)
            reply(.success(.done))
        case .displayStart, .displaySend, .displayClear, .displayStopVideo, .displayStop:
            handleDisplay(command, from: clientID, queue: queue, reply: reply)
        case .capture(let device, let format, let size, let quality, let audioOverHFP):
            backend.capturePhoto(on: device, format: format, size: size, quality: quality, phoneAudioOverHFP: audioOverHFP, setUp: {
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

    /// `watch_inputs`: DAT's `sources` is a routing request (while an Inputs holds a surface, the
    /// glasses' own handling of it gives way to the app), so only the session's holder adds or
    /// removes Inputs, and the backend asks the glasses for exactly those (the simulator reports
    /// every input and each client's model keeps what it asked for).
    private func watchInputs(_ device: DeviceIdentifier, configuration inputs: InputsConfiguration?, from clientID: Int)
        -> Result<WireReplyValue, WireError> {
        guard backend.devices.contains(where: { $0.identifier == device }) else { return .failure(unknownDevice(device)) }
        guard sessionOwners[device] == clientID else {
            if inputs == nil { return .success(.done) }
            return .failure(.protocolError("noSession",
                "watch_inputs needs this client's started session on '\(device)' (open_session first): DAT adds Inputs to a started session"))
        }
        backend.watchInputs(on: device, configuration: inputs)
        if inputs == nil { clients[clientID]?.inputsDevices.remove(device) } else { clients[clientID]?.inputsDevices.insert(device) }
        return .success(.done)
    }

    // MARK: Console

    /// The client's console, made on first use.
    private func console(of clientID: Int) -> Result<any WorldConsole, WireError> {
        if let console = clients[clientID]?.console { return .success(console) }
        guard let makeConsole = configuration.makeConsole else {
            return .failure(WireError(domain: "console", code: "unavailable", message: configuration.noConsole))
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
    /// not hold the world up. A picture that arrived as JPEG at the stream's size (DAT's)
    /// crosses as it came. At most two frames are in the encoder; more are counted as
    /// dropped. With no watcher, a stream costs what it did before previews existed.
    private func startCamera(_ device: DeviceIdentifier, _ settings: EffectiveStreamSettings, id: Int, clientID: Int,
                             queue: OutboundQueue) {
        let stream = nextStream
        nextStream += 1
        var index = 0
        let encoder = DispatchQueue(label: "glasses-frames-\(stream)")
        let encoding = AtomicValue<Int>(0)
        let pictures = configuration.pictures
        let handle = backend.startCamera(on: device, settings: settings) { [weak self] timestamp, picture in
            defer { index += 1 }
            let ownerHasRoom = queue.hasRoomForFrame
            let watchers = self?.previewWatchers(of: stream, owner: clientID, at: timestamp) ?? []
            guard ownerHasRoom || !watchers.isEmpty, encoding.load() < 2 else {
                return queue.offerFrame(stream: stream, nil)
            }
            let frameIndex = index
            let deliver = { @Sendable (jpeg: Data?) in
                let message = jpeg.map {
                    BinaryMessage.frame(stream: stream, index: frameIndex, timestamp: timestamp, size: settings.size, jpeg: $0).encoded()
                }
                queue.offerFrame(stream: stream, ownerHasRoom ? message : nil)
                for watcher in watchers { watcher.offerFrame(stream: stream, message) }
            }
            if let encoded = picture as? EncodedFrameSource, encoded.encodedSize == settings.size {
                return deliver(encoded.jpeg)
            }
            let image = picture.image(at: timestamp, size: settings.size)
            encoding.add(1)
            encoder.async {
                deliver(try? pictures.jpeg(image))
                encoding.subtract(1)
            }
        }
        guard let handle else {
            return queue.send(.reply(id: id, .failure(WireError(StreamError.deviceNotFound(device)))))
        }
        clients[clientID]?.feeds[stream] = handle
        clients[clientID]?.feedDevices[stream] = device
        // The client is the phone: it pauses its own A2DP playback to these glasses (ios#256).
        if backend.a2dpPausesOnStream { queue.send(.event(.a2dpPausedByStream(device: device))) }
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

    public func backend(didChangeRegistration state: RegistrationState) { broadcast(.registration(state)) }

    public func backend(didUpdate device: DeviceSnapshot) {
        links[device.identifier] = device.linkState
        broadcast(.device(device))
        publishMockChanges()
    }

    public func backend(didRemoveDevice identifier: DeviceIdentifier) {
        endMotionWatches(of: identifier)
        links[identifier] = nil
        sessionOwners[identifier] = nil
        sessionStates[identifier] = nil
        mockSent[identifier] = nil
        holdersSent[identifier] = nil
        broadcast(.deviceRemoved(identifier))
    }

    public func backend(didChangePermission permission: Permission, to status: PermissionStatus) {
        broadcast(.permission(permission, status))
    }

    public func backend(didChangeLinkBandwidth kbps: Double, for identifier: DeviceIdentifier) {
        broadcast(.bandwidth(device: identifier, kbps: kbps))
        publishMockChanges()
    }

    public func backend(didInterruptSessionOn identifier: DeviceIdentifier, with interruption: SessionInterruption) {
        if case .ended = interruption { sessionOwners[identifier] = nil }
        broadcast(.session(device: identifier, interruption))
        trackSession(interruption, on: identifier)
    }

    public func backend(didReceive input: DeviceInput, on identifier: DeviceIdentifier) {
        broadcast(.input(device: identifier, input))
    }

    public func backend(didReport report: CapabilityReport, on identifier: DeviceIdentifier) {
        broadcast(.capability(device: identifier, report))
    }

    public func backend(didStream samples: [MotionSample], on identifier: DeviceIdentifier) {
        motionStreamed(samples, on: identifier)
    }

    func broadcast(_ event: WireEvent, except excluded: Int? = nil) {
        for (id, client) in clients where id != excluded { client.queue.send(.event(event)) }
    }
}
