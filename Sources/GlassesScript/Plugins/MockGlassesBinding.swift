#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
import WearablesMock

/// `MockGlasses`: one pair of simulated glasses and the things a person (or
/// the world) does to them, here or in a served simulator (`MockContext`).
enum MockGlassesBinding {
    private static func action(
        _ runtime: ScriptRuntime, _ mock: MockContext, _ name: String, _ parameters: [LuaParameter], _ doc: String,
        _ body: @escaping (LuaCall) throws -> MockDeviceAction
    ) -> LuaFunction {
        LuaFunction(name: name, parameters: parameters, doc: doc) { [unowned runtime] call in
            let glasses = try call.userdata(1, as: MockGlassesHandle.self)
            return try mock.perform(runtime, call, name, .device(glasses.id, try body(call)))
        }
    }

    /// A device action that reads a file here: the file is checked against the sandbox
    /// first, and a file the simulator cannot use is worded as any unreadable media is.
    /// Decoding footage holds frames the size of the video, far more than Lua sees:
    /// charged to the memory cap before the feed starts, so a 4K clip under
    /// `--max-memory 64M` is refused with the limit's message instead of growing the process.
    private static func footageCharge(_ runtime: ScriptRuntime, _ checked: ScriptFile) throws -> LuaMemoryCharge? {
        let videos = [".mp4", ".mov", ".mkv", ".y4m"]
        guard runtime.state.options.memoryLimit != nil, videos.contains(where: { checked.path.lowercased().hasSuffix($0) }),
              let file = checked.file, let size = try? VideoFileReader.size(of: file.openedPath)
        else { return nil }
        let bytes = VideoFileReader.decodingFootprint(size)
        return try runtime.state.chargeMemory(bytes, for: "a \(size.width)x\(size.height) footage feed (decoding it holds about \(bytes >> 20) MB)")
    }

    /// A still (PNG, JPEG, HEIC) as the camera feed is held decoded, RGB and its luma plane:
    /// its size, read from the header before anything is decoded, is charged to the memory cap
    /// for as long as the feed plays (an 8000x8000 still reached 397 MB under `--max-memory 64M`).
    private static func stillCharge(_ runtime: ScriptRuntime, _ checked: ScriptFile, as what: String = "camera feed") throws -> LuaMemoryCharge? {
        guard runtime.state.options.memoryLimit != nil, let file = checked.file,
              let size = ImageCodecs.dimensions(Data(file.read(count: 1 << 20, at: 0))) else { return nil }
        let bytes = size.width.multipliedReportingOverflow(by: size.height).partialValue.multipliedReportingOverflow(by: 4)
        return try runtime.state.chargeMemory(bytes.overflow ? Int.max : bytes.partialValue,
                                              for: "a \(size.width)x\(size.height) still as \(what) (decoded it holds about \(bytes.partialValue >> 20) MB)")
    }

    /// The world reads the file the script's rule allowed through the descriptor checked
    /// here (held by the action), or is told it was missing, and never opens the path, so
    /// a link swapped or made there after the check is never followed; the action keeps
    /// the path for what it says and sends.
    private static func fileAction(
        _ runtime: ScriptRuntime, _ mock: MockContext, _ call: LuaCall, _ name: String, id: DeviceIdentifier, path: String,
        checked: ScriptFile, as what: String, expecting kinds: String, _ action: (_ path: String, _ checked: CheckedFile) -> MockDeviceAction
    ) throws -> LuaReturn {
        try mock.perform(runtime, call, name, .device(id, action(checked.path, checked.checked)), failure: { error in
            guard error.code == .unreadableFile, let reason = error.reason else { return error }
            return runtime.mediaReadError(path, as: what, expecting: kinds, reason: reason)
        })
    }

