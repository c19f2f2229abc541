import WearablesAudio
import WearablesCore
import WearablesMock

/// The simulator backend, modelled on DAT's MockDeviceKit: simulated glasses, the
/// simulated companion app and its permission grants, all on one scheduler.
public final class MockDeviceKit: WearablesBackend {
    public let scheduler: Scheduler
    public let trace: EventTrace
    public private(set) var glasses: [SimulatedGlasses] = []
    public private(set) var companion: CompanionApp
    public private(set) lazy var permissions = MockPermissions(initial: [:], kit: self)
    /// Field behaviour users report: a photo capture never delivers while the phone's
    /// audio is routed over HFP to the glasses (the model then times it out). On by
    /// default; switch off to model a fixed SDK.
    public var hfpBlocksPhotoCapture = true
    /// Whether a camera stream starting pauses the phone's A2DP playback to these glasses
    /// for good, as ios#256 reports: the app's session hears an interruption begin and
    /// never end, so playback resumes only when the app reactivates and resumes it. On by default.
    public var a2dpPausesOnStream = true
    /// Field behaviour users report (ios#227; the seeds): a stream at 720p, or at
    /// 504x896 and 30 fps, over Bluetooth Classic freezes now and then for 1.3-1.9 s and
    /// recovers by itself, still `streaming`, with no error. On by default; switch off
    /// to model a fixed SDK. (The backend does not see the codec, so hvc1 stalls too.)
    public var classicStalls = true
    /// Third-party field reports switched on (`FieldReport`); none by default.
    public var fieldReports: Set<FieldReport> = [] {
        didSet {
            // Only the display's own report moves its lens' timers.
            guard oldValue.contains(.displaySleep) != fieldReports.contains(.displaySleep) else { return }
            for pair in glasses { pair.display.fieldReportsChanged() }
        }
    }
    /// Whether a registration handshake completed since the world (or the last reset) began:
    /// glasses paired after it, or present at it, are known cold (android#177's "cold registration").
    public private(set) var registeredInThisRun = false
    /// How long a stall lasts, and how long the stream runs between stalls.
    public static let stallDuration = 1.3...1.9
    public static let timeBetweenStalls = 2.0...6.0
    /// The phone's audio session, for the HFP interactions; `SimulatedWorld` sets it.
    weak var audio: AudioSession?
    /// Everyone reported to: the world's `Wearables` and, under `glasses serve`, the
    /// server's bridge. Held weakly, in attach order.
    private var observers: [WeakObserver] = []
    /// Observers of link-state changes per glasses (the audio layer's route changes).
    private(set) var linkListeners: [(id: Int, fn: (DeviceIdentifier, LinkState) -> Void)] = []
    private var nextObserverID = 0
    private var pairedCount = 0
    /// False after `disable()`, until `reset` (MockDeviceKit's `enable(config:)`) turns the mock on again.
    public private(set) var isEnabled = true

    /// A kit with nothing paired and the app unregistered (the `empty` world).
    public init(scheduler: Scheduler, trace: EventTrace) {
        self.scheduler = scheduler
        self.trace = trace
        companion = CompanionApp(registered: false, installed: true)
    }

    // MARK: MockDeviceKit controls

    /// Empties the world: unpairs everything, and sets the registration and the
    /// permission grants devices paired from now on receive (`enable(config:)`).
    /// `companionInstalled: false` simulates a phone without the Meta AI app.
    public func reset(registered: Bool = false, permissions initial: [Permission: PermissionStatus] = [:],
                      companionInstalled: Bool = true) {
        for pair in glasses { unpair(pair) }
        isEnabled = true
        registeredInThisRun = false
        companion = CompanionApp(registered: registered, installed: companionInstalled)
        notifyObservers { $0.backend(didChangeRegistration: companion.registrationState) }
        permissions = MockPermissions(initial: initial, kit: self)
        record("reset", [("registered", .bool(registered))]
               + Permission.allCases.map { ($0.name, .string((initial[$0] ?? .denied).name)) })
        for permission in Permission.allCases {
            notifyObservers { $0.backend(didChangePermission: permission, to: initial[permission] ?? .denied) }
        }
    }

    /// MockDeviceKit `disable()`: the mock devices go (their sessions end with
    /// `deviceNotFound`) and the mock takes no actions until `reset` enables it.
    public func disable() {
        for pair in glasses { unpair(pair) }
        isEnabled = false
        record("disable", [])
    }

    /// How long the Meta AI app takes to update itself.
    public static let appUpdateDuration: Double = 20
    /// Whether the Meta AI app is updating (`updateCompanionApp`).
    public private(set) var isUpdatingCompanionApp = false

