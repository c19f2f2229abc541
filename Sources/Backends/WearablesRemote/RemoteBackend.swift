#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesAudio
import WearablesCore
import WearablesDisplay
import WearablesMock
import WearablesWire
import WirePictures

/// A `WearablesBackend` whose glasses live in a world served elsewhere
/// (`glasses serve`, or one day a bridge app over the real DAT SDK): commands
/// go out over the wire protocol and the served world's events come back into
/// this process's scheduler, so the model and the bindings run unchanged.
///
/// When the connection drops, the script sees what it would see on glasses
/// that went out of range: every device's link goes `disconnected`, open
/// sessions end with `StreamError.deviceNotConnected`, a capture in flight fails
/// with `PhotoError.deviceDisconnected`. When the server is back, the devices
/// come back as the server reports them.
public final class RemoteBackend: WearablesBackend {
    /// Each started display's report handler, by device (RemoteBackend+Display.swift).
    var displayEvents: [DeviceIdentifier: (DisplayBackendEvent) -> Void] = [:]
    public let scheduler: Scheduler
    public let trace: EventTrace
    /// The served world's hello at the first connection (its world kind and speed).
    public let hello: ServerHello
    public var url: String { link.url }
    /// Whether the connection is up now.
    public internal(set) var isConnected = true
    /// The phone's audio session (here, in this process), for the HFP check before a stream with audio.
    public weak var audio: AudioSession?
    /// Where what the user must hear about the connection goes (a token refused, the
    /// reconnection after it), on the scheduler's thread; the CLI writes it to stderr.
    public var onNotice: ((String) -> Void)?
    /// Whether the current refusal of the token was announced: it is said once, not per retry.
    var refusalAnnounced = false

    private let link: any WireLink
    /// Where `--capture` writes the session: what came in and every command sent, at this clock's time.
    var recorder: SessionRecorder?
    var observers: [WeakObserver] = []
    public internal(set) var registrationState: RegistrationState
    var permissions: [Permission: PermissionStatus]
    var snapshots: [DeviceSnapshot]
    var bandwidth: [String: Double]
    /// A served simulator's glasses as its mock knows them, in pairing order, kept
    /// current by the hello, mock replies and `mock_glasses` events.
    public internal(set) var mockGlasses: [WireMockGlasses]
    /// What each pair's microphone hears, as this process's mock set it (silence until then).
    var microphoneFeeds: [DeviceIdentifier: MicrophoneFeed] = [:]
    /// Recorded IMU samples this process's mock gave a pair, from the run time they were
    /// set; a pose set later (which the served world keeps) takes over again.
    var motionSamples: [DeviceIdentifier: (since: Double, feed: MotionFeed)] = [:]
    /// What each pair's IMU streamed (`motion_samples`) while a Motion here watched it.
    var streamedMotion: [DeviceIdentifier: StreamedMotion] = [:]
    /// The Motion watching each pair's IMU: told of the glasses' `MotionError`. The number tells
    /// a late refusal of an earlier watch from the current one's.
    var motionWatches: [DeviceIdentifier: (number: Int, failed: (MotionError) -> Void)] = [:]
    /// Voice listening this client changed and the served world has not answered yet: the
    /// latest value asked for, and how many such commands are in flight.
    var voiceListenInFlight: [DeviceIdentifier: (listening: Bool, count: Int)] = [:]
    /// This clock minus the served world's, as frames tell it (``localTime(ofCapture:)``).
    var frameClockOffset: Double?
    private var nextCommand = 0
    /// Replies awaited, by command id; `fail` answers them when the connection drops.
    var pending: [Int: PendingReply] = [:]
    /// Captures awaited, by command id: their transfer progress and outcome.
    var captures: [Int: PendingCapture] = [:]
    var streams: [Int: (Double, FrameSource) -> Void] = [:]
    var openSessions: Set<DeviceIdentifier> = []

    struct PendingCapture {
        let setUp: () -> Void
        let progress: (PhotoTransferProgress) -> Void
        let completion: (Result<Photo, PhotoError>) -> Void
    }

    struct PendingReply {
        let answer: (Result<WireReplyValue, WireError>) -> Void
        let fail: () -> Void
    }

    struct WeakObserver {
        weak var observer: WearablesBackendObserver?
    }

