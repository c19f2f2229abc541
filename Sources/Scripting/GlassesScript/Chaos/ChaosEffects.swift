/// What a fault does to a session on the faulted glasses, one row of docs/chaos.md's table
/// "What each fault does" (generated from `ChaosKind.effects`, so a new kind cannot go
/// undocumented): a reconnection policy is written from this table alone.
public struct ChaosEffect: Equatable, Sendable {
    /// The row's fault: the kind's name, and when its effect depends on how long it lasts, for how long.
    public let fault: String
    public let session: String
    public let camera: String
    public let display: String
    /// Inputs, Motion and Speech (a voice stream needs no session and listens through every fault).
    public let capabilities: String
    /// What a policy does about it.
    public let policy: String
}

/// The device timings and levels the table quotes. The simulator owns them (`SimulatedGlasses`);
/// the table is generated with its values (ChaosEffectsGoldenTests), so a changed one changes
/// the table.
public struct ChaosThresholds: Sendable {
    /// Taken off this long, the device stops the camera and pauses the session...
    public var doffPause: Double
    /// ...and this long, it ends the session.
    public var doffStop: Double
    /// A Bluetooth drop longer than this ends the session.
    public var linkLossGrace: Double
    /// How long warm glasses take to refuse a start.
    public var warmRefusal: Double
    /// At or below this battery level a session ends and starts are refused (`batteryCritical`)...
    public var criticalBattery: Int
    /// ...and at or below this one a stream stops and starts are refused (`batteryLow`).
    public var lowBattery: Int

    public init(doffPause: Double, doffStop: Double, linkLossGrace: Double, warmRefusal: Double, criticalBattery: Int, lowBattery: Int) {
        self.doffPause = doffPause
        self.doffStop = doffStop
        self.linkLossGrace = linkLossGrace
        self.warmRefusal = warmRefusal
        self.criticalBattery = criticalBattery
        self.lowBattery = lowBattery
    }
}