    /// The Meta AI app's own update (where DAT's `openDATGlassesAppUpdate()` sends the
    /// user), the fix for `sdkUpdateRequired`: after `appUpdateDuration` every pair that
    /// needed it is `compatible` again (a compatibility event), and takes sessions.
    /// The glasses stay on the link meanwhile. False when the app is not installed.
    public func updateCompanionApp() -> Bool {
        guard companion.isInstalled else { return false }
        guard !isUpdatingCompanionApp else { return true }
        isUpdatingCompanionApp = true
        let updating = companion
        record("app_update", [("phase", .string("started"))])
        scheduler.schedule(after: Self.appUpdateDuration) { [weak self] in
            guard let self else { return }
            self.isUpdatingCompanionApp = false
            // A reset meanwhile replaced the app: its update went with it.
            guard self.companion === updating else { return }
            self.record("app_update", [("phase", .string("finished"))])
            for pair in self.glasses { pair.appUpdated() }
        }
        return true
    }

    /// Pairs new glasses of `model`, out of the box: powered off, folded, not worn.
    /// Their camera sees a synthetic moving scene.
    @discardableResult
    public func pairGlasses(model: DeviceType = .rayBanMeta) -> SimulatedGlasses {
        pairedCount += 1
        let identifier = "\(model.name)-\(pairedCount)"
        let camera = SimulatedCamera(feed: CameraFeed.synthetic(.moving, seed: scheduler.random.next()))
        let pair = SimulatedGlasses(kit: self, identifier: identifier, model: model, camera: camera)
        // Paired while the app is already registered, with no handshake in this run: the SDK knows
        // these glasses from its cache of an earlier run (android#177's "warm" reopen).
        pair.cachedFromEarlierRun = companion.isRegistered && !registeredInThisRun
        glasses.append(pair)
        permissions.devicePaired(identifier)
        record("pair", [("glasses", .string(identifier)), ("model", .string(model.name))])
        notifyObservers { $0.backend(didUpdate: pair.snapshot) }
        return pair
    }

    /// Pairs a Ray-Ban Meta that is already powered, unfolded, worn and connected.
    @discardableResult
    public func pairReadyGlasses(model: DeviceType = .rayBanMeta, batteryLevel: Int = 80) -> SimulatedGlasses {
        let pair = pairGlasses(model: model)
        pair.setBatteryQuietly(batteryLevel)
        pair.settleReady()
        return pair
    }

    public func unpair(_ pair: SimulatedGlasses) {
        guard glasses.contains(where: { $0 === pair }) else { return }
        pair.forgetSessionOnUnpair()
        glasses.removeAll { $0 === pair }
        // Unpairing drops the Bluetooth link, whatever the glasses' own state.
        if pair.link != .disconnected { notifyLinkObservers(pair.identifier, .disconnected) }
        permissions.devicesUnpaired(pair.identifier)
        record("unpair", [("glasses", .string(pair.identifier))])
        notifyObservers { $0.backend(didRemoveDevice: pair.identifier) }
    }

    public func glasses(_ identifier: DeviceIdentifier) -> SimulatedGlasses? {
        glasses.first { $0.identifier == identifier }
    }

    /// The glasses the phone's Bluetooth audio ports belong to: like iOS with one
    /// headset in use, the pair audio went to stays while connected; when it goes,
    /// the first other connected pair takes over.
    var audioGlasses: SimulatedGlasses? {
        if let holder = audioHolder, holder.link == .connected, glasses.contains(where: { $0 === holder }) { return holder }
        return glasses.first { $0.link == .connected }
    }
    private weak var audioHolder: SimulatedGlasses?

    /// Calls `listener` synchronously on every link-state change of any glasses, for
    /// the audio layer's route changes.
    public func addLinkStateObserver(_ listener: @escaping (DeviceIdentifier, LinkState) -> Void) -> ListenerToken {
        let id = nextObserverID
        nextObserverID += 1
        linkListeners.append((id, listener))
        return ListenerToken { [weak self] in self?.linkListeners.removeAll { $0.id == id } }
    }

    func notifyLinkObservers(_ identifier: DeviceIdentifier, _ state: LinkState) {
        audioHolder = audioGlasses
        for listener in linkListeners { listener.fn(identifier, state) }
        permissions.linkChanged()
    }

    // MARK: WearablesBackend

    public func attach(_ observer: WearablesBackendObserver) {
        observers.removeAll { $0.value == nil || $0.value === observer }
        observers.append(WeakObserver(value: observer))
    }