    init(link: any WireLink, hello: ServerHello, scheduler: Scheduler, trace: EventTrace) {
        self.link = link
        self.hello = hello
        self.scheduler = scheduler
        self.trace = trace
        registrationState = hello.registration
        permissions = hello.permissions
        snapshots = hello.devices
        bandwidth = hello.bandwidth
        mockGlasses = hello.mock
        let inbox = scheduler.inbox
        let backend = SchedulerBoundWeak(self, on: scheduler)
        link.setTarget { incoming in
            inbox.post { backend.open()?.handle(incoming) }
        }
    }

    /// Ends the connection for good (the run is over).
    public func close() { link.stop() }

    // MARK: WearablesBackend

    public func attach(_ observer: WearablesBackendObserver) {
        observers.removeAll { $0.observer == nil }
        observers.append(WeakObserver(observer: observer))
    }

    public func startRegistration(completion: @escaping (Result<Void, RegistrationError>) -> Void) {
        command(.register, fail: { completion(.failure(.networkUnavailable)) }) { [weak self] result in
            if case .success = result { self?.registrationState = .registered }
            completion(result.map { _ in () }.mapError { $0.decode(as: RegistrationError.self) ?? .unknown })
        }
    }

    public func startUnregistration(completion: @escaping (Result<Void, UnregistrationError>) -> Void) {
        command(.unregister, fail: { completion(.failure(.unknown)) }) { [weak self] result in
            if case .success = result { self?.registrationState = .available }
            completion(result.map { _ in () }.mapError { $0.decode(as: UnregistrationError.self) ?? .unknown })
        }
    }

    public func permissionStatus(_ permission: Permission) -> PermissionStatus { permissions[permission] ?? .denied }

    public func requestPermission(_ permission: Permission,
                                  completion: @escaping (Result<PermissionStatus, PermissionError>) -> Void) {
        command(.requestPermission(permission), fail: { completion(.failure(.connectionError)) }) { [weak self] result in
            switch result {
            case .success(.permission(let status)):
                self?.permissions[permission] = status
                completion(.success(status))
            case .success:
                completion(.failure(.internalError))
            case .failure(let error):
                completion(.failure(error.decode(as: PermissionError.self) ?? .internalError))
            }
        }
    }

