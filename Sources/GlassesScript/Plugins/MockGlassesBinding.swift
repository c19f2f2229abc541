import LuaHost
import WearablesCore
import WearablesSimulator

/// `MockGlasses`: one pair of simulated glasses and the things a person (or
/// the world) does to them.
enum MockGlassesBinding {
    private static func action(
        _ name: String, _ signature: String, _ doc: String, _ body: @escaping (SimulatedGlasses, LuaCall) throws -> Void
    ) -> LuaFunction {
        LuaFunction(name: name, signature: signature, doc: doc) { call in
            try body(try call.userdata(1, as: SimulatedGlasses.self), call)
            return .none
        }
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<SimulatedGlasses> {
        LuaClass(
            SimulatedGlasses.self, name: "MockGlasses", doc: "Simulated glasses: power, hinges, wear, battery, faults.",
            methods: [
                action("power_on", "glasses:power_on()", "Power on; the link connects if unfolded.") { g, _ in g.powerOn() },
                action("power_off", "glasses:power_off()", "Power off: disconnects and stops sessions.") { g, _ in g.powerOff() },
                action("fold", "glasses:fold()", "Close the hinges: disconnects and stops sessions (hingesClosed).") { g, _ in g.fold() },
                action("unfold", "glasses:unfold()", "Open the hinges: reconnects, restarts nothing.") { g, _ in g.unfold() },
                action("don", "glasses:don()", "Put the glasses on: a paused session resumes.") { g, _ in g.don() },
                action("doff", "glasses:doff()", "Take them off: sessions pause after 3 s and stop after 30 s.") { g, _ in g.doff() },
                action("tap", "glasses:tap()", "A captouch tap: a system experience pauses sessions for 5 s.") { g, _ in g.tap() },
                action("unpair", "glasses:unpair()", "Remove the glasses from the Meta AI app.") { g, _ in g.unpair() },
                action("set_battery", "glasses:set_battery(level: integer)", "Battery 0-100; low levels stop the camera and session.") { g, call in
                    let level = try call.integer(2)
                    guard (0...100).contains(level) else { throw LuaArgumentError(argument: 2, message: "battery level must be 0-100, got \(level)") }
                    g.setBatteryLevel(Int(level))
                },
                action("set_charging", "glasses:set_charging(charging: boolean)", "Put on or take off the charger.") { g, call in
                    g.setChargingState(try call.boolean(2) ? .charging : .notCharging)
                },
                action("set_thermal", "glasses:set_thermal(level: \(DeviceBinding.quoted(ThermalLevel.allNames)))", "Thermal level; severe and above stop things.") { g, call in
                    g.setThermalLevel(try call.named(2, as: ThermalLevel.self))
                },
                action("disconnect", "glasses:disconnect(seconds?: number)", "A Bluetooth drop for `seconds` (default 5).") { g, call in
                    let seconds = try call.optionalNumber(2) ?? 5
                    guard seconds.isFinite, seconds > 0 else { throw LuaArgumentError(argument: 2, message: "seconds must be a finite number > 0") }
                    g.disconnect(for: seconds)
                },
                action("set_bandwidth", "glasses:set_bandwidth(kbps: number)", "Link bandwidth; drives the camera's ladder.") { g, call in
                    let kbps = try call.number(2)
                    guard kbps.isFinite, kbps > 0 else { throw LuaArgumentError(argument: 2, message: "kbps must be a finite number > 0") }
                    g.setBandwidth(kbps: kbps)
                },
            ],
            fields: [
                LuaField(name: "id", type: "string", doc: "The device identifier.") { .string($0.identifier) },
                LuaField(name: "model", type: DeviceBinding.quoted(DeviceType.allNames), doc: "The model.") { .string($0.model.name) },
                LuaField(name: "device", type: "Device?", doc: "The Device the app sees.") { [unowned runtime] in
                    .object(runtime.world.wearables.deviceForIdentifier($0.identifier))
                },
                LuaField(name: "powered", type: "boolean", doc: "Whether powered on.") { .boolean($0.isPoweredOn) },
                LuaField(name: "stuck", type: "boolean", doc: "Stuck after a too-quick session restart; power-cycle to fix.") {
                    .boolean($0.isStuck)
                },
                LuaField(name: "camera", type: "MockCamera", doc: "The simulated camera.") { .object($0.camera) },
                LuaField(name: "microphone", type: "MockMicrophone", doc: "The simulated microphone.") { .object($0.microphone) },
            ],
            describe: { g in
                "MockGlasses \(g.model.name) \(g.identifier) \(g.isPoweredOn ? "on" : "off") \(g.hingeState.name) \(g.donState.name) "
                    + "\(g.link.name) battery \(g.batteryLevel)%"
            })
    }

    static func cameraClass(_ runtime: ScriptRuntime) -> LuaClass<SimulatedCamera> {
        LuaClass(
            SimulatedCamera.self, name: "MockCamera", doc: "What the simulated camera sees and captures.",
            methods: [
                LuaFunction(
                    name: "feed", signature: "camera:feed(source: string|{pattern: \"moving\"|\"static\"|\"noise\"})",
                    doc: "Camera feed: a .y4m video or PNG/JPEG still, or a synthetic pattern."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: SimulatedCamera.self)
                    if let table = try? call.table(2) {
                        let name = try table.enumeration("pattern", of: CameraFeed.Pattern.allCases.map(\.rawValue))
                        camera.setCameraFeed(pattern: CameraFeed.Pattern(rawValue: name) ?? .moving)
                    } else {
                        let path = try call.string(2)
                        do { try camera.setCameraFeed(path: path) } catch {
                            throw runtime.mediaReadError(path, as: "a camera feed", expecting: ".y4m, PNG or JPEG", error)
                        }
                    }
                    return .none
                },
                LuaFunction(name: "photo", signature: "camera:photo(path: string)", doc: "The image (PNG/JPEG) photo captures return.") {
                    [unowned runtime] call in
                    let camera = try call.userdata(1, as: SimulatedCamera.self)
                    let path = try call.string(2)
                    do { try camera.setCapturedImage(path: path) } catch {
                        throw runtime.mediaReadError(path, as: "the captured photo", expecting: "PNG or JPEG", error)
                    }
                    return .none
                },
                LuaFunction(name: "fail_next_capture", signature: "camera:fail_next_capture()", doc: "The next capture fails (PhotoError.captureFailure).") {
                    call in
                    try call.userdata(1, as: SimulatedCamera.self).simulateCaptureFailure()
                    return .none
                },
            ])
    }