    /// Reports to every attached observer still alive.
    func notifyObservers(_ report: (WearablesBackendObserver) -> Void) {
        for observer in observers { if let value = observer.value { report(value) } }
    }

    public var registrationState: RegistrationState { companion.registrationState }

    public func startRegistration(completion: @escaping (Result<Void, RegistrationError>) -> Void) {
        let app = companion
        if app.takeNoAnswer(.registration) { return record("flow_unanswered", [("flow", .string("registration"))]) }
        // The user reads the request in the Meta AI app; cancelling it fails the flow.
        if app.hold(.registration, until: { [weak self] proceed in
            guard proceed else { return completion(.failure(.unknown)) }
            app.isRegistered = true
            self?.registrationHandshakeDone()
            // An answer after the model gave up still registers the app, as a late callback URL would.
            self?.notifyObservers { $0.backend(didChangeRegistration: app.registrationState) }
            completion(.success(()))
        }) {
            expireWhenDue(.registration)
            return record("flow_waiting", [("flow", .string("registration"))])
        }
        scheduler.schedule(after: CompanionApp.responseDelay) { [weak self] in
            if let failure = app.takeRegistrationFailure() { return completion(.failure(failure)) }
            app.isRegistered = true
            self?.registrationHandshakeDone()
            completion(.success(()))
        }
    }

    public func startUnregistration(completion: @escaping (Result<Void, UnregistrationError>) -> Void) {
        let app = companion
        if app.takeNoAnswer(.unregistration) { return record("flow_unanswered", [("flow", .string("unregistration"))]) }
        if app.hold(.unregistration, until: { [weak self] proceed in
            guard proceed else { return completion(.failure(.unknown)) }
            app.isRegistered = false
            self?.notifyObservers { $0.backend(didChangeRegistration: app.registrationState) }
            completion(.success(()))
        }) {
            expireWhenDue(.unregistration)
            return record("flow_waiting", [("flow", .string("unregistration"))])
        }
        scheduler.schedule(after: CompanionApp.responseDelay) {
            if let failure = app.takeUnregistrationFailure() { return completion(.failure(failure)) }
            app.isRegistered = false
            completion(.success(()))
        }
    }

    /// A cold registration (android#177): the handshake ran in this run, so every pair is known fresh.
    private func registrationHandshakeDone() {
        registeredInThisRun = true
        for pair in glasses { pair.becameCold() }
    }

    /// With the `requestExpiry` field report on, the request `flow` shows now expires after
    /// `CompanionApp.requestLifetime` unless the user answered it first.
    private func expireWhenDue(_ flow: CompanionApp.Flow) {
        guard fieldReports.contains(.requestExpiry), let number = companion.waitingRequest(flow) else { return }
        let app = companion
        scheduler.schedule(after: CompanionApp.requestLifetime) { [weak self] in
            guard app.expire(flow, number: number) else { return }
            self?.record("request_expired", [("flow", .string(flow.rawValue))])
        }
    }

    /// The app's Inputs on these glasses (nil: none), so the glasses know whether the app
    /// consumes Back (`backEndsDisplay`). A served world hears it from the session holder's `watch_inputs`.
    public func watchInputs(on identifier: DeviceIdentifier, configuration: InputsConfiguration?) {
        glasses(identifier)?.appInputs = configuration
    }

    public func permissionStatus(_ permission: Permission) -> PermissionStatus { permissions.status(permission) }

    public func requestPermission(_ permission: Permission,
                                  completion: @escaping (Result<PermissionStatus, PermissionError>) -> Void) {
        let result = permissions.requestResult(permission)
        guard result != .timeout else { return }
        scheduler.schedule(after: CompanionApp.responseDelay) { [weak self] in
            guard let self else { return }
            switch result {
            case .connectionError: return completion(.failure(.connectionError))
            case .internalError: return completion(.failure(.internalError))
            case .granted, .allowOnce, .denied, .timeout: break
            }
            // The app asks the glasses; with none connected by the time it does, it lost them.
            guard self.glasses.contains(where: { $0.link == .connected }) else {
                self.record("permission_request_lost", [("permission", .string(permission.name))])
                return completion(.failure(.connectionError))
            }
            // Developer Mode off on every connected pair: the request fails (the debugging skill's
            // "permission requests fail or never appear").
            guard self.glasses.contains(where: { $0.link == .connected && $0.developerMode }) else {
                self.record("permission_request_failed", [("permission", .string(permission.name)), ("reason", .string("developerMode"))])
                return completion(.failure(.internalError))
            }
            let connected = self.glasses.filter { $0.link == .connected }.map(\.identifier)
            if result == .granted { self.permissions.grant(permission, to: connected) }
            if result == .allowOnce { self.permissions.grantOnce(permission, to: connected) }
            completion(.success(self.permissions.status(permission)))
        }
    }

