import DATInterface
import WearablesModel
import WireServing

/// One connected client as the bridge tracks it: its queue, and what it holds, released
/// when it leaves (as `glasses serve` releases a departed client's feeds and sessions).
struct BridgeClient {
    let queue: OutboundQueue
    let name: String
    /// The devices its voice invocation streams listen on.
    var voiceDevices: Set<DeviceIdentifier> = []
}

/// A device session the bridge opened for a client, with its listeners.
final class BridgeSession {
    /// The bridge's number for it: DAT's reports, queued as jobs, name the session they are about.
    let serial: Int
    let owner: Int
    let session: any DATDeviceSession
    var tokens: [any DATListenerToken] = []
    /// The `open_session` reply, until the state reaches `started` (or `stopped`).
    var pendingOpen: ((Result<Void, DeviceSessionError>) -> Void)?
    var lastError: DeviceSessionError?
    /// The error the session's stream just stopped with, not yet reported.
    var lastStreamError: StreamError?
    var wasStarted = false
    var paused = false
    var speech: (any DATSpeech)?
    var speechTokens: [any DATListenerToken] = []
    /// Speech started and has not ended, so its next `stopped` is an utterance's end.
    var speechListening = false
    var display: (any DATDisplay)?
    /// The Inputs the bridge added for the holder's `watch_inputs` (BridgeCore+Inputs.swift), and how many it added.
    var inputs: BridgeInputs?
    var inputsAdded = 0
    /// The camera standalone photos come from (`Camera.photo`), while no stream needs the slot.
    var photoCamera: (any DATCamera)?
    /// A standalone capture is under way: from `photo.start()` until the photo is `stopped` again.
    var photoUnderWay = false
    /// The Motion the bridge added for `watch_motion` (BridgeCore+Motion.swift), while a client watches.
    var motion: BridgeMotion?

    init(serial: Int, owner: Int, session: any DATDeviceSession) {
        self.serial = serial
        self.owner = owner
        self.session = session
    }
}

/// A camera stream a client started: the wire's stream number names its frames.
final class BridgeStream {
    let owner: Int
    let device: DeviceIdentifier
    let camera: any DATCamera
    var tokens: [any DATListenerToken] = []

    init(owner: Int, device: DeviceIdentifier, camera: any DATCamera) {
        self.owner = owner
        self.device = device
        self.camera = camera
    }
}