    static func luaClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockGlassesHandle> {
        LuaClass(
            MockGlassesHandle.self, name: "MockGlasses", doc: "Simulated glasses: power, hinges, wear, battery, faults.",
            methods: [
                action(runtime, mock, "power_on", [], "Power on; the link connects if unfolded.") { _ in .powerOn },
                action(runtime, mock, "power_off", [], "Power off: disconnects and stops sessions.") { _ in .powerOff },
                action(runtime, mock, "fold", [], "Close the hinges: disconnects and stops sessions (hingesClosed).") { _ in .fold },
                action(runtime, mock, "unfold", [], "Open the hinges: reconnects, restarts nothing.") { _ in .unfold },
                action(runtime, mock, "don", [], "Put the glasses on: a paused session resumes (one started while they were off pauses until a tap).") { _ in .don },
                action(runtime, mock, "doff", [], "Take them off: after 3 s the camera stops (hingesClosed) and the session pauses; it stops after 30 s.") { _ in .doff },
                action(runtime, mock, "tap", [], "A captouch tap: pauses an active stream, or resumes a paused one; the app hears the input.") { _ in .tap },
                action(runtime, mock, "unpair", [], "Remove the glasses from the Meta AI app.") { _ in .unpair },
                action(runtime, mock, "set_battery", [LuaParameter("level", .integer, in: 0...100)], "Battery 0-100; low levels stop the camera and session.") { call in
                    .battery(Int(try call.integer(2)))
                },
                action(runtime, mock, "set_charging", [LuaParameter("charging", .boolean)], "Put on or take off the charger.") { call in
                    .charging(try call.boolean(2) ? .charging : .notCharging)
                },
                action(runtime, mock, "set_thermal", [LuaParameter("level", .strings(ThermalLevel.allNames))], "Thermal level; severe and above stop things.") { call in
                    .thermal(try call.named(2, as: ThermalLevel.self))
                },
                action(runtime, mock, "disconnect", [.optional("seconds", .number)], "A Bluetooth drop for `seconds` (default 5).") { call in
                    let seconds = try call.optionalNumber(2) ?? 5
                    guard seconds.isFinite, seconds > 0 else { throw LuaArgumentError(argument: 2, message: "seconds must be a finite number > 0") }
                    return .disconnect(seconds: seconds)
                },
                action(runtime, mock, "tap_and_hold", [],
                       "A captouch tap-and-hold: the assistant takes the camera (an active stream stops, no error); the app hears the input.") { _ in .tapAndHold },
                action(runtime, mock, "press_capture_button", [],
                       "The capture button: the glasses take their own photo (app captures get serviceUnavailable for 1 s); the app hears the input.") {
                    _ in .captureButton
                },
                action(runtime, mock, "update_firmware", [],
                       "The Meta AI app's firmware update: 30 s off the link (sessions end), then compatible again.") { _ in .updateFirmware },
                action(runtime, mock, "peak_power", [],
                       "A power peak: the camera stops (peakPowerLimit); at battery <= 20 the session ends (peakPowerShutdown).") { _ in .peakPower },
                action(runtime, mock, "set_developer_mode", [LuaParameter("on", .boolean)],
                       "The Meta AI app's Developer Mode for these glasses (on by default; a firmware update turns it off). "
                           + "Off: sessions are refused (noEligibleDevice; an implicit stream waits in waitingForDevice) and "
                           + "permission requests fail (internalError).") { call in
                    .developerMode(try call.boolean(2))
                },
                action(runtime, mock, "set_glasses_app", [LuaParameter("state", .strings(GlassesAppState.allNames))],
                       "The DAT app on the glasses: current; updateRequired (session start: datAppOnTheGlassesUpdateRequired, "
                           + "fixed by wearables.open_glasses_app_update()); outOfStuRange (a dwaOutOfStuRange warning, the session "
                           + "goes on); unavailable (dwaUnavailable); sdkTooOld (insufficientSDKVersion, terminal).") { call in
                    .glassesApp(try call.named(2, as: GlassesAppState.self))
                },
                action(runtime, mock, "field_fault", [LuaParameter("kind", .strings(FieldFault.allNames))],
                       "A failure seen in the field: sessionEnded (the device ends a worn, connected session: unexpectedError, ios#301), "
                           + "startInternalError (the next stream start hangs 5 s, then internalError, ios#214), orphanedCamera (streaming "
                           + "without frames, then internalError on every start until a power cycle, ios#131), displaySleep (the lens "
                           + "sleeps now, as after 25 s idle), backGesture (the wearer's Back: unless the app's Inputs consume it, the session "
                           + "holding a started display ends, unexpectedError), warmReopen (android#177: every session start fails in 0.15 s, "
                           + "unexpectedError, until a registration in this run).") { call in
                    .fieldFault(try call.named(2, as: FieldFault.self))
                },
                action(runtime, mock, "set_compatibility", [LuaParameter("value", .strings(Compatibility.allNames))],
                       "What the glasses need to work with this app; an update required refuses sessions (noEligibleDevice).") { call in
                    .compatibility(try call.named(2, as: Compatibility.self))
                },
                action(runtime, mock, "set_bandwidth", [LuaParameter("kbps", .number)], "Link bandwidth; drives the camera's ladder.") { call in
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

    static func cameraClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockCameraHandle> {
        LuaClass(
            MockCameraHandle.self, name: "MockCamera", doc: "What the simulated camera sees and captures.",
            methods: [
                LuaFunction(
                    name: "feed",
                    parameters: [LuaParameter("source", .union([.string, .record([LuaParameter("pattern", .enum(MockAction.FeedPattern.self))])]))],
                    doc: "Camera feed: a video (.mp4, .mov, .mkv: H.264 or HEVC; .y4m) played in a loop, a PNG/JPEG still, "
                        + "or a synthetic pattern. "
                        + "A path is read in this process, so over --connect only a pattern works."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: MockCameraHandle.self)
                    if let table = try? call.table(2) {
                        let pattern = try table.enumValue("pattern", as: MockAction.FeedPattern.self)
                        let done = try mock.perform(runtime, call, "feed", .device(camera.id, .cameraFeedPattern(pattern)))
                        camera.feedCharge = nil
                        return done
                    }
                    let path = try call.string(2)
                    let checked = try runtime.reading(path, as: "a camera feed")
                    let charge = try footageCharge(runtime, checked) ?? stillCharge(runtime, checked)
                    let done = try fileAction(runtime, mock, call, "feed", id: camera.id, path: path, checked: checked, as: "a camera feed",
                                              expecting: ".mp4, .mov, .mkv, .y4m, PNG or JPEG") { .cameraFeedPath($0, checked: $1) }
                    camera.feedCharge = charge
                    return done
                },
                LuaFunction(
                    name: "photo",
                    parameters: [LuaParameter("path", .string)],
                    doc: "The image (PNG/JPEG) photo captures return; read in this process, so not over --connect."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: MockCameraHandle.self)
                    let path = try call.string(2)
                    let checked = try runtime.reading(path, as: "the captured photo")
                    let charge = try stillCharge(runtime, checked, as: "the captured photo")
                    let done = try fileAction(runtime, mock, call, "photo", id: camera.id, path: path, checked: checked, as: "the captured photo",
                                              expecting: "PNG or JPEG") { .capturedImage(path: $0, checked: $1) }
                    camera.photoCharge = charge
                    return done
                },
                LuaFunction(name: "fail_next_capture",
                            parameters: [.optional("code", .strings(MockDeviceAction.captureFailures.map(\.rawValue)))],
                            doc: "The next capture fails with this PhotoError (default captureFailure).") {
                    [unowned runtime] call in
                    let camera = try call.userdata(1, as: MockCameraHandle.self)
                    let code = try call.optionalEnumeration(2, of: MockDeviceAction.captureFailures.map(\.rawValue)) ?? PhotoError.captureFailure.rawValue
                    let failure = PhotoError(rawValue: code) ?? .captureFailure
                    return try mock.perform(runtime, call, "fail_next_capture", .device(camera.id, .failNextCapture(failure)))
                },
                LuaFunction(name: "fail_stream",
                            parameters: [.optional("code", .strings(MockDeviceAction.streamFaults.map(\.code)))],
                            doc: "The camera pipeline fails now: a running stream stops with this StreamError (default internalError); the session lives on.") {
                    [unowned runtime] call in
                    let camera = try call.userdata(1, as: MockCameraHandle.self)
                    let code = try call.optionalEnumeration(2, of: MockDeviceAction.streamFaults.map(\.code)) ?? StreamError.internalError.code
                    let fault = MockDeviceAction.streamFaults.first { $0.code == code } ?? .internalError
                    return try mock.perform(runtime, call, "fail_stream", .device(camera.id, .failStream(fault)))
                },
            ])
    }

    static func microphoneClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockMicrophoneHandle> {
        LuaClass(
            MockMicrophoneHandle.self, name: "MockMicrophone", doc: "What the simulated microphone hears.",
            methods: [
                LuaFunction(
                    name: "feed",
                    parameters: [LuaParameter("source", .union([.string, .record([.optional("tone", .number), .optional("silence", .boolean), .optional("noise", .boolean), .optional("speech", .string)])]))],
                    doc: "Microphone feed: a sound file (looped), a tone in Hz, silence, noise, or speech=TEXT said by espeak-ng, again after each 1 s pause. "
                        + "A path is read in this process, so over --connect only a tone, silence, noise or speech works."
                ) { [unowned runtime] call in
                    let handle = try call.userdata(1, as: MockMicrophoneHandle.self)
                    let feed: MicrophoneFeed
                    if let table = try? call.table(2) {
                        if let hertz = try table.optionalNumber("tone") {
                            guard hertz.isFinite, hertz > 0 else { throw LuaArgumentError(argument: 2, message: "field 'tone': Hz must be a finite number > 0") }
                            feed = .tone(hertz: hertz)
                        } else if try table.optionalBoolean("noise") == true {
                            feed = .noise()
                        } else if try table.optionalBoolean("silence") == true {
                            feed = .silence
                        } else if let text = try table.optionalString("speech") {
                            guard text.utf8.count <= MicrophoneFeed.maxSpokenTextBytes else {
                                throw LuaArgumentError(argument: 2, message: "field 'speech': \(text.utf8.count) bytes; at most \(MicrophoneFeed.maxSpokenTextBytes) are spoken")
                            }
                            feed = .speech(text: text)
                        } else {
                            throw LuaArgumentError(argument: 2, message: "expected a path or a table with tone=, noise=true, silence=true or speech=")
                        }
                    } else {
                        // The checked file itself, held by the feed: the renderer reads it later
                        // and never opens the path again.
                        let checked = try runtime.reading(try call.string(2), as: "a microphone feed")
                        feed = .file(path: checked.path, checked: checked.checked)
                    }
                    return try mock.perform(runtime, call, "feed", .device(handle.id, .microphoneFeed(feed)))
                }
            ])
    }
}
