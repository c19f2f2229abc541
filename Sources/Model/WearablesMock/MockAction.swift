import WearablesModel

/// One change to a simulated world's mock (MockDeviceKit's test-server actions and
/// ours). The `mock` module, chaos faults, the HTTP control routes and the WebSocket
/// `mock` command all speak it, so in process and over a connection are one vocabulary.
public enum MockAction: Sendable, Equatable {
    /// `imu`: false pairs glasses without motion sensors (their Motion fails with `sensorUnavailable`).
    case pair(model: DeviceType, ready: Bool, imu: Bool = true)
    case device(DeviceIdentifier, MockDeviceAction)
    case setPermission(Permission, PermissionStatus)
    case permissionRequestResult(Permission, PermissionAnswer)
    case companionFailNext(CompanionFlow, code: String)
    /// The next `flow` waits in the Meta AI app for the user's answer (`companionAnswer`).
    case companionHoldNext(CompanionFlow)
    /// The user continues (`true`) or cancels the request a held flow shows.
    case companionAnswer(CompanionFlow, proceed: Bool)
    /// `metaAIInstalled: false`: a phone without the Meta AI app (registration `unavailable`).
    case reset(registered: Bool, permissions: [Permission: PermissionStatus], metaAIInstalled: Bool = true)
    case phoneCall(seconds: Double)
    /// The Meta AI app updates itself (the fix for `sdkUpdateRequired`).
    case companionUpdateApp
    /// MockDeviceKit `disable()`: every pair goes, and the mock refuses actions until `reset` enables it again.
    case disable
    /// Whether photos are lost while the phone routes audio over HFP to the glasses (ios#260).
    case hfpBlocksPhotoCapture(Bool)
    /// Whether 720p (or 504x896@30) streams stall now and then over Bluetooth Classic.
    case classicStalls(Bool)
    /// Whether a camera stream starting pauses the phone's A2DP playback to the glasses for
    /// good: the audio session is told an interruption began and never that it ended (ios#256).
    case a2dpPausesOnStream(Bool)
    /// Switches one field report (`FieldReport`; all off by default).
    case fieldReport(FieldReport, Bool)

    /// How the Meta AI app answers permission requests (`timeout`: it never answers;
    /// `connectionError`, `internalError`: it fails with that `PermissionError`).
    /// `allowOnce`: the user's "Allow once", a grant for one session.
    public enum PermissionAnswer: String, CaseIterable, Sendable { case granted, allowOnce, denied, timeout, connectionError, internalError }
    public enum CompanionFlow: String, CaseIterable, Sendable { case registration, unregistration }
    public enum FeedPattern: String, CaseIterable, Sendable {
        case moving
        case `static`
        case noise
    }

    /// `pair` with what a caller left out filled in: Ray-Ban Meta glasses, ready to use (on,
    /// unfolded, worn), with motion sensors. Lua's `mock.pair` and the wire's `pair` (HTTP
    /// `POST /v1/devices/pair`, the WebSocket command) both ask here, so they cannot disagree.
    public static func pairing(model: DeviceType? = nil, ready: Bool? = nil, imu: Bool? = nil) -> MockAction {
        .pair(model: model ?? .rayBanMeta, ready: ready ?? true, imu: imu ?? true)
    }

    /// The actions' names: the HTTP route's last component and the command's `action`.
    public var name: String {
        switch self {
        case .pair: "pair"
        case .device(_, let action): action.name
        case .setPermission: "permissions"
        case .permissionRequestResult: "request_result"
        case .companionFailNext: "companion_fail_next"
        case .companionHoldNext: "companion_hold_next"
        case .companionAnswer(_, let proceed): proceed ? "companion_continue" : "companion_cancel"
        case .companionUpdateApp: "companion_update_app"
        case .reset: "reset"
        case .phoneCall: "phone_call"
        case .disable: "disable"
        case .hfpBlocksPhotoCapture: "hfp_blocks_photo_capture"
        case .classicStalls: "classic_stalls"
        case .a2dpPausesOnStream: "a2dp_pauses_on_stream"
        case .fieldReport: "field_report"
        }
    }

    /// Whether this is `reset`, which also enables a disabled mock (MockDeviceKit `enable(config:)`).
    public var isReset: Bool {
        if case .reset = self { return true }
        return false
    }

    /// The glasses the action is about, if any.
    public var device: DeviceIdentifier? {
        if case .device(let device, _) = self { return device }
        return nil
    }

    /// The file the simulator reads to apply the action, if any: a connection cannot carry it.
    public var localFile: String? {
        guard case .device(_, let action) = self else { return nil }
        switch action {
        case .cameraFeedPath(let path, _), .capturedImage(let path, _): return path
        default: return nil
        }
    }
}