    public func openFirmwareUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void) {
        navigate(.openFirmwareUpdate, completion)
    }

    public func openDATGlassesAppUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void) {
        navigate(.openGlassesAppUpdate, completion)
    }

    /// A served world out of reach is a Meta AI app that cannot be opened: DAT's only
    /// case for that is `metaAINotInstalled`.
    private func navigate(_ destination: WireCommand, _ completion: @escaping (Result<Void, NavigationError>) -> Void) {
        command(destination, fail: { completion(.failure(.metaAINotInstalled)) }) { result in
            completion(result.map { _ in () }.mapError { $0.decode(as: NavigationError.self) ?? .metaAINotInstalled })
        }
    }

    public var devices: [DeviceSnapshot] { snapshots }

    public func linkBandwidthKbps(of identifier: DeviceIdentifier) -> Double { bandwidth[identifier] ?? .infinity }

    public func openSession(on identifier: DeviceIdentifier,
                            completion: @escaping (Result<Void, DeviceSessionError>) -> Void) {
        command(.openSession(device: identifier), fail: { completion(.failure(.noEligibleDevice)) }) { [weak self] result in
            switch result {
            case .success:
                self?.openSessions.insert(identifier)
                completion(.success(()))
            case .failure(let error):
                completion(.failure(error.decode(as: DeviceSessionError.self) ?? .unexpectedError))
            }
        }
    }

    /// Completes on the served world's reply, which follows the events the close caused.
    public func closeSession(on identifier: DeviceIdentifier, completion: @escaping () -> Void) {
        openSessions.remove(identifier)
        command(.closeSession(device: identifier), fail: completion) { _ in completion() }
    }

    public func prepareCamera(on identifier: DeviceIdentifier, completion: @escaping (Result<Void, StreamError>) -> Void) {
        command(.prepareCamera(device: identifier), fail: { completion(.failure(.deviceNotConnected(identifier))) }) { result in
            switch result {
            case .success: completion(.success(()))
            case .failure(let error): completion(.failure(error.streamError ?? .internalError))
            }
        }
    }

    public func startCamera(on identifier: DeviceIdentifier, settings: EffectiveStreamSettings,
                            deliver: @escaping (Double, FrameSource) -> Void) -> CameraFeedHandle? {
        var stream: Int?
        var stopped = false
        command(.startCamera(device: identifier, settings: settings), fail: {}) { [weak self] result in
            guard let self, case .success(.stream(let id)) = result else { return }
            // Stopped before the server named the stream: stop it there too.
            if stopped {
                self.command(.stopCamera(stream: id), fail: {}) { _ in }
                return
            }
            stream = id
            self.streams[id] = deliver
        }
        return CameraFeedHandle { [weak self] in
            stopped = true
            guard let self, let id = stream else { return }
            self.streams[id] = nil
            self.command(.stopCamera(stream: id), fail: {}) { _ in }
        }
    }

    public func audioStreamingProblem(on identifier: DeviceIdentifier) -> String? {
        guard let audio else { return "the phone has no audio session" }
        return audio.hfpConfigurationProblem
    }

    public func capturePhoto(on identifier: DeviceIdentifier, format: PhotoCaptureFormat, size: VideoSize, quality: Int,
                             setUp: @escaping () -> Void, progress: @escaping (PhotoTransferProgress) -> Void,
                             completion: @escaping (Result<Photo, PhotoError>) -> Void) {
        var id = 0
        // The phone is this process: whether it routes audio over HFP to these glasses travels with
        // the capture. The first connected pair carries the phone's Bluetooth audio (DeviceListAudioEndpoint).
        let audioGlasses = snapshots.first { $0.linkState == .connected }?.identifier
        let overHFP = audio?.isRoutedOverHFPToGlasses == true && audioGlasses == identifier
        id = command(.capture(device: identifier, format: format, size: size, quality: quality, audioOverHFP: overHFP), fail: { [weak self] in
            self?.captures.removeValue(forKey: id)?.completion(.failure(.deviceDisconnected))
        }) { [weak self] result in
            // Success comes as the binary photo; a text reply means it failed.
            guard case .failure(let error) = result, let waiting = self?.captures.removeValue(forKey: id) else { return }
            waiting.completion(.failure(error.decode(as: PhotoError.self) ?? .captureFailure))
        }
        captures[id] = PendingCapture(setUp: setUp, progress: progress, completion: completion)
    }

    /// Over a connection the model reads the samples the glasses streamed (`watch_motion`),
    /// held until the next; recorded samples this process's mock gave the pair take over
    /// (the served world never saw them), and before the first sample arrives, the served
    /// pair's pose (`motion_pose` in its mock state; a still, level head elsewhere). Nil for
    /// a served simulator's pair without an IMU; a bridge's glasses say so when watched.
    public func motionFeed(on identifier: DeviceIdentifier) -> MotionFeedSource? {
        if mockGlasses.first(where: { $0.id == identifier })?.state.hasIMU == false { return nil }
        return RemoteMotionFeed(
            recorded: { [weak self] in self?.motionSamples[identifier] },
            streamed: { [weak self] time in self?.streamedMotion[identifier]?.sample(at: time) }
        ) { [weak self] in
            let pose = self?.mockGlasses.first { $0.id == identifier }?.motionPose
            return pose.flatMap(MotionPose.init(name:)) ?? .level
        }
    }

    /// Asks the served world to stream the pair's IMU (`watch_motion`), or to stop. Its reply is
    /// the start's answer; a refusal is the glasses' `MotionError` (another domain, such as an
    /// unknown device, reads as `deviceDisconnected`); a lost connection ends the session, and the Motion with it.
    public func watchMotion(on identifier: DeviceIdentifier, rate: MotionSamplingRate?, started: @escaping () -> Void,
                            failed: @escaping (MotionError) -> Void) {
        guard let rate else {
            motionWatches[identifier] = nil
            command(.watchMotion(device: identifier, rate: nil), fail: {}) { _ in }
            return
        }
        var number = 0
        number = command(.watchMotion(device: identifier, rate: rate), fail: {}) { [weak self] result in
            guard let self, case .failure(let error) = result else { return started() }
            self.trace.record(source: "remote", event: "motion_refused", values: ["code": .string(error.code)])
            self.motionFailed(on: identifier, error.decode(as: MotionError.self) ?? .deviceDisconnected, watch: number)
        }
        motionWatches[identifier] = (number, failed)
    }

    /// Asks the served glasses to route the sources `configuration` names to this app
    /// (`watch_inputs`), or to stop (nil). Nothing waits on its reply: a bridge that cannot add
    /// DAT's Inputs also sends `inputs_error`, which ends the model's Inputs; `glasses serve`
    /// changes nothing (it reports every input, and the model keeps what it asked for).
    public func watchInputs(on identifier: DeviceIdentifier, configuration: InputsConfiguration?) {
        command(.watchInputs(device: identifier, configuration: configuration), fail: {}) { _ in }
    }

    /// Ends the watch on `identifier` (only watch `number`, when given) and tells its Motion.
    func motionFailed(on identifier: DeviceIdentifier, _ error: MotionError, watch number: Int?) {
        guard let watch = motionWatches[identifier], number == nil || watch.number == number else { return }
        motionWatches[identifier] = nil
        watch.failed(error)
    }

    /// Tells the served glasses; a start settles when they answer, after what they reported
    /// meanwhile. A pair without speech answers with an error the client cannot wait for
    /// here, so the start is taken as accepted *(ours)*; a lost connection ends the session.
    @discardableResult
    public func listenForSpeech(_ listening: Bool, on identifier: DeviceIdentifier, settled: @escaping () -> Void) -> Bool {
        command(.speechListen(device: identifier, listening), fail: {}) { _ in settled() }
        return true
    }

    /// DAT's `start`/`stop` return at once; until the served world has taken the change (its
    /// mock state is published before the reply), the mirror reads as this client left it.
    public func listenForVoiceInvocations(_ listening: Bool, on identifier: DeviceIdentifier) {
        voiceListenInFlight[identifier] = (listening, (voiceListenInFlight[identifier]?.count ?? 0) + 1)
        let settled = { [weak self] in
            guard let self, let inFlight = self.voiceListenInFlight[identifier] else { return }
            self.voiceListenInFlight[identifier] = inFlight.count > 1 ? (inFlight.listening, inFlight.count - 1) : nil
        }
        command(.voiceListen(device: identifier, listening), fail: settled) { _ in settled() }
    }

    public func answerVoiceInvocation(_ requestID: String, on identifier: DeviceIdentifier, success: Bool, output: String?,
                                      completion: @escaping (Bool) -> Void) {
        command(.voiceAnswer(device: identifier, request: requestID, success: success, output: output), fail: { completion(false) }) { result in
            if case .success(.taken(let taken)) = result { completion(taken) } else { completion(false) }
        }
    }

    // MARK: Mock

    /// Applies a mock action in the served simulator; `completion` gets the affected
    /// glasses as they are after it, once the reply is in (the mirror is current by then).
    public func mock(_ action: MockAction, completion: @escaping (Result<MockGlassesState?, MockActionError>) -> Void) {
        let lost = MockActionError(.disconnected, "the connection to \(url) is down, so the mock action '\(action.name)' was not applied")
        command(.mock(action), fail: { completion(.failure(lost)) }) { [weak self] result in
            switch result {
            case .success(.mockGlasses(let state)):
                // Unpaired glasses stay out of the mirror: `device_removed` took them out.
                if action != .device(state.id, .unpair) { self?.mirror(state) }
                completion(.success(state.state))
            case .success:
                completion(.success(nil))
            case .failure(let error):
                completion(.failure(MockActionError(error)))
            }
        }
    }

    func mirror(_ state: WireMockGlasses) {
        if let index = mockGlasses.firstIndex(where: { $0.id == state.id }) {
            mockGlasses[index] = state
        } else {
            mockGlasses.append(state)
        }
    }

    // MARK: Commands

    /// Sends `command`; `answer` gets its reply. With no connection, `fail` runs now
    /// (as a scheduler event) and nothing is sent.
    @discardableResult
    func command(_ command: WireCommand, fail: @escaping () -> Void,
                         answer: @escaping (Result<WireReplyValue, WireError>) -> Void) -> Int {
        nextCommand += 1
        let id = nextCommand
        guard isConnected, link.send(.command(id: id, command)) else {
            scheduler.schedule(after: 0, fail)
            return id
        }
        pending[id] = PendingReply(answer: answer, fail: fail)
        recorder?.client(text: String(decoding: ClientMessage.command(id: id, command).encoded(), as: UTF8.self), at: scheduler.now)
        return id
    }
}
