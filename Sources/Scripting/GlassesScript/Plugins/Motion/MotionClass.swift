import LuaHost
import WearablesCore

extension MotionSamplingRate: LuaEnum {}
extension MotionState: LuaEnum {}
extension MotionError: LuaEnum {}
extension MotionError: ScriptErrorConvertible {}
extension MotionSource: LuaEnum {}
extension MotionPose: LuaEnum {}

/// The sensors a sample table carries; `sensors=` keeps some *(ours: a host-side filter, DAT has no sensor selection)*.
enum MotionSensor: String, CaseIterable, LuaEnum { case accelerometer, gyroscope, magnetometer, orientation }

/// A Motion as scripts hold it: DAT's capability and the host's sensor filter.
final class ScriptMotion {
    let motion: Motion
    let sensors: Set<MotionSensor>
    init(_ motion: Motion, sensors: Set<MotionSensor>) {
        self.motion = motion
        self.sensors = sensors
    }
}

/// `Motion`: DAT 1.0's `MWDATMotion` capability (experimental).
enum MotionClass {
    static let rateNames = MotionSamplingRate.allCases.map { "\"\($0.name)\"" } + MotionSamplingRate.allCases.map { "\($0.hertz)" }

    static let fields = [
        LuaParameter("rate", .union([.enum(MotionSamplingRate.self), .integers(MotionSamplingRate.allCases.map(\.hertz))]), optional: true,
                     default: "\"hz10\""),
        LuaParameter("sensors", .array(.enum(MotionSensor.self)), optional: true, default: "all"),
    ]

    static func rate(_ options: LuaTableArgument?) throws -> MotionSamplingRate {
        guard let options else { return .hz10 }
        let allowed = "one of hz5, hz10, hz15, hz24, hz30, hz60 (or 5, 10, 15, 24, 30, 60 Hz)"
        switch try options.value("rate") {
        case .nil: return .hz10
        case .string(let name):
            guard let rate = MotionSamplingRate(name: name) else {
                throw LuaArgumentError(argument: options.argument, message: "field 'rate': '\(name)' is not \(allowed)")
            }
            return rate
        case .integer(let hertz):
            guard let rate = MotionSamplingRate(hertz: Int(hertz)) else {
                throw LuaArgumentError(argument: options.argument, message: "field 'rate': \(hertz) Hz is not \(allowed)")
            }
            return rate
        case let other:
            throw LuaArgumentError(argument: options.argument, message: "field 'rate': \(other) is not \(allowed)")
        }
    }

    static func sensors(_ options: LuaTableArgument?) throws -> Set<MotionSensor> {
        guard let names = try options?.optionalStrings("sensors") else { return Set(MotionSensor.allCases) }
        var sensors: Set<MotionSensor> = []
        for name in names {
            guard let sensor = MotionSensor(rawValue: name) else {
                throw LuaArgumentError(argument: options?.argument ?? 2,
                                       message: "field 'sensors': unknown sensor '\(name)' (expected: \(MotionSensor.luaNames.joined(separator: ", ")))")
            }
            sensors.insert(sensor)
        }
        return sensors
    }

    static func value(_ sample: MotionSample, _ sensors: Set<MotionSensor>) -> LuaValue {
        func vector(_ v: Vector3?) -> LuaValue { v.map { .table(["x": .number($0.x), "y": .number($0.y), "z": .number($0.z)]) } ?? .nil }
        var table: [String: LuaValue] = ["timestamp_ns": .integer(sample.timestampNs), "source": .string(sample.source.name)]
        if sensors.contains(.accelerometer) { table["accelerometer"] = vector(sample.accelerometer) }
        if sensors.contains(.gyroscope) { table["gyroscope"] = vector(sample.gyroscope) }
        if sensors.contains(.magnetometer) { table["magnetometer"] = vector(sample.magnetometer) }
        if sensors.contains(.orientation), let q = sample.orientation {
            table["orientation"] = .table(["x": .number(q.x), "y": .number(q.y), "z": .number(q.z), "w": .number(q.w)])
        }
        return .table(table)
    }

