import LuaHost
import WearablesCore
import WearablesMock

/// `MockMotion`: the glasses' IMU (DAT 1.0 MockMotionKit, `services.motion`).
final class MockMotionHandle {
    let id: DeviceIdentifier
    init(id: DeviceIdentifier) { self.id = id }
}

enum MockMotionBinding {
    static func luaClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockMotionHandle> {
        LuaClass(
            MockMotionHandle.self, name: "MockMotion",
            doc: "The glasses' IMU (MockMotionKit): a pose, or a CSV recording replayed by its timestamps, looping.",
            methods: [
                .method(
                    "feed", parameters: [LuaParameter("source", .union([.string, .record([LuaParameter("pose", .enum(MotionPose.self))])]))],
                    doc: "The IMU's feed: a CSV in DAT's columns (timestampNs, accelX..Z, gyroX..Z, magX..Z, orientationW, orientationX..Z; "
                        + "ns, m/s², rad/s, µT) read in this process, or {pose = level|lookingUp|lookingDown|tiltedLeft|tiltedRight|nodding}. "
                        + "Over --connect only a pose crosses."
                ) { [unowned runtime] (handle: MockMotionHandle, call: LuaCall) throws -> LuaReturn in
                    let feed: MotionFeed
                    if let table = try? call.table(2) {
                        feed = .pose(try table.enumValue("pose", as: MotionPose.self))
                    } else {
                        let file = try runtime.reading(try call.string(2), as: "a motion feed")
                        do { feed = .samples(try MotionCSV.read(path: file.path, checked: file.checked)) } catch {
                            throw ScriptError(domain: "mock", code: "unreadable_file", message: "\(error)")
                        }
                    }
                    return try mock.perform(runtime, call, "feed", .device(handle.id, .motionFeed(feed)))
                },
            ],
            fields: [
                LuaField(name: "pose", type: .optional(.enum(MotionPose.self)), doc: "The feed's pose; nil while a recording plays.") {
                    (handle: MockMotionHandle) -> LuaValue in
                    guard let pose = mock.state(of: handle.id)?.motionPose else { return .nil }
                    return .string(pose)
                },
                LuaField(name: "streaming", type: .boolean,
                         doc: "MockMotionKit isStreaming: whether an app's Motion on these glasses is started (on a started session).") {
                    [unowned runtime] (handle: MockMotionHandle) -> LuaValue in
                    guard let session = runtime.world.wearables.session(holding: handle.id), session.state == .started else { return .boolean(false) }
                    return .boolean(session.motion?.state == .started)
                },
            ])
    }
}
