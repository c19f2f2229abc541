import DATInterface
import WearablesModel
import WearablesWire
import WireServing

/// What the bridge knows of the DAT world and its clients, touched only by mailbox jobs.
/// Commands become DAT-shaped calls; DAT's listeners become wire events. A DAT call that
/// never returns leaves its command without a reply, as the protocol allows: the client's
/// model times it out, and the bridge goes on.
actor BridgeCore {
    typealias Reply = @Sendable (Result<WireReplyValue, WireError>) -> Void

    let wearables: any DATWearables
    /// Decodes the JPEG of a display tree's images (the platform's codec: the core links none).
    let pictures: any WirePictureCoding
    let phoneAudio: (any PhoneAudioRoute)?
    let serverName: String
    /// Run time: 1 run second per wall second over real glasses; a fake's simulated world may run faster.
    let clock: BridgeClock
    /// Set once, right after init (the mailbox runs jobs on this actor).
    var mailbox: BridgeMailbox!

    var clients: [Int: BridgeClient] = [:]
    var registration: RegistrationState = .unavailable
    var permissions: [Permission: PermissionStatus] = [:]
    /// Devices in the order DAT listed them.
    var deviceOrder: [DeviceIdentifier] = []
    var devices: [DeviceIdentifier: DeviceSnapshot] = [:]
    var deviceTokens: [DeviceIdentifier: any DATListenerToken] = [:]
    var worldTokens: [any DATListenerToken] = []
    var sessions: [DeviceIdentifier: BridgeSession] = [:]
    /// Names each session the bridge opens, so a DAT report names the session it is about.
    var nextSession = 1
    var streams: [Int: BridgeStream] = [:]
    var nextStream = 1
    var voice: (any DATVoiceInvocationsStream)?
    var voiceTokens: [any DATListenerToken] = []
    var voiceRequests: [String: DATLaunchApp] = [:]
    var nextVoiceRequest = 1
    var displayOwners: [DeviceIdentifier: Int] = [:]
    let previewWatchers = PreviewWatchers()

    init(wearables: any DATWearables, pictures: any WirePictureCoding, phoneAudio: (any PhoneAudioRoute)?, serverName: String, speed: Double) {
        self.wearables = wearables
        self.pictures = pictures
        self.phoneAudio = phoneAudio
        self.serverName = serverName
        clock = BridgeClock(speed: speed)
    }

    func run(_ job: BridgeMailbox.Job) { job(self) }


    // MARK: The DAT world

    /// Reads the world as it is and listens for its changes; permissions are asked of
    /// DAT here, so the first hello already has them.
    func prime() async {
        registration = wearables.registrationState
        for permission in Permission.allCases {
            permissions[permission] = (try? await wearables.checkPermissionStatus(permission)) ?? .denied
        }
        devicesChanged(wearables.devices)
        let mailbox = mailbox!
        worldTokens.append(wearables.addRegistrationStateListener { state in
            mailbox.enqueue { core in core.registrationChanged(state) }
        })
        worldTokens.append(wearables.addDevicesListener { identifiers in
            mailbox.enqueue { core in core.devicesChanged(identifiers) }
        })
        if let phoneAudio {
            worldTokens.append(phoneAudio.listen { route in
                mailbox.enqueue { core in core.broadcast(.audioRoute(route)) }
            })
        }
    }

    func registrationChanged(_ state: RegistrationState) {
        guard state != registration else { return }
        registration = state
        broadcast(.registration(state))
    }

    func devicesChanged(_ identifiers: [DeviceIdentifier]) {
        for gone in deviceOrder where !identifiers.contains(gone) {
            devices[gone] = nil
            if let token = deviceTokens.removeValue(forKey: gone) { Task { await token.cancel() } }
            releaseSession(on: gone)
            broadcast(.deviceRemoved(gone))
        }
        deviceOrder = identifiers.filter { wearables.deviceForIdentifier($0) != nil }
        let mailbox = mailbox!
        for identifier in deviceOrder where devices[identifier] == nil {
            guard let device = wearables.deviceForIdentifier(identifier) else { continue }
            devices[identifier] = device.snapshot
            broadcast(.device(device.snapshot))
            deviceTokens[identifier] = device.addDeviceStateListener { _ in
                mailbox.enqueue { core in core.deviceStateChanged(identifier) }
            }
        }
    }

    func deviceStateChanged(_ identifier: DeviceIdentifier) {
        guard devices[identifier] != nil, let device = wearables.deviceForIdentifier(identifier) else { return }
        let snapshot = device.snapshot
        guard snapshot != devices[identifier] else { return }
        devices[identifier] = snapshot
        broadcast(.device(snapshot))
    }

    /// Stops listening to DAT and ends every session the bridge opened.
    func shutDown() {
        for token in worldTokens + Array(deviceTokens.values) { Task { await token.cancel() } }
        worldTokens = []
        deviceTokens = [:]
        for device in Array(sessions.keys) { releaseSession(on: device) }
    }

    // MARK: Clients

    func join(_ id: Int, name: String, queue: OutboundQueue) {
        clients[id] = BridgeClient(queue: queue, name: name)
        queue.send(.hello(hello()))
    }

    func hello() -> ServerHello {
        ServerHello(server: serverName, world: "dat", speed: clock.speed, time: clock.now(), registration: registration,
                    permissions: permissions, devices: deviceOrder.compactMap { devices[$0] }, bandwidth: [:])
    }

    /// Releases what a departed client held: its streams stop, its sessions and displays close.
    func leave(_ id: Int) {
        guard let client = clients.removeValue(forKey: id) else { return }
        previewWatchers.watch(false, client: id, queue: client.queue)
        for (number, stream) in streams where stream.owner == id { stopStream(number) }
        for (device, session) in sessions where session.owner == id { releaseSession(on: device) }
        for session in sessions.values { unwatchMotion(of: session, by: id) }
        for device in client.voiceDevices { updateVoiceListening(on: device) }
    }

    func broadcast(_ event: WireEvent, except excluded: Int? = nil) {
        for (id, client) in clients where id != excluded { client.queue.send(.event(event)) }
    }

    // MARK: Commands

    func handle(_ command: WireCommand, id: Int, from clientID: Int) {
        guard let queue = clients[clientID]?.queue else { return }
        let reply: Reply = { queue.send(.reply(id: id, $0)) }
        let wearables = wearables
        let mailbox = mailbox!
        switch command {
        case .register:
            Task {
                do throws(RegistrationError) {
                    try await wearables.startRegistration()
                    reply(.success(.done))
                } catch { reply(.failure(WireError(error))) }
            }
        case .unregister:
            Task {
                do throws(UnregistrationError) {
                    try await wearables.startUnregistration()
                    reply(.success(.done))
                } catch { reply(.failure(WireError(error))) }
            }
        case .requestPermission(let permission):
            Task {
                do throws(PermissionError) {
                    let status = try await wearables.requestPermission(permission)
                    mailbox.enqueue { core in core.permissionChanged(permission, status, by: clientID) }
                    reply(.success(.permission(status)))
                } catch { reply(.failure(WireError(error))) }
            }
        case .openFirmwareUpdate:
            Task {
                do throws(NavigationError) {
                    try await wearables.openFirmwareUpdate()
                    reply(.success(.done))
                } catch { reply(.failure(WireError(error))) }
            }
        case .openGlassesAppUpdate:
            Task {
                do throws(NavigationError) {
                    try await wearables.openDATGlassesAppUpdate()
                    reply(.success(.done))
                } catch { reply(.failure(WireError(error))) }
            }
        case .openSession(let device):
            openSession(device, by: clientID, reply: reply)
        case .closeSession(let device):
            if sessions[device]?.owner == clientID { releaseSession(on: device) }
            reply(.success(.done))
        case .prepareCamera(let device):
            reply(cameraReadiness(on: device, for: clientID))
        case .startCamera(let device, let settings):
            startCamera(device, settings, by: clientID, reply: reply)
        case .stopCamera(let stream):
            if streams[stream]?.owner == clientID { stopStream(stream) }
            queue.discardFrames(of: stream)
            reply(.success(.done))
        case .capture(let device, let format, let size, let quality, _):
            capture(on: device, PhotoRequest(format: format, size: size, quality: quality), id: id, by: clientID, queue: queue)
        case .mock:
            // No reply: the protocol error says why (docs/ios-bridge.md).
            queue.send(.error(.protocolError("notSimulated",
                "this world is real glasses through DAT; mock commands need a simulator")))
        case .console, .complete:
            reply(.failure(WireError(domain: "console", code: "unavailable",
                message: "a bridge over DAT has no Lua console: run the script with `glasses run --connect` instead")))
        case .audioRoute:
            guard let phoneAudio else {
                return reply(.failure(WireError(domain: "audio", code: "unavailable",
                    message: "this bridge was started without the phone's audio route (GlassesBridge's phoneAudio)")))
            }
            Task { reply(.success(.audioRoute(await phoneAudio.current()))) }
        case .watchPreviews(let watch):
            previewWatchers.watch(watch, client: clientID, queue: queue)
            reply(.success(.done))
        case .voiceListen(let device, let listening):
            listenForVoice(listening, on: device, by: clientID, reply: reply)
        case .voiceAnswer(_, let request, let success, let output):
            answerVoice(request, success: success, output: output, reply: reply)
        case .speechListen(let device, let listening):
            listenForSpeech(listening, on: device, by: clientID, reply: reply)
        case .watchMotion(let device, let rate):
            watchMotion(device, rate: rate, by: clientID, reply: reply)
        case .watchInputs(let device, let configuration):
            watchInputs(device, configuration: configuration, by: clientID, reply: reply)
        case .displayStart, .displaySend, .displayClear, .displayStopVideo, .displayStop:
            handleDisplay(command, from: clientID, queue: queue, reply: reply)
        }
    }

    func permissionChanged(_ permission: Permission, _ status: PermissionStatus, by clientID: Int) {
        guard permissions[permission] != status else { return }
        permissions[permission] = status
        broadcast(.permission(permission, status), except: clientID)
    }
}