    static func sessionMethods(_ runtime: ScriptRuntime) -> [LuaMethod<DeviceSession>] {
        [
            .method(
                "motion", .optionalOptions("options", fields), returns: [.named("Motion")],
                doc: "Add DAT 1.0 Motion (experimental) to a started session: stopped until motion:start(); rate hz5, hz10 (default), hz15, "
                    + "hz24, hz30 or hz60 (or the number); sensors= keeps some of a sample's fields (ours). Raises sessionIdle before started, "
                    + "capabilityAlreadyActive when it has one."
            ) { session, options, _ in
                let configuration = MotionConfiguration(samplingRate: try rate(options))
                let chosen = try sensors(options)
                return .value(.object(ScriptMotion(try session.addMotion(configuration), sensors: chosen)))
            },
            .method(
                "remove_motion", doc: "Remove the session's Motion (DAT removeMotion; terminal for it). Raises capabilityNotFound when it holds none."
            ) { session, _ in
                try session.removeMotion()
                return .none
            },
        ]
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<ScriptMotion> {
        LuaClass(
            ScriptMotion.self, name: "Motion",
            doc: "DAT 1.0 Motion (MWDATMotion, experimental): IMU samples at the configured rate; the newest 256 wait for next_sample.",
            methods: [
                .method("start", doc: "Start sampling; waits until started. Raises MotionError (sensorUnavailable, capabilityClosed).") {
                    [unowned runtime] script, call in
                    try runtime.wait(call, in: "start") { script.motion.start(completion: $0) }
                },
                .method("stop", doc: "Stop sampling (DAT stop(): start() may follow); waits until stopped.") { [unowned runtime] script, call in
                    script.motion.stop()
                    return try runtime.suspend(call, in: "stop", until: { script.motion.state == .stopped }) { changed in
                        let token = script.motion.addStateListener { _ in changed() }
                        return { token.cancel() }
                    }
                },
                .method(
                    "on", .enum("event", MotionEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to samples ({timestamp_ns, source, accelerometer={x,y,z}, gyroscope, magnetometer, orientation={x,y,z,w}}), "
                        + "the state (first the current one) or errors (MotionError)."
                ) { [unowned runtime] script, event, function, call in
                    let handle = runtime.listen(function, event: event.luaName, label: "motion \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .state: return script.motion.addStateListener { deliver([.string($0.name)], nil) }
                        case .error: return script.motion.addErrorListener { deliver([.error($0)], nil) }
                        case .sample: return script.motion.addSampleListener { deliver([value($0, script.sensors)], nil) }
                        }
                    }
                    return .value(.object(handle))
                },
                .method(
                    "next_sample", .optionalNumber("timeout", in: 0...Double.infinity), returns: [.optional(.table), .optional(.named("Error"))],
                    doc: "The oldest buffered sample (DAT keeps the newest 256), waiting for the next; nil and ScriptError.timeout after "
                        + "`timeout` seconds. Raises MotionError.capabilityClosed once removed."
                ) { [unowned runtime] script, timeout, call in
                    let motion = script.motion
                    if let sample = motion.next() { return .value(value(sample, script.sensors)) }
                    if motion.isRemoved { throw motion.lastError ?? .capabilityClosed }
                    return try runtime.wait(
                        call, in: "next_sample", timeout: timeout,
                        expired: {
                            BindingError.timeout("no motion sample within \(timeout ?? 0) s (motion is \(motion.state.name))").returned
                        }
                    ) { finish in
                        [motion.addArrivalListener {
                            if let sample = motion.next() { finish(.success([value(sample, script.sensors)])) } else if motion.isRemoved {
                                finish(.failure(motion.lastError ?? .capabilityClosed))
                            }
                        }]
                    }
                },
                .method("remove", doc: "Remove this Motion from its session (session:remove_motion()).") { script, _ in
                    guard let session = script.motion.session, session.motion === script.motion else { throw MotionError.capabilityClosed }
                    try session.removeMotion()
                    return .none
                },
            ],
            fields: [
                LuaField(name: "state", type: .enum(MotionState.self), doc: "DAT MotionState.") { .string($0.motion.state.name) },
                LuaField(name: "config", type: .record(fields), doc: "{rate=, sensors=} as asked for.") { script in
                    .table([
                        "rate": .string(script.motion.configuration.samplingRate.name),
                        "sensors": .array(MotionSensor.allCases.filter(script.sensors.contains).map { .string($0.rawValue) }),
                    ])
                },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "The last MotionError, if any.") { .error($0.motion.lastError) },
                LuaField(name: "dropped", type: .integer, doc: "Samples dropped because 256 were already waiting.") { .integer(Int64($0.motion.droppedCount)) },
            ],
            describe: { "Motion \($0.motion.configuration.samplingRate.name) \($0.motion.state.name)" },
            memoryCost: { _ in 1024 })
    }
}

/// What `:on` listens to on Motion: checked, documented and typed from these cases.
enum MotionEvent: String, LuaEnum {
    case sample
    case state
    case error
}