    /// The Meta AI app opens on its firmware update screen for the connected glasses:
    /// each connected pair that needs it (`deviceUpdateRequired`) installs it, as
    /// `SimulatedGlasses.updateFirmware()`. Answers, as its own event, once the app opened.
    public func openFirmwareUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void) {
        navigate("firmware_update", completion) {
            for pair in glasses where pair.link == .connected && pair.compatibility == .deviceUpdateRequired {
                pair.updateFirmware()
            }
        }
    }

    /// The Meta AI app opens on its DAT app update destination: its update runs
    /// (`updateCompanionApp()`). Answers, as its own event, once the app opened.
    public func openDATGlassesAppUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void) {
        navigate("glasses_app_update", completion) { _ = updateCompanionApp() }
    }

    private func navigate(_ destination: String, _ completion: @escaping (Result<Void, NavigationError>) -> Void,
                          flow: () -> Void) {
        let result: Result<Void, NavigationError>
        if !companion.isInstalled {
            result = .failure(.metaAINotInstalled)
        } else if !companion.isRegistered {
            result = .failure(.notRegistered)
        } else {
            record("navigation", [("destination", .string(destination))])
            flow()
            result = .success(())
        }
        scheduler.schedule(after: 0) { completion(result) }
    }

    public var devices: [DeviceSnapshot] { glasses.map(\.snapshot) }

    public func linkBandwidthKbps(of identifier: DeviceIdentifier) -> Double {
        glasses(identifier)?.bandwidthKbps ?? 0
    }

    /// What the glasses' microphone hears (simulator only: the audio layer renders it).
    public func microphoneFeed(of identifier: DeviceIdentifier) -> MicrophoneFeed {
        glasses(identifier)?.microphone.feed ?? .silence
    }

    public func openSession(on identifier: DeviceIdentifier,
                            completion: @escaping (Result<Void, DeviceSessionError>) -> Void) {
        guard let pair = glasses(identifier) else { return completion(.failure(.noEligibleDevice)) }
        pair.openSession(completion: completion)
    }

    public func closeSession(on identifier: DeviceIdentifier, completion: @escaping () -> Void) {
        glasses(identifier)?.closeSession()
        completion()
    }

    /// A picture per frame interval from the camera's feed as it is at that moment
    /// (the feed can be swapped mid-stream); the feed renders only what is read.
    public func prepareCamera(on identifier: DeviceIdentifier, completion: @escaping (Result<Void, StreamError>) -> Void) {
        guard let pair = glasses(identifier) else {
            scheduler.schedule(after: 0) { completion(.failure(.deviceNotFound(identifier))) }
            return
        }
        pair.camera.prepare(scheduler: scheduler, completion: completion)
    }

    public func startCamera(on identifier: DeviceIdentifier, settings: EffectiveStreamSettings,
                            deliver: @escaping (Double, FrameSource) -> Void) -> CameraFeedHandle? {
        guard let camera = glasses(identifier)?.camera else { return nil }
        if a2dpPausesOnStream, audioGlasses?.identifier == identifier, audio?.isPlayingOverA2DP == true {
            audio?.interruptWithoutEnd()
            record("a2dp_paused", [("glasses", .string(identifier))])
        }
        let scheduler = self.scheduler
        let interval = 1 / Double(settings.frameRate)
        var next = scheduler.now + interval
        var timer: TimerToken?
        var stopped = false
        let stalls = classicStalls && (settings.resolution == .high || (settings.resolution == .medium && settings.frameRate >= 30))
        var nextStall = stalls ? scheduler.now + Self.draw(Self.timeBetweenStalls, scheduler) : .infinity
        var frozenUntil = -Double.infinity
        func tick() {
            if scheduler.now >= nextStall {
                let duration = Self.draw(Self.stallDuration, scheduler)
                frozenUntil = scheduler.now + duration
                nextStall = frozenUntil + Self.draw(Self.timeBetweenStalls, scheduler)
                record("stall", [("glasses", .string(identifier)), ("seconds", .double(duration))])
            }
            // An orphaned camera (ios#131) streams on without a frame.
            if scheduler.now >= frozenUntil, !camera.isOrphaned { deliver(scheduler.now, camera.feed) }
            // `deliver` may have stopped the feed (a listener stopping the stream).
            guard !stopped else { return }
            next += interval
            timer = scheduler.schedule(at: next, tick)
        }
        timer = scheduler.schedule(at: next, tick)
        return CameraFeedHandle {
            stopped = true
            timer?.cancel()
        }
    }

    public func audioStreamingProblem(on identifier: DeviceIdentifier) -> String? {
        guard let audio else { return "the phone has no audio session" }
        if let problem = audio.hfpConfigurationProblem { return problem }
        guard let routed = audioGlasses, routed.identifier == identifier else {
            return "the HFP route goes to other glasses (\(audioGlasses?.identifier ?? "none")); disconnect them"
        }
        return nil
    }

    public func motionFeed(on identifier: DeviceIdentifier) -> MotionFeedSource? {
        guard let motion = glasses(identifier)?.motion, motion.hasIMU else { return nil }
        return motion
    }

    /// The model reads the simulated IMU where it runs: there is nothing to ask the glasses.
    public func watchMotion(on identifier: DeviceIdentifier, rate: MotionSamplingRate?, started: @escaping () -> Void,
                            failed: @escaping (MotionError) -> Void) {
        if rate != nil { scheduler.schedule(after: 0, started) }
    }

    @discardableResult
    public func listenForSpeech(_ listening: Bool, on identifier: DeviceIdentifier, settled: @escaping () -> Void) -> Bool {
        guard glasses(identifier)?.speech.listen(listening) == true else { return false }
        scheduler.schedule(after: 0, settled)
        return true
    }

    public func listenForVoiceInvocations(_ listening: Bool, on identifier: DeviceIdentifier) {
        glasses(identifier)?.voice.listen(listening)
    }

    public func answerVoiceInvocation(_ requestID: String, on identifier: DeviceIdentifier, success: Bool, output: String?,
                                      completion: @escaping (Bool) -> Void) {
        let taken = glasses(identifier)?.voice.answer(requestID, success: success, output: output) ?? false
        scheduler.schedule(after: 0) { completion(taken) }
    }

    public func capturePhoto(on identifier: DeviceIdentifier, format: PhotoCaptureFormat, size: VideoSize, quality: Int,
                             setUp: @escaping () -> Void, progress: @escaping (PhotoTransferProgress) -> Void,
                             completion: @escaping (Result<Photo, PhotoError>) -> Void) {
        let overHFP = audio?.isRoutedOverHFPToGlasses == true && audioGlasses?.identifier == identifier
        capturePhoto(on: identifier, format: format, size: size, quality: quality, phoneAudioOverHFP: overHFP,
                     setUp: setUp, progress: progress, completion: completion)
    }

    /// A capture asked for by a phone elsewhere (a client of a served world), which says
    /// whether it routes audio over HFP to these glasses: the photo rule follows that phone.
    public func capturePhoto(on identifier: DeviceIdentifier, format: PhotoCaptureFormat, size: VideoSize, quality: Int,
                             phoneAudioOverHFP: Bool, setUp: @escaping () -> Void, progress: @escaping (PhotoTransferProgress) -> Void,
                             completion: @escaping (Result<Photo, PhotoError>) -> Void) {
        guard let pair = glasses(identifier) else { return completion(.failure(.deviceDisconnected)) }
        if hfpBlocksPhotoCapture, phoneAudioOverHFP {
            // Set up and taken; the photo is what HFP loses on its way.
            scheduler.schedule(after: PhotoCapture.setupDuration, setUp)
            return record("capture_lost", [("glasses", .string(identifier)), ("reason", .string("audioOverHFP"))])
        }
        if scheduler.now < pair.systemCaptureUntil {
            record("capture_refused", [("glasses", .string(identifier)), ("reason", .string("systemCapture"))])
            // As its own event: the model sets up its wait after asking.
            scheduler.schedule(after: 0) { completion(.failure(.serviceUnavailable)) }
            return
        }
        pair.display.photoTransferStarted()
        pair.camera.capture(format: format, size: size, quality: quality, scheduler: scheduler, setUp: setUp, progress: progress,
                            completion: completion)
    }

    private static func draw(_ range: ClosedRange<Double>, _ scheduler: Scheduler) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * scheduler.random.unit()
    }

    private struct WeakObserver {
        weak var value: WearablesBackendObserver?
    }

    // MARK: Trace

    func record(_ event: String, _ values: [(String, TraceValue)]) {
        trace.record(source: "mock", event: event, orderedValues: values)
    }
}