/// What is done to one pair of simulated glasses.
public enum MockDeviceAction: Sendable, Equatable {
    case unpair, powerOn, powerOff, don, doff, fold, unfold, tap, tapAndHold, captureButton, peakPower, updateFirmware
    /// The next capture fails with this `PhotoError` (one of `captureFailures`).
    case failNextCapture(PhotoError)
    /// The camera pipeline fails: the stream stops with this `StreamError` (one of `streamFaults`).
    case failStream(StreamError)
    case compatibility(Compatibility)
    case battery(Int)
    case charging(ChargingState)
    case thermal(ThermalLevel)
    case disconnect(seconds: Double)
    case bandwidth(kbps: Double)
    case cameraFeedPattern(MockAction.FeedPattern)
    /// A video (`.mp4`, `.mov`, `.mkv`, `.y4m`) or PNG/JPEG still on the simulating process's disk.
    /// `checked`: the file as a script's path rule found it in this process (held open, or
    /// missing), so the world never opens the name and a link made there since is never
    /// followed; nil for a path the user gave directly (a served world's control).
    case cameraFeedPath(String, checked: CheckedFile? = nil)
    /// A PNG/JPEG on the simulating process's disk that captures return (`checked` as above).
    case capturedImage(path: String, checked: CheckedFile? = nil)
    /// What the glasses' microphone hears.
    case microphoneFeed(MicrophoneFeed)
    /// MockInputKit: one Inputs event from `source` (capture, button and drag have fixed sources).
    case input(InputEvent.Action, source: InputSource)
    /// The glasses' Inputs channel fails with this error (ours).
    case inputsFault(InputsError)
    /// A failure seen in the field (see `FieldFault`).
    case fieldFault(FieldFault)
    /// The Meta AI app's Developer Mode for these glasses (per device; a firmware update turns it off).
    case developerMode(Bool)
    /// The DAT app on the glasses (`GlassesAppState`).
    case glassesApp(GlassesAppState)
    /// MockVoiceInvocationKit `sendLaunchAppAction()` (`incomplete`: `sendIncompleteAction()`);
    /// the new request, if any app stream listened, is the last of the glasses' `voiceRequests`.
    case voiceLaunch(incomplete: Bool)
    /// MockMotionKit `setMotionFeed`: a pose, or samples (read in this process; only a pose crosses a connection).
    case motionFeed(MotionFeed)
    /// MockSpeechKit: `simulateTranscription`, `simulateError(errorCode:message:)`, `simulateCompletion()`, `setLocale(_:)`.
    case speech(TranscriptionResult)
    case speechError(code: Int, message: String)
    case speechComplete
    case speechLocale(String)
    /// MockSpeechKit `setTranscriptionSource(_:)`: ignored while the app listens (DAT's mock);
    /// otherwise refused when the live recogniser cannot be opened (the message names the Debian package).
    case speechSource(TranscriptionSource)
    /// MockDisplayKit `sendClick(identifier:)`: a click on the shown component of this id
    /// (refused with `noTarget` when no started display shows a clickable one).
    case displayClick(String)
    /// The shown video ends (`ended`, `stopped`) or fails (`error` with a `VideoErrorType` name).
    case displayVideo(String, errorType: String?)
    /// Whether a standalone-photo transfer takes the display down (a field report; off by default).
    case displayPhotoTransferInterrupts(Bool)
    /// The pixel size of the videos the glasses fetch (the simulator opens no URL, so it is the
    /// mock's to say); what the `videoPlayerSize` field report checks.
    case displayVideoSize(width: Int, height: Int)

    public static let plainActions: [MockDeviceAction] = [
        .unpair, .powerOn, .powerOff, .don, .doff, .fold, .unfold, .tap, .tapAndHold, .captureButton, .peakPower, .updateFirmware,
        .voiceLaunch(incomplete: false), .voiceLaunch(incomplete: true),
    ]

    /// The failures `fail_next_capture` scripts: the glasses' own refusals. The others
    /// (`busy`, `notReady`, `permissionDenied`, ...) have causes a script stages instead.
    public static let captureFailures: [PhotoError] = [.captureFailure, .sessionSetupFailed, .serviceUnavailable]

    /// The faults `fail_stream` scripts: the stream's errors with no other cause a script can stage.
    public static let streamFaults: [StreamError] = [.internalError, .videoStreamingError]

    public var name: String {
        switch self {
        case .unpair: "unpair"
        case .powerOn: "power_on"
        case .powerOff: "power_off"
        case .don: "don"
        case .doff: "doff"
        case .fold: "fold"
        case .unfold: "unfold"
        case .tap: "tap"
        case .tapAndHold: "tap_and_hold"
        case .captureButton: "capture_button"
        case .peakPower: "peak_power"
        case .updateFirmware: "update_firmware"
        case .compatibility: "compatibility"
        case .failNextCapture: "fail_next_capture"
        case .failStream: "fail_stream"
        case .battery: "battery"
        case .charging: "charging"
        case .thermal: "thermal"
        case .disconnect: "disconnect"
        case .bandwidth: "bandwidth"
        case .cameraFeedPattern, .cameraFeedPath: "camera_feed"
        case .capturedImage: "captured_image"
        case .microphoneFeed: "microphone_feed"
        case .input: "input"
        case .inputsFault: "inputs_fault"
        case .fieldFault: "field_fault"
        case .developerMode: "developer_mode"
        case .glassesApp: "glasses_app"
        case .voiceLaunch(let incomplete): incomplete ? "voice_incomplete" : "voice_launch"
        case .motionFeed: "motion_feed"
        case .speech: "speech"
        case .speechError: "speech_error"
        case .speechComplete: "speech_complete"
        case .speechLocale: "speech_locale"
        case .speechSource: "speech_source"
        case .displayClick: "display_click"
        case .displayVideo: "display_video"
        case .displayPhotoTransferInterrupts: "display_photo_transfer_interrupts"
        case .displayVideoSize: "display_video_size"
        }
    }

    /// The names of the device actions, for routes and messages.
    public static let names = plainActions.map(\.name)
        + ["fail_next_capture", "fail_stream", "battery", "charging", "thermal", "disconnect", "bandwidth", "camera_feed", "captured_image",
           "compatibility", "microphone_feed", "input", "inputs_fault", "field_fault", "developer_mode", "glasses_app", "motion_feed", "speech",
           "speech_error", "speech_complete", "speech_locale", "speech_source",
           "display_click", "display_video", "display_photo_transfer_interrupts", "display_video_size"]
}
