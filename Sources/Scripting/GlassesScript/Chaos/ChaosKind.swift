import WearablesCore
import WearablesMock

/// A kind of fault `mock.chaos` injects. Each is made of the same mock actions
/// a script can perform by hand (`glasses:fold()` then `glasses:unfold()`), so a
/// chaos fault is exactly what a script could stage itself.
public enum ChaosKind: String, CaseIterable, Codable, Sendable {
    case fold
    case power_cycle
    case disconnect
    case thermal
    case battery
    case capture_failure
    case bandwidth
    case phone_call
    case doff
    /// DAT 1.0 capability faults: the glasses' Inputs channel fails (`InputsError.communicationError`),
    /// the recogniser fails (SpeechRecognizer code 7 → `SpeechError.unexpectedError`), and a wearer's
    /// "Hey Meta, open the app" arrives for the app to answer (one its stream must answer within 10 s).
    case input_fault
    case speech_fault
    case voice_launch
    /// Field failures (`FieldFault`): the device ends a worn, connected session (ios#301); the
    /// next stream start hangs 5 s and fails `internalError` (ios#214); the camera is orphaned
    /// until the glasses are power-cycled (ios#131), which clears the fault.
    case session_ended
    case start_internal_error
    case orphaned_camera
    /// Third-party field reports, as field faults: the display's lens sleeps (as after
    /// 25 s idle); the wearer's Back gesture, which ends a session holding a started display unless
    /// the app's Inputs consume Back; the glasses turn warm (android#177), refusing every session
    /// start until the app registers again (unregister, register): no mock action clears it, so chaos does not.
    case display_sleep
    case back_gesture
    case warm_reopen

    /// The kinds' names, in declaration order, for messages.
    public static let names = allCases.map(\.rawValue)

    /// How long a fault of this kind lasts when the script does not say (seconds, drawn log-uniformly).
    var defaultDurations: ClosedRange<Double> {
        switch self {
        case .fold: 2...120
        case .power_cycle: 2...60
        case .disconnect: 1...30
        case .thermal: 30...300
        case .battery: 60...600
        case .capture_failure: 0...0
        case .bandwidth: 10...120
        case .phone_call: 10...180
        case .doff: 2...120
        case .input_fault, .speech_fault, .voice_launch, .session_ended, .start_internal_error, .display_sleep, .back_gesture,
             .warm_reopen: 0...0
        case .orphaned_camera: 10...300
        }
    }

    /// The thermal level of a heat spike and the battery level of a drain: fixed, so a
    /// schedule file says everything that varies (when, which glasses, how long).
    static let spikeLevel = ThermalLevel.critical
    static let drainedLevel = 5
    /// A bandwidth dip's link rate: the ladder steps a stream down to fit it (low@15 needs
    /// about 346 kbps), as a crowded 2.4 GHz band does, rather than failing it outright.
    static let dipKbps = 400.0

    /// The mock actions that start a fault of this kind on `device`.
    func start(device: String, duration: Double) -> [MockAction] {
        switch self {
        case .fold: [.device(device, .fold)]
        case .power_cycle: [.device(device, .powerOff)]
        case .disconnect: [.device(device, .disconnect(seconds: max(duration, Scheduler.resolution)))]
        case .thermal: [.device(device, .thermal(Self.spikeLevel))]
        case .battery: [.device(device, .battery(Self.drainedLevel))]
        case .capture_failure: [.device(device, .failNextCapture(.captureFailure))]
        case .bandwidth: [.device(device, .bandwidth(kbps: Self.dipKbps))]
        case .phone_call: [.phoneCall(seconds: max(duration, Scheduler.resolution))]
        case .doff: [.device(device, .doff)]
        case .input_fault: [.device(device, .inputsFault(.communicationError))]
        case .speech_fault: [.device(device, .speechError(code: 7, message: "chaos"))]
        case .voice_launch: [.device(device, .voiceLaunch(incomplete: false))]
        case .session_ended: [.device(device, .fieldFault(.sessionEnded))]
        case .start_internal_error: [.device(device, .fieldFault(.startInternalError))]
        case .orphaned_camera: [.device(device, .fieldFault(.orphanedCamera))]
        case .display_sleep: [.device(device, .fieldFault(.displaySleep))]
        case .back_gesture: [.device(device, .fieldFault(.backGesture))]
        case .warm_reopen: [.device(device, .fieldFault(.warmReopen))]
        }
    }

    /// The mock actions that clear it once its duration is over (none: it clears itself).
    func clear(device: String, restoringKbps kbps: Double) -> [MockAction] {
        switch self {
        case .fold: [.device(device, .unfold)]
        case .power_cycle: [.device(device, .powerOn)]
        case .thermal: [.device(device, .thermal(.none))]
        case .battery: [.device(device, .battery(100))]
        case .bandwidth: [.device(device, .bandwidth(kbps: kbps))]
        case .doff: [.device(device, .don)]
        case .orphaned_camera: [.device(device, .powerOff), .device(device, .powerOn)]
        case .disconnect, .capture_failure, .phone_call, .input_fault, .speech_fault, .voice_launch, .session_ended,
             .start_internal_error, .display_sleep, .back_gesture, .warm_reopen: []
        }
    }
}
