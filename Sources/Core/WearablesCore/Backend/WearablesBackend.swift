/// How a backend tells the model what happened. All calls on the scheduler's thread.
public protocol WearablesBackendObserver: AnyObject {
    /// The registration changed outside a flow the model started (reset, removed in the companion app).
    func backend(didChangeRegistration state: RegistrationState)
    func backend(didUpdate device: DeviceSnapshot)
    func backend(didRemoveDevice identifier: DeviceIdentifier)
    func backend(didChangePermission permission: Permission, to status: PermissionStatus)
    func backend(didChangeLinkBandwidth kbps: Double, for identifier: DeviceIdentifier)
    func backend(didInterruptSessionOn identifier: DeviceIdentifier, with interruption: SessionInterruption)
    /// The wearer tapped, held or pressed the capture button on the connected glasses.
    func backend(didReceive input: DeviceInput, on identifier: DeviceIdentifier)
    /// The glasses reported on a capability of the session they hold (an Inputs event or error, ...).
    func backend(didReport report: CapabilityReport, on identifier: DeviceIdentifier)
    /// The glasses streamed these IMU samples, as they streamed them (a backend whose
    /// ``WearablesBackend/streamsMotionSamples``: DAT's `Motion.samples`). The model reads its
    /// feed instead; a server passes them on as they came.
    func backend(didStream samples: [MotionSample], on identifier: DeviceIdentifier)
}

extension WearablesBackendObserver {
    public func backend(didStream samples: [MotionSample], on identifier: DeviceIdentifier) {}
}

/// A camera's picture stream as a backend runs it; stop it to stop the pictures.
public final class CameraFeedHandle {
    private var onStop: (() -> Void)?

    public init(onStop: @escaping () -> Void) { self.onStop = onStop }

    /// Stops the pictures; later calls do nothing.
    public func stop() {
        let action = onStop
        onStop = nil
        action?()
    }
}

/// What a platform must provide for the DAT model to run on it: the device list and
/// its facts, the companion app's registration and permission flows, session control,
/// camera pictures pushed as they come (DAT's `videoFramePublisher`) and photos.
/// `WearablesSimulator` is the embedded implementation and `WearablesRemote` the same
/// interface over the wire protocol; both pass one conformance suite. Every method is called, and every completion must be called,
/// on `scheduler`'s thread; completions may never be called (a hung companion app or
/// stuck glasses), and the model applies its own timeouts.
public protocol WearablesBackend: AnyObject {
    var scheduler: Scheduler { get }
    var trace: EventTrace { get }

    /// Registers the model for reports; the backend holds it weakly.
    func attach(_ observer: WearablesBackendObserver)

