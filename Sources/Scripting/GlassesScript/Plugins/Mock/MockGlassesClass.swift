#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
import WearablesMock

/// A pair as scripts hold it (`MockGlasses`): an id whose state is read through the
/// control. One object per id, so a script's glasses compare equal across calls.
final class MockGlassesHandle {
    let id: DeviceIdentifier
    let model: DeviceType
    let camera: MockCameraHandle
    let microphone: MockMicrophoneHandle
    let input: MockInputHandle
    private(set) lazy var voice = MockVoiceHandle(glasses: self)
    private(set) lazy var motion = MockMotionHandle(id: id)
    private(set) lazy var speech = MockSpeechHandle(id: id)
    /// The lens, on glasses with a display (`metaRayBanDisplay`).
    let display: MockDisplayHandle?
    /// The last state read: unpaired glasses keep reading as they were.
    var last: MockGlassesState

    init(_ state: MockGlassesState) {
        id = state.id
        model = state.model
        camera = MockCameraHandle(id: state.id)
        microphone = MockMicrophoneHandle(id: state.id)
        input = MockInputHandle(id: state.id)
        display = state.model.supportsDisplay ? MockDisplayHandle(id: state.id) : nil
        last = state
    }
}

/// `MockGlasses`: one pair of simulated glasses and the things a person (or
/// the world) does to them, here or in a served simulator (`MockContext`).
enum MockGlassesClass {
    static func luaClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockGlassesHandle> {
        LuaClass(
            MockGlassesHandle.self, name: "MockGlasses", doc: "Simulated glasses: power, hinges, wear, battery, faults.",
            methods: [
                MockDeviceActions.action(runtime, mock, "power_on", [], "Power on; the link connects if unfolded.") { _ in .powerOn },
                MockDeviceActions.action(runtime, mock, "power_off", [], "Power off: disconnects and stops sessions.") { _ in .powerOff },
                MockDeviceActions.action(runtime, mock, "fold", [], "Close the hinges: disconnects and stops sessions (hingesClosed).") { _ in .fold },
                MockDeviceActions.action(runtime, mock, "unfold", [], "Open the hinges: reconnects, restarts nothing.") { _ in .unfold },
                MockDeviceActions.action(runtime, mock, "don", [], "Put the glasses on: a paused session resumes (one started while they were off pauses until a tap).") { _ in .don },
                MockDeviceActions.action(runtime, mock, "doff", [], "Take them off: after 3 s the camera stops (hingesClosed) and the session pauses; it stops after 30 s.") { _ in .doff },
                MockDeviceActions.action(runtime, mock, "tap", [], "A captouch tap: pauses an active stream, or resumes a paused one; the app hears the input.") { _ in .tap },
                MockDeviceActions.action(runtime, mock, "unpair", [], "Remove the glasses from the Meta AI app.") { _ in .unpair },
                MockDeviceActions.action(runtime, mock, "set_battery", [LuaParameter("level", .integer, in: 0...100)], "Battery 0-100; low levels stop the camera and session.") { call in
                    .battery(Int(try call.integer(2)))
                },
                MockDeviceActions.action(runtime, mock, "set_charging", [LuaParameter("charging", .boolean)], "Put on or take off the charger.") { call in
                    .charging(try call.boolean(2) ? .charging : .notCharging)
                },
                MockDeviceActions.action(runtime, mock, "set_thermal", [LuaParameter("level", .strings(ThermalLevel.allNames))], "Thermal level; severe and above stop things.") { call in
                    .thermal(try call.named(2, as: ThermalLevel.self))
                },
                MockDeviceActions.action(runtime, mock, "disconnect", [.optional("seconds", .number)], "A Bluetooth drop for `seconds` (default 5).") { call in
                    let seconds = try call.optionalNumber(2) ?? 5
                    guard seconds.isFinite, seconds > 0 else { throw LuaArgumentError(argument: 2, message: "seconds must be a finite number > 0") }
                    return .disconnect(seconds: seconds)
                },
                MockDeviceActions.action(runtime, mock, "tap_and_hold", [],
                       "A captouch tap-and-hold: the assistant takes the camera (an active stream stops, no error); the app hears the input.") { _ in .tapAndHold },
                MockDeviceActions.action(runtime, mock, "press_capture_button", [],
                       "The capture button: the glasses take their own photo (app captures get serviceUnavailable for 1 s); the app hears the input.") {
                    _ in .captureButton
                },
                MockDeviceActions.action(runtime, mock, "update_firmware", [],
                       "The Meta AI app's firmware update: 30 s off the link (sessions end), then compatible again.") { _ in .updateFirmware },
                MockDeviceActions.action(runtime, mock, "peak_power", [],
                       "A power peak: the camera stops (peakPowerLimit); at battery <= 20 the session ends (peakPowerShutdown).") { _ in .peakPower },
                MockDeviceActions.action(runtime, mock, "set_developer_mode", [LuaParameter("on", .boolean)],
                       "The Meta AI app's Developer Mode for these glasses (on by default; a firmware update turns it off). "
                           + "Off: sessions are refused (noEligibleDevice; an implicit stream waits in waitingForDevice) and "
                           + "permission requests fail (internalError).") { call in
                    .developerMode(try call.boolean(2))
                },
                MockDeviceActions.action(runtime, mock, "set_glasses_app", [LuaParameter("state", .strings(GlassesAppState.allNames))],
                       "The DAT app on the glasses: current; updateRequired (session start: datAppOnTheGlassesUpdateRequired, "
                           + "fixed by wearables.open_glasses_app_update()); outOfStuRange (a dwaOutOfStuRange warning, the session "
                           + "goes on); unavailable (dwaUnavailable); sdkTooOld (insufficientSDKVersion, terminal).") { call in
                    .glassesApp(try call.named(2, as: GlassesAppState.self))
                },
                MockDeviceActions.action(runtime, mock, "field_fault", [LuaParameter("kind", .strings(FieldFault.allNames))],
                       "A failure seen in the field: sessionEnded (the device ends a worn, connected session: unexpectedError, ios#301), "
                           + "startInternalError (the next stream start hangs 5 s, then internalError, ios#214), orphanedCamera (streaming "
                           + "without frames, then internalError on every start until a power cycle, ios#131), displaySleep (the lens "
                           + "sleeps now, as after 25 s idle), backGesture (the wearer's Back: unless the app's Inputs consume it, the session "
                           + "holding a started display ends, unexpectedError), warmReopen (android#177: every session start fails in 0.15 s, "
                           + "unexpectedError, until a registration in this run).") { call in
                    .fieldFault(try call.named(2, as: FieldFault.self))
                },
                MockDeviceActions.action(runtime, mock, "set_compatibility", [LuaParameter("value", .strings(Compatibility.allNames))],
                       "What the glasses need to work with this app; an update required refuses sessions (noEligibleDevice).") { call in
                    .compatibility(try call.named(2, as: Compatibility.self))
                },
                MockDeviceActions.action(runtime, mock, "set_bandwidth", [LuaParameter("kbps", .number)], "Link bandwidth; drives the camera's ladder.") { call in
                    let kbps = try call.number(2)
                    guard kbps.isFinite, kbps > 0 else { throw LuaArgumentError(argument: 2, message: "kbps must be a finite number > 0") }
                    return .bandwidth(kbps: kbps)
                },
            ],
            fields: [
                LuaField(name: "id", type: .string, doc: "The device identifier.") { .string($0.id) },
                LuaField(name: "model", type: .strings(DeviceType.allNames), doc: "The model.") { .string($0.model.name) },
                LuaField(name: "device", type: .optional(.named("Device")), doc: "The Device the app sees.") { [unowned runtime] in
                    .object(runtime.world.wearables.deviceForIdentifier($0.id))
                },
                LuaField(name: "powered", type: .boolean, doc: "Whether powered on.") { .boolean(mock.state($0).powered) },
                LuaField(name: "stuck", type: .boolean, doc: "Stuck after a too-quick session restart (each start then fails within a second); power-cycle to fix.") {
                    .boolean(mock.state($0).stuck)
                },
                LuaField(name: "camera", type: .named("MockCamera"), doc: "The simulated camera.") { .object($0.camera) },
                LuaField(name: "microphone", type: .named("MockMicrophone"), doc: "The simulated microphone.") { .object($0.microphone) },
                LuaField(name: "input", type: .named("MockInput"), doc: "The input surfaces (DAT MockInputKit): nav, select, back, capture, button, drag.") {
                    .object($0.input)
                },
                LuaField(name: "voice", type: .named("MockVoice"), doc: "Meta AI's voice invocations (DAT MockVoiceInvocationKit): launch, incomplete, answers.") {
                    .object($0.voice)
                },
                LuaField(name: "speech", type: .named("MockSpeech"), doc: "The recogniser (DAT MockSpeechKit): say, partial, fail, complete, set_locale.") {
                    .object($0.speech)
                },
                LuaField(name: "motion", type: .named("MockMotion"), doc: "The IMU (DAT MockMotionKit): feed(csv | {pose=}).") { .object($0.motion) },
                LuaField(name: "display", type: .optional(.named("MockDisplay")), doc: "The lens of Meta Ray-Ban Display glasses; nil on others.") {
                    .object($0.display)
                },
            ],
            describe: { g in
                let state = mock.state(g)
                return "MockGlasses \(g.model.name) \(g.id) \(state.powered ? "on" : "off") \(state.device.hingeState.name) "
                    + "\(state.device.donState.name) \(state.device.linkState.name) battery \(state.battery)%"
            })
    }
}
