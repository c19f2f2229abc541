import DATInterface
import Locking
import WearablesCore

/// A DAT session the backend opened for the model, with its listeners and the capabilities
/// it added. Touched on the scheduler's thread only.
final class HeldSession {
    /// Numbers it among the backend's sessions: a report posted late names the session it is about.
    let serial: Int
    let device: DeviceIdentifier
    let session: any DATDeviceSession
    var tokens: [any DATListenerToken] = []
    /// The model's `openSession` completion, until DAT's state reaches `started` (or `stopped`).
    var pendingOpen: ((Result<Void, DeviceSessionError>) -> Void)?
    /// The error DAT published before the session stopped.
    var lastError: DeviceSessionError?
    /// The error the session's stream just stopped with, not yet reported.
    var lastStreamError: StreamError?
    var wasStarted = false
    var paused = false
    /// The Inputs the backend added for the model's (DATBackend+Sessions.swift), and how many it added.
    var inputs: HeldInputs?
    var inputsAdded = 0
    /// The configuration of the model's Inputs, asked for before DAT's session started: added then.
    var inputsWanted: InputsConfiguration?
    var speech: (any DATSpeech)?
    var speechTokens: [any DATListenerToken] = []
    /// Speech started and has not ended, so its next `stopped` is an utterance's end.
    var speechListening = false
    var display: (any DATDisplay)?
    /// The model stopped the display: DAT's `stopped` that follows is no news to it.
    var displayStopping = false
    /// The camera stream the model runs on this session (one at a time, as DAT's one camera).
    var stream: HeldStream?
    /// The camera standalone photos come from (`Camera.photo`), while no stream needs the slot.
    var photoCamera: (any DATCamera)?
    /// A standalone capture is under way: from `photo.start()` until its outcome.
    var photoUnderWay = false
    /// The Motion added for the model's Motion, while it watches.
    var motion: HeldMotion?

    init(serial: Int, device: DeviceIdentifier, session: any DATDeviceSession) {
        self.serial = serial
        self.device = device
        self.session = session
    }
}

/// A camera stream the model started (`addCamera(config:)`, `stream.start()`), delivering
/// frames until its handle stops it.
final class HeldStream {
    let serial: Int
    let camera: any DATCamera
    var tokens: [any DATListenerToken] = []
    let deliver: (Double, FrameSource) -> Void
    /// Frames posted to the scheduler and not yet delivered: past a few, DAT's frames are
    /// dropped before they are encoded (the model is behind; a frame later is as good).
    let inFlight = AtomicValue<Int>(0)

    init(serial: Int, camera: any DATCamera, deliver: @escaping (Double, FrameSource) -> Void) {
        self.serial = serial
        self.camera = camera
        self.deliver = deliver
    }
}

/// The Motion added for the model (`addMotion(configuration:)`): its listeners, the task
/// reading its samples, and the model's handlers.
final class HeldMotion {
    let serial: Int
    let motion: any DATMotion
    var tokens: [any DATListenerToken] = []
    var reader: Task<Void, Never>?
    var started: (() -> Void)?
    let failed: (MotionError) -> Void

    init(serial: Int, _ motion: any DATMotion, started: @escaping () -> Void, failed: @escaping (MotionError) -> Void) {
        self.serial = serial
        self.motion = motion
        self.started = started
        self.failed = failed
    }
}

/// The Inputs added for the model's (`addInputs(configuration:)`): the configuration (to add it
/// again after a standalone photo dropped it), its listeners and the task reading its events.
final class HeldInputs {
    let inputs: any DATInputs
    let configuration: InputsConfiguration
    /// Which of the session's Inputs it is: reports from one since replaced are dropped.
    let number: Int
    var tokens: [any DATListenerToken] = []
    var reader: Task<Void, Never>?
    /// DAT published a terminal error, which the model heard: its Inputs ended with it.
    var failed = false

    init(_ inputs: any DATInputs, configuration: InputsConfiguration, number: Int) {
        self.inputs = inputs
        self.configuration = configuration
        self.number = number
    }
}