    static func microphoneClass() -> LuaClass<SimulatedMicrophone> {
        LuaClass(
            SimulatedMicrophone.self, name: "MockMicrophone", doc: "What the simulated microphone hears.",
            methods: [
                LuaFunction(
                    name: "feed", signature: "microphone:feed(source: string|{tone?: number, silence?: boolean, noise?: boolean})",
                    doc: "Microphone feed: a sound file, a tone in Hz, silence or noise."
                ) { call in
                    let microphone = try call.userdata(1, as: SimulatedMicrophone.self)
                    guard let table = try? call.table(2) else {
                        microphone.setFeed(.file(path: try call.string(2)))
                        return .none
                    }
                    if let hertz = try table.optionalNumber("tone") {
                        guard hertz.isFinite, hertz > 0 else { throw LuaArgumentError(argument: 2, message: "field 'tone': Hz must be a finite number > 0") }
                        microphone.setFeed(.tone(hertz: hertz))
                    } else if try table.optionalBoolean("noise") == true {
                        microphone.setFeed(.noise())
                    } else if try table.optionalBoolean("silence") == true {
                        microphone.setFeed(.silence)
                    } else {
                        throw LuaArgumentError(argument: 2, message: "expected a path or a table with tone=, noise=true or silence=true")
                    }
                    return .none
                }
            ])
    }
}