extension ChaosKind {
    /// What this kind does to a session that is started, streaming, showing a card, with Inputs active,
    /// Motion and Speech started: one row, or one per range of durations when the effect depends on it.
    public func effects(_ timing: ChaosThresholds) -> [ChaosEffect] {
        let pause = ChaosEffects.seconds(timing.doffPause), stop = ChaosEffects.seconds(timing.doffStop)
        let grace = ChaosEffects.seconds(timing.linkLossGrace)
        let same = "goes on", they = "go on"
        switch self {
        case .fold:
            return [ChaosEffect(fault: "`fold`", session: "`stopped` at once", camera: "`StreamError.hingesClosed`", display: "`stopped`",
                                capabilities: "stop, no error", policy: "a new session once unfolded")]
        case .power_cycle:
            return [ChaosEffect(fault: "`power_cycle`", session: "`stopped` at once", camera: "`deviceNotConnected`", display: "`stopped`",
                                capabilities: "`deviceDisconnected`", policy: "a new session once on and connected")]
        case .disconnect:
            return [
                ChaosEffect(fault: "`disconnect` up to \(grace)", session: "`paused`, `started` again when the link is back",
                            camera: "`paused`, then `streaming`", display: "keeps its content; clicks are dropped",
                            capabilities: "deliver nothing meanwhile", policy: "nothing: DAT resumes it"),
                ChaosEffect(fault: "`disconnect` over \(grace)", session: "`paused`, then `stopped` \(grace) after the drop",
                            camera: "`deviceNotConnected`", display: "`stopped`", capabilities: "`deviceDisconnected`",
                            policy: "a new session once connected"),
            ]
        case .thermal:
            return [ChaosEffect(fault: "`thermal` (critical, then none)", session: "`stopped`, `DeviceSessionError.thermalCritical`",
                                camera: "`thermalHot`", display: "`stopped`", capabilities: "stop",
                                policy: "a new session once it cools: sessions are refused at `critical` or hotter, streams (`thermalHot`) "
                                    + "at `severe` or hotter; wait for `device.thermal` to drop below `severe`")]
        case .battery:
            return [ChaosEffect(fault: "`battery` (\(Self.drainedLevel) %, then 100 %)", session: "`stopped`, `batteryCritical`",
                                camera: "`batteryLow`", display: "`stopped`", capabilities: "stop",
                                policy: "a new session once charged: sessions are refused at \(timing.criticalBattery) % or less, streams "
                                    + "(`batteryLow`) at \(timing.lowBattery) % or less; wait for `device.battery` above \(timing.lowBattery)")]
        case .doff:
            return [
                ChaosEffect(fault: "`doff` under \(pause)", session: "nothing", camera: "nothing", display: "nothing", capabilities: "nothing",
                            policy: "nothing"),
                ChaosEffect(fault: "`doff` of \(pause) to \(stop)", session: "`paused` \(pause) after the doff, `started` at the don",
                            camera: "`hingesClosed` and `stopped` after \(pause); stays stopped at the don", display: "keeps its content",
                            capabilities: "deliver nothing meanwhile",
                            policy: "`cam:start()` once the session is `started` again (one made while it is `paused` waits in "
                                + "`waitingForDevice` for the don)"),
                ChaosEffect(fault: "`doff` over \(stop)", session: "`stopped` \(stop) after the doff, `unexpectedError`", camera: "as above",
                            display: "`stopped`", capabilities: "stop",
                            policy: "a new session once worn (one opened while they are off pauses at the don: the next row)"),
                ChaosEffect(fault: "`doff` as a session starts (the glasses off when it opens)",
                            session: "`started`, and no doff timers; `paused` at the don until a captouch tap (DAT's known issue), "
                                + "`stopped` only by another fault", camera: "streams while off; `paused` with the session",
                            display: "keeps its content", capabilities: "deliver nothing while paused",
                            policy: "a session still `paused` once worn and connected will not resume: stop it and start a new one "
                                + "(or ask the wearer to tap)"),
            ]
        case .session_ended:
            return [ChaosEffect(fault: "`session_ended`", session: "`stopped`, `unexpectedError`, while worn and connected",
                                camera: "`stopped`, no error", display: "`stopped`", capabilities: "stop", policy: "a new session")]
        case .start_internal_error:
            return [ChaosEffect(fault: "`start_internal_error`", session: same,
                                camera: "the next `cam:start()` stays `starting` 5 s, then `StreamError.internalError`", display: same,
                                capabilities: they, policy: "`cam:start()` again")]
        case .orphaned_camera:
            return [ChaosEffect(fault: "`orphaned_camera`", session: "goes on, until the clear power-cycles the glasses (as `power_cycle`)",
                                camera: "stays `streaming` with no frames; captures fail; every start fails `internalError` after 0.3 s",
                                display: same, capabilities: they,
                                policy: "a new session after the power cycle (an app can only ask the wearer for one)")]
        case .capture_failure:
            return [ChaosEffect(fault: "`capture_failure`", session: same,
                                camera: "the next capture fails: `cam:capture()` raises `PhotoError.captureFailure`, `\"error\"` gets "
                                    + "`photoCaptureFailed`; the stream goes on",
                                display: same, capabilities: they, policy: "capture again")]
        case .bandwidth:
            return [ChaosEffect(fault: "`bandwidth` (\(Int(Self.dipKbps)) kbps)", session: same,
                                camera: "the ladder steps the stream down to low@15 (`cam.effective`), back up after", display: same,
                                capabilities: they, policy: "nothing")]
        case .phone_call:
            return [ChaosEffect(fault: "`phone_call`", session: same,
                                camera: "a stream carrying audio (`audio_rate=`) loses the glasses' HFP input: `audioStreamingError`; others go on",
                                display: same, capabilities: they,
                                policy: "`audio.on(\"interruption\")`; restart an audio stream after the call")]
        case .input_fault:
            return [ChaosEffect(fault: "`input_fault`", session: same, camera: same, display: same,
                                capabilities: "Inputs `InputsError.communicationError`, `inactive`",
                                policy: "`session:remove_inputs()`, then `session:inputs{}`")]
        case .speech_fault:
            return [ChaosEffect(fault: "`speech_fault`", session: same, camera: same, display: same,
                                capabilities: "Speech `SpeechError.unexpectedError`, `stopped`", policy: "`speech:start()`")]
        case .voice_launch:
            return [ChaosEffect(fault: "`voice_launch`", session: same, camera: same, display: same, capabilities: they,
                                policy: "answer the invocation (`inv:succeed()`) within 10 s")]
        case .display_sleep:
            return [ChaosEffect(fault: "`display_sleep`", session: same, camera: same,
                                display: "stays `started` with its content; the lens sleeps (`glasses.display.lens`) until a send, click or "
                                    + "input wakes it (a click at the sleeping lens only wakes it)",
                                capabilities: they, policy: "nothing the app sees (DAT has no state for it); send again to wake it")]
        case .back_gesture:
            return [ChaosEffect(fault: "`back_gesture`",
                                session: "with a started display and no Inputs consuming Back from the captouch (none, another source, or "
                                    + "`consume_back=false`): `stopped`, `unexpectedError`; otherwise goes on",
                                camera: "with the session", display: "`stopped` with the session",
                                capabilities: "with the session; a consuming Inputs gets a `back` event",
                                policy: "a new session, or keep an Inputs that consumes Back")]
        case .warm_reopen:
            return [ChaosEffect(fault: "`warm_reopen`",
                                session: "a running session goes on; every start fails within \(ChaosEffects.seconds(timing.warmRefusal)) with "
                                    + "`unexpectedError` (`starting → stopping → stopped`)",
                                camera: "with the session", display: "with the session", capabilities: "with the session",
                                policy: "only a new registration (unregister, register: the wearer confirms it in the Meta AI app) clears it; "
                                    + "the skeleton below does not draw it")]
        }
    }
}

/// docs/chaos.md's table, generated from every kind's effects.
public enum ChaosEffects {
    /// The Markdown table: a header, then each kind's rows in declaration order.
    public static func markdown(_ timing: ChaosThresholds) -> String {
        var lines = ["| fault | session | camera | display | inputs, motion, speech | the policy |", "|---|---|---|---|---|---|"]
        for kind in ChaosKind.allCases {
            for effect in kind.effects(timing) {
                lines.append("| " + [effect.fault, effect.session, effect.camera, effect.display, effect.capabilities, effect.policy]
                    .joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `3 s`, `0.15 s`: a timing as the table writes it.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