    // Companion app
    var registrationState: RegistrationState { get }
    func startRegistration(completion: @escaping (Result<Void, RegistrationError>) -> Void)
    func startUnregistration(completion: @escaping (Result<Void, UnregistrationError>) -> Void)
    func permissionStatus(_ permission: Permission) -> PermissionStatus
    func requestPermission(_ permission: Permission, completion: @escaping (Result<PermissionStatus, PermissionError>) -> Void)
    /// Opens the Meta AI app's firmware update screen (DAT `openFirmwareUpdate()`):
    /// completes once it opened; the update itself shows only as the devices change.
    func openFirmwareUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void)
    /// Opens the Meta AI app's DAT app update destination (DAT `openDATGlassesAppUpdate()`),
    /// the fix for `sdkUpdateRequired`; completes once it opened.
    func openDATGlassesAppUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void)

    // Devices
    var devices: [DeviceSnapshot] { get }
    /// The link's bandwidth as far as the backend can tell (the camera's ladder reads
    /// it); `.infinity` when it cannot, so the requested settings stand.
    func linkBandwidthKbps(of identifier: DeviceIdentifier) -> Double

    // Sessions and camera
    func openSession(on identifier: DeviceIdentifier, completion: @escaping (Result<Void, DeviceSessionError>) -> Void)
    /// Ends the device's side of a session; `completion` runs once the device has (what the
    /// glasses and the Meta AI app do at a session's end, such as an "Allow once" grant
    /// lapsing, has happened and been reported by then).
    func closeSession(on identifier: DeviceIdentifier, completion: @escaping () -> Void)
    /// Starts the camera's pictures at `settings`: the backend calls `deliver` for each
    /// one, in order, with the run time it was seen at, until the handle is stopped.
    /// A picture is rendered only when read (`FrameSource`), so one nobody reads costs
    /// almost nothing. Nil when the device has no camera to stream from.
    /// The glasses set their camera up for a stream (the stream's `starting`): completes
    /// when it may stream, or with the `StreamError` that keeps it from streaming.
    func prepareCamera(on identifier: DeviceIdentifier, completion: @escaping (Result<Void, StreamError>) -> Void)
    func startCamera(on identifier: DeviceIdentifier, settings: EffectiveStreamSettings,
                     deliver: @escaping (_ timestamp: Double, _ picture: FrameSource) -> Void) -> CameraFeedHandle?
    /// Why a stream with audio cannot start on this device now (the phone's HFP route
    /// to it is not configured), worded as a fix; nil when it can.
    func audioStreamingProblem(on identifier: DeviceIdentifier) -> String?
    /// Takes a still at `size`, encoded at `quality` (1-100); says when the glasses have set
    /// the capture up (`setUp`, DAT's `started`; never for a capture they refuse first), reports
    /// its transfer as it crosses the link (`progress`, ending at the whole), then completes with
    /// the photo or why it failed (or never, as when audio is routed over HFP; the model times
    /// the capture out). The glasses decide each step, so over a connection they come from there.
    func capturePhoto(on identifier: DeviceIdentifier, format: PhotoCaptureFormat, size: VideoSize, quality: Int,
                      setUp: @escaping () -> Void, progress: @escaping (PhotoTransferProgress) -> Void,
                      completion: @escaping (Result<Photo, PhotoError>) -> Void)
    /// The same capture asked for by a phone elsewhere (a client of a served world), which says
    /// whether it routes audio over HFP to these glasses: a backend that models the HFP rule
    /// follows that phone rather than its own. The default ignores it.
    func capturePhoto(on identifier: DeviceIdentifier, format: PhotoCaptureFormat, size: VideoSize, quality: Int,
                      phoneAudioOverHFP: Bool, setUp: @escaping () -> Void, progress: @escaping (PhotoTransferProgress) -> Void,
                      completion: @escaping (Result<Photo, PhotoError>) -> Void)
    /// Whether a camera stream starting pauses the phone's A2DP playback to the glasses (ios#256),
    /// which a served world tells its client, the phone; false (the default) where no backend models it.
    var a2dpPausesOnStream: Bool { get }
    /// Whether the glasses stream their IMU samples to the phone (DAT's Motion: each reported
    /// with `backend(didStream:on:)` while watched), rather than the feed computing them where
    /// they are read (the simulator). False by default.
    var streamsMotionSamples: Bool { get }

    /// The glasses' IMU as the model reads it (DAT 1.0 `MWDATMotion`); nil when they have none.
    func motionFeed(on identifier: DeviceIdentifier) -> MotionFeedSource?
    /// A Motion on `identifier` started (`rate`) or stopped (nil). A backend whose feed computes
    /// samples where the model reads them answers `started` at once; one whose glasses are elsewhere
    /// asks them to stream into the feed, answers `started` when they do, and tells `failed` of their
    /// own `MotionError` (no sensors, link lost). The model's start waits for `started` and its delay.
    func watchMotion(on identifier: DeviceIdentifier, rate: MotionSamplingRate?, started: @escaping () -> Void,
                     failed: @escaping (MotionError) -> Void)
    /// The session on `identifier` added Inputs with `configuration`, or removed them (nil). A backend
    /// whose glasses are elsewhere asks them to route those sources (a bridge adds DAT's Inputs only
    /// then); one that reports every input to the model, which keeps what was asked for, need do nothing.
    func watchInputs(on identifier: DeviceIdentifier, configuration: InputsConfiguration?)

    /// Whether the app's Speech listens on the glasses (MockSpeechKit `isListening`); false when they have no speech.
    /// `settled` runs once the glasses have taken a start, after anything they reported meanwhile (a
    /// recogniser that failed at once): the model's start waits for it as well as for its own delay.
    @discardableResult
    func listenForSpeech(_ listening: Bool, on identifier: DeviceIdentifier, settled: @escaping () -> Void) -> Bool

    // Voice invocations (DAT 1.0 MWDATCore)
    /// Whether the app has a started `VoiceInvocationsStream` on the glasses (MockVoiceInvocationKit `hasConnectedClients`).
    func listenForVoiceInvocations(_ listening: Bool, on identifier: DeviceIdentifier)
    /// The app's one answer to invocation `requestID`; `completion` gets whether Meta AI took it.
    func answerVoiceInvocation(_ requestID: String, on identifier: DeviceIdentifier, success: Bool, output: String?,
                               completion: @escaping (Bool) -> Void)
}

extension WearablesBackend {
    public func capturePhoto(on identifier: DeviceIdentifier, format: PhotoCaptureFormat, size: VideoSize, quality: Int,
                             phoneAudioOverHFP: Bool, setUp: @escaping () -> Void, progress: @escaping (PhotoTransferProgress) -> Void,
                             completion: @escaping (Result<Photo, PhotoError>) -> Void) {
        capturePhoto(on: identifier, format: format, size: size, quality: quality, setUp: setUp, progress: progress, completion: completion)
    }

    public var a2dpPausesOnStream: Bool { false }

    public var streamsMotionSamples: Bool { false }

    /// The simulator reports every input and the model filters: nothing to ask.
    public func watchInputs(on identifier: DeviceIdentifier, configuration: InputsConfiguration?) {}

    /// A stop, or a start nobody waits on.
    @discardableResult
    public func listenForSpeech(_ listening: Bool, on identifier: DeviceIdentifier) -> Bool {
        listenForSpeech(listening, on: identifier, settled: {})
    }
}
