import LuaHost
import WearablesCore
import WearablesMock

/// `MockMotion`: the glasses' IMU (DAT 1.0 MockMotionKit, `services.motion`).
final class MockMotionHandle {
    let id: DeviceIdentifier
    /// What the recorded feeds the simulator keeps hold, charged to the run's memory cap,
    /// newest last: one entry a feed (no charge for a pose), dropped by the simulator's rule
    /// (`SimulatedMotion.setFeed`: the newest 16, holding no more than `MotionCSV.maxKeptSamples`
    /// samples in all unless the newest alone does), so a charge ends when its feed is dropped there.
    private var feedCharges: [(charge: LuaMemoryCharge?, samples: Int)] = []
    static let keptFeeds = 16
    init(id: DeviceIdentifier) { self.id = id }

    func kept(_ charge: LuaMemoryCharge?, samples: Int) {
        feedCharges.append((charge, samples))
        if feedCharges.count > Self.keptFeeds { feedCharges.removeFirst(feedCharges.count - Self.keptFeeds) }
        while feedCharges.count > 1, feedCharges.reduce(0, { $0 + $1.samples }) > MotionCSV.maxKeptSamples { feedCharges.removeFirst() }
    }
}

enum MockMotionClass {
    /// "1.2 MB": a size in a limit's message.
    static func megabytes(_ bytes: Int) -> String {
        "\((Double(bytes) / 1_048_576 * 10).rounded() / 10) MB"
    }

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
                    var kept: LuaMemoryCharge?
                    var sampleCount = 0
                    if let table = try? call.table(2) {
                        feed = .pose(try table.enumValue("pose", as: MotionPose.self))
                    } else {
                        let file = try runtime.reading(try call.string(2), as: "a motion feed")
                        // Parsing holds the file's bytes, its text and its lines for a moment: charged
                        // while it runs (a file past MotionCSV.maxBytes is refused unread).
                        let size = min(file.file?.size ?? 0, MotionCSV.maxBytes)
                        let samples: [MotionSample]
                        do {
                            let parsing = try runtime.state.chargeMemory(Int(size) * 3, for: "a motion feed's CSV of \(Self.megabytes(Int(size))) (parsing holds about three times that)")
                            defer { withExtendedLifetime(parsing) {} }
                            do { samples = try MotionCSV.read(path: file.path, checked: file.checked) } catch {
                                throw ScriptError(domain: "mock", code: "unreadable_file", message: "\(error)")
                            }
                        }
                        let bytes = samples.count * MotionCSV.bytesPerSample
                        kept = try runtime.state.chargeMemory(bytes, for: "a motion feed of \(samples.count) samples (\(Self.megabytes(bytes)), held while the simulator keeps the feed)")
                        feed = .samples(samples)
                        sampleCount = samples.count
                    }
                    let done = try mock.perform(runtime, call, "feed", .device(handle.id, .motionFeed(feed)))
                    handle.kept(kept, samples: sampleCount)
                    return done
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
