import WearablesCore
import WearablesMock

/// One simulated pair of glasses with MockDeviceKit's controls. The physical state
/// (power, hinges, wear, battery, heat, radio) decides the link state and what
/// happens to an open session, the way the real glasses do.
public final class SimulatedGlasses {
    /// Radio time from powered, unfolded and in range to `connected`.
    public static let connectDelay: Double = 1.0
    /// Time from `openSession` to the device accepting it.
    public static let sessionOpenDelay: Double = 0.5
    /// Restarting a session sooner than this after closing one leaves the glasses stuck
    /// (field reports) until they are power-cycled.
    public static let restartCooldown: Double = 2.0
    /// How long stuck glasses take to end a start (ios#292: "within ~0.3 s"; with the
    /// session's `stopping`, under the second ios#231's reporters saw).
    public static let wedgedRefusalDelay: Double = 0.8
    /// Taken off this long, the device stops the camera (`StreamError.hingesClosed`, as DAT
    /// 0.9+ reports a doff) and pauses the session...
    public static let doffPauseDelay: Double = 3.0
    /// ...and this long, it ends it.
    public static let doffStopDelay: Double = 30.0
    /// A press of the capture button takes the glasses' own photo; the camera's capture
    /// service is the system's this long, and the app's captures get `serviceUnavailable`.
    public static let systemCaptureDuration: Double = 1.0
    /// A firmware update (the Meta AI app installs it) keeps the glasses off the link this long.
    public static let firmwareUpdateDuration: Double = 30.0
    /// A Bluetooth drop pauses the session; one longer than this ends it.
    public static let linkLossGrace: Double = 10.0
    /// At or below this battery level the camera stops (`batteryLow`).
    public static let lowBatteryLevel = CameraStream.lowBatteryLevel
    /// At or below this level the session ends (`batteryCritical`).
    public static let criticalBatteryLevel = 5
    /// At or below this level a power peak ends the session (`peakPowerShutdown`); above
    /// it the battery rides the peak out and only the camera stops (`peakPowerLimit`).
    public static let weakBatteryLevel = 20

    public let identifier: DeviceIdentifier
    public let model: DeviceType
    public private(set) var name: String
    public private(set) var isPoweredOn = false
    public private(set) var hingeState: HingeState = .closed
    public private(set) var donState: DonState = .doffed
    public private(set) var batteryLevel = 100
    public private(set) var charging: ChargingState = .notCharging
    public private(set) var thermal: ThermalLevel = .none
    public private(set) var link: LinkState = .disconnected
    /// When `link` last changed: a photo transfer begun before is cut by the change.
    private(set) var linkSince = 0.0
    public private(set) var compatibility: Compatibility = .compatible
    /// Simulated Bluetooth throughput that drives the bandwidth ladder.
    public private(set) var bandwidthKbps = BandwidthLadder.defaultLinkKbps
    /// Stuck after a too-quick restart; cleared by powering off.
    public private(set) var isStuck = false
    /// The Meta AI app's Developer Mode for these glasses: off, they take no sessions from
    /// this app and its permission requests fail (the debugging skill's symptoms). Per device;
    /// a firmware update turns it off.
    public private(set) var developerMode = true
    /// The DAT app on the glasses: what a session start meets (`GlassesAppState`).
    public private(set) var glassesApp = GlassesAppState.current
    public let camera: SimulatedCamera
    public let microphone = SimulatedMicrophone()
    /// MockVoiceInvocationKit: "Hey Meta, open the app".
    public let voice = SimulatedVoice()
    /// MockMotionKit: the IMU's feed.
    public let motion = SimulatedMotion()
    /// MockSpeechKit: the glasses' recogniser.
    public let speech = SimulatedSpeech()
    /// The lens of display glasses (`metaRayBanDisplay`); unused on the others.
    public let display = SimulatedDisplay()

    unowned let kit: MockDeviceKit
    private(set) var hasOpenSession = false
    private var lastSessionClose: Double?
    private var pauseReasons: Set<String> = []
    private var dropUntil: Double?
    private var connectTimer: TimerToken?
    private var doffTimers: [TimerToken] = []
    /// The open session began while the glasses were off: DAT's known issue, the stream
    /// runs until they are put on, then pauses until a captouch tap.
    private var openedWhileDoffed = false
    private var dropTimers: [TimerToken] = []
    /// Whether a firmware update is installing: the glasses are off the link meanwhile.
    public private(set) var isUpdatingFirmware = false
    /// Until when the glasses' own capture (the capture button) holds the camera.
    private(set) var systemCaptureUntil = -Double.infinity
    /// android#177: the SDK knows these glasses from an earlier run's cache (paired while the app
    /// was registered, no handshake since); with the `warmReopen` field report on, they refuse sessions.
    var cachedFromEarlierRun = false
    /// The `warmReopen` field fault: warm whatever the switch says, until a registration handshake.
    var warmFault = false
    /// The app's Inputs on these glasses, if any (`MockDeviceKit.watchInputs`): whether it consumes Back.
    var appInputs: InputsConfiguration?
    /// How long warm glasses take to end a start (android#177: "~130–160ms after `session.start()`").
    public static let warmRefusalDelay: Double = 0.15

    init(kit: MockDeviceKit, identifier: DeviceIdentifier, model: DeviceType, camera: SimulatedCamera) {
        self.kit = kit
        self.identifier = identifier
        self.model = model
        self.name = model.marketingName
        self.camera = camera
        camera.glasses = self
        microphone.glasses = self
        voice.glasses = self
        motion.glasses = self
        speech.glasses = self
        display.glasses = self
    }

    var scheduler: Scheduler { kit.scheduler }

    /// What the app sees of these glasses.
    public var snapshot: DeviceSnapshot {
        DeviceSnapshot(identifier: identifier, name: name, type: model, linkState: link,
                       batteryLevel: isPoweredOn ? batteryLevel : nil, chargingState: charging,
                       donState: donState, hingeState: hingeState, thermalLevel: isPoweredOn ? thermal : .unknown,
                       compatibility: compatibility)
    }

    // MARK: Controls

    public func powerOn() {
        guard !isPoweredOn else { return }
        isPoweredOn = true
        action("power_on")
        updateLink()
    }

    /// Powers off: the link drops, an open session ends, and a stuck device recovers.
    public func powerOff() {
        guard isPoweredOn else { return }
        isPoweredOn = false
        isStuck = false
        camera.powerCycled()
        action("power_off")
        endSession(nil, .deviceNotConnected(identifier))
        lastSessionClose = nil
        updateLink()
    }

    /// Closes the hinges: Bluetooth disconnects and the session stops (`hingesClosed`).
    public func fold() {
        guard hingeState != .closed else { return }
        hingeState = .closed
        action("fold")
        endSession(nil, .hingesClosed)
        updateLink()
    }

    /// Opens the hinges: the link comes back; sessions do not restart.
    public func unfold() {
        guard hingeState != .open else { return }
        hingeState = .open
        action("unfold")
        updateLink()
    }

    public func don() {
        guard donState != .donned else { return }
        donState = .donned
        action("don")
        cancelDoffTimers()
        if openedWhileDoffed, hasOpenSession {
            // DAT's known issue: a stream started with the glasses off pauses when they
            // are put on, and a tap (the captouch toggle) resumes it.
            openedWhileDoffed = false
            pause("captouch")
        } else {
            resume("doffed")
        }
        publish()
    }

    /// Takes the glasses off: after `doffPauseDelay` the camera stops with `hingesClosed`
    /// and the session pauses; after `doffStopDelay` the session ends.
    public func doff() {
        guard donState != .doffed else { return }
        donState = .doffed
        action("doff")
        publish()
        armDoffTimers()
    }

    /// A captouch tap toggles the open session between paused and resumed, as
    /// MockDeviceKit's captouch `tap()` does.
    public func tap() {
        action("tap")
        send(.tap)
        guard hasOpenSession else { return }
        if pauseReasons.contains("captouch") { resume("captouch") } else { pause("captouch") }
    }

    /// A captouch tap-and-hold (MockCaptouchKit `tapAndHold`) wakes the assistant, which
    /// takes the camera: an active stream stops, without an error, and the session lives on
    /// (MockDevice documents `tapAndHoldCaptouch` as stopping an active stream).
    public func tapAndHold() {
        action("tap_and_hold")
        send(.tapAndHold)
        guard hasOpenSession else { return }
        kit.notifyObservers { $0.backend(didInterruptSessionOn: identifier, with: .streamEnded(nil)) }
    }

    /// The capture button: the glasses take their own photo (the camera's capture service
    /// is theirs for `systemCaptureDuration`) and the app hears the input.
    public func pressCaptureButton() {
        action("capture_button")
        guard isPoweredOn else { return }
        systemCaptureUntil = scheduler.now + Self.systemCaptureDuration
        send(.captureButton)
    }

    /// 0-100. Low levels stop the camera, critical ones the session, 0 powers off.
    public func setBatteryLevel(_ level: Int) {
        batteryLevel = max(0, min(100, level))
        action("battery", [("level", .int(batteryLevel))])
        publish()
        if batteryLevel == 0 { return powerOff() }
        if batteryLevel <= Self.criticalBatteryLevel {
            endSession(.batteryCritical, .batteryLow)
        } else if batteryLevel <= Self.lowBatteryLevel, hasOpenSession {
            kit.notifyObservers { $0.backend(didInterruptSessionOn: identifier, with: .streamEnded(.batteryLow)) }
        }
    }

    public func setChargingState(_ state: ChargingState) {
        charging = state
        action("charging", [("state", .string(state.name))])
        publish()
    }

    /// Severe heat stops the camera (`thermalHot`); critical and emergency end the
    /// session; shutdown powers the glasses off.
    public func setThermalLevel(_ level: ThermalLevel) {
        thermal = level
        action("thermal", [("level", .string(level.name))])
        publish()
        switch level {
        case .severe:
            if hasOpenSession { kit.notifyObservers { $0.backend(didInterruptSessionOn: identifier, with: .streamEnded(.thermalHot)) } }
        case .critical: endSession(.thermalCritical, .thermalHot)
        case .emergency: endSession(.thermalEmergency, .thermalHot)
        case .shutdown: powerOff()
        case .unknown, .none, .light, .moderate: break
        }
    }

    /// A Bluetooth drop for `seconds`: the session pauses and resumes on return, or ends
    /// with `deviceNotConnected` if the drop outlasts `linkLossGrace`.
    public func disconnect(for seconds: Double) {
        let duration = max(0, seconds.isFinite ? seconds : 0)
        action("disconnect", [("seconds", .double(duration))])
        for timer in dropTimers { timer.cancel() }
        dropUntil = scheduler.now + duration
        pause("linkLost")
        dropTimers = [
            scheduler.schedule(after: duration) { [weak self] in
                guard let self else { return }
                self.dropUntil = nil
                self.action("reconnect")
                self.updateLink()
            },
        ]
        if duration > Self.linkLossGrace {
            dropTimers.append(scheduler.schedule(after: Self.linkLossGrace) { [weak self] in
                guard let self else { return }
                self.endSession(nil, .deviceNotConnected(self.identifier))
            })
        }
        updateLink()
    }

    /// A power peak: camera, radio and speaker at once draw more than the battery gives.
    /// Above `weakBatteryLevel` the glasses shed the camera (`StreamError.peakPowerLimit`)
    /// and the session lives on; at or below it they end the session
    /// (`DeviceSessionError.peakPowerShutdown`, the stream `peakPowerLimit`).
    public func peakPower() {
        action("peak_power", [("level", .int(batteryLevel))])
        guard hasOpenSession else { return }
        if batteryLevel <= Self.weakBatteryLevel { return endSession(.peakPowerShutdown, .peakPowerLimit) }
        kit.notifyObservers { $0.backend(didInterruptSessionOn: identifier, with: .streamEnded(.peakPowerLimit)) }
    }

    /// A fault inside the glasses' camera pipeline (`StreamError.internalError`, or
    /// `videoStreamingError`): the camera stops with it, the session lives on, as DAT
    /// stops a stream on its errors.
    public func failStream(_ error: StreamError) {
        action("stream_fault", [("code", .string(error.code))])
        guard hasOpenSession else { return }
        kit.notifyObservers { $0.backend(didInterruptSessionOn: identifier, with: .streamEnded(error)) }
    }

    /// The DAT app update destination (`openDATGlassesAppUpdate()`) updated the DAT app on
    /// the glasses: one that needed it, or was out of the supported range, is current.
    /// `sdkUpdateRequired` is not its to fix (the app must ship with a newer SDK), nor
    /// `insufficientSDKVersion`.
    func appUpdated() {
        guard glassesApp == .updateRequired || glassesApp == .outOfStuRange else { return }
        glassesApp = .current
        action("glasses_app", [("state", .string(glassesApp.name))])
        publishMockState()
    }

    /// The Meta AI app's firmware update, the fix for `deviceUpdateRequired`: the glasses
    /// install it off the link for `firmwareUpdateDuration` (an open session ends,
    /// `deviceNotConnected`), then reconnect `compatible`. Powered-off glasses cannot take it.
    public func updateFirmware() {
        guard isPoweredOn, !isUpdatingFirmware else { return }
        isUpdatingFirmware = true
        action("firmware_update", [("phase", .string("started"))])
        endSession(nil, .deviceNotConnected(identifier))
        updateLink()
        scheduler.schedule(after: Self.firmwareUpdateDuration) { [weak self] in
            // Glasses unpaired meanwhile are gone: reporting them would bring them back.
            guard let self, self.kit.glasses(self.identifier) === self else { return }
            self.isUpdatingFirmware = false
            self.action("firmware_update", [("phase", .string("finished"))])
            if self.compatibility == .deviceUpdateRequired { self.compatibility = .compatible }
            // "Developer Mode toggles off after firmware updates" (the debugging skill).
            self.developerMode = false
            self.publish()
            self.updateLink()
        }
    }

    /// Sets the simulated link throughput; a stream re-runs the bandwidth ladder.
    public func setBandwidth(kbps: Double) {
        bandwidthKbps = max(0, kbps.isFinite ? kbps : 0)
        action("bandwidth", [("kbps", .double(bandwidthKbps))])
        kit.notifyObservers { $0.backend(didChangeLinkBandwidth: bandwidthKbps, for: identifier) }
    }

    public func setGlassesApp(_ state: GlassesAppState) {
        glassesApp = state
        action("glasses_app", [("state", .string(state.name))])
        publishMockState()
    }

    public func setDeveloperMode(_ enabled: Bool) {
        developerMode = enabled
        action("developer_mode", [("on", .bool(enabled))])
        publishMockState()
    }

    public func setCompatibility(_ value: Compatibility) {
        compatibility = value
        action("compatibility", [("value", .string(value.name))])
        publish()
    }

    /// Removes these glasses from the companion app.
    public func unpair() { kit.unpair(self) }

    // MARK: Backend side

    func openSession(completion: @escaping (Result<Void, DeviceSessionError>) -> Void) {
        guard link == .connected else { return completion(.failure(.noEligibleDevice)) }
        // Glasses that need a firmware update, or a newer SDK, take no sessions from this app.
        guard compatibility != .deviceUpdateRequired, compatibility != .sdkUpdateRequired else {
            action("session_refused", [("compatibility", .string(compatibility.name))])
            return completion(.failure(.noEligibleDevice))
        }
        // Without Developer Mode the glasses never become eligible (the Android skill:
        // createSession "fails with no eligible device"; an implicit stream waits in waitingForDevice).
        guard developerMode else {
            action("session_refused", [("developer_mode", .bool(false))])
            return completion(.failure(.noEligibleDevice))
        }
        if let closed = lastSessionClose, scheduler.now - closed < Self.restartCooldown {
            isStuck = true
            action("stuck")
        }
        guard !isStuck else { return refuseWedgedStart(completion) }
        if isWarm { return refuseWarmStart(completion) }
        scheduler.schedule(after: Self.sessionOpenDelay) { [weak self] in
            guard let self else { return }
            guard self.link == .connected, !self.isStuck else { return completion(.failure(.noEligibleDevice)) }
            // The glasses refuse a session in the health states that would end one.
            if let refusal = self.healthRefusal ?? self.glassesAppRefusal { return completion(.failure(refusal)) }
            self.hasOpenSession = true
            self.pauseReasons.removeAll()
            self.openedWhileDoffed = self.donState == .doffed
            // Started off the face, the session runs on: the doff that came before it stops nothing.
            if self.openedWhileDoffed { self.cancelDoffTimers() }
            completion(.success(()))
            // DAT 1.0: "a nonblocking compatibility warning. Apps can continue normally."
            if self.glassesApp == .outOfStuRange {
                self.kit.notifyObservers { $0.backend(didInterruptSessionOn: self.identifier, with: .warning(.dwaOutOfStuRange)) }
            }
        }
    }

    /// Wedged glasses (ios#231: rapid session cycling; only a power cycle recovers them)
    /// end each start while it is `starting`, within `wedgedRefusalDelay`, as
    /// `unexpectedError` (ios#292: `starting → stopping → stopped` within a second). The
    /// refused start is one more quick cycle, so retrying keeps them wedged.
    private func refuseWedgedStart(_ completion: @escaping (Result<Void, DeviceSessionError>) -> Void) {
        scheduler.schedule(after: Self.wedgedRefusalDelay) { [weak self] in
            guard let self else { return }
            guard self.isStuck else { return completion(.failure(.noEligibleDevice)) }
            self.lastSessionClose = self.scheduler.now
            self.action("session_refused", [("stuck", .bool(true))])
            completion(.failure(.unexpectedError))
        }
    }

    /// Whether these glasses are warm (android#177) and refuse sessions for it.
    var isWarm: Bool { warmFault || (cachedFromEarlierRun && kit.fieldReports.contains(.warmReopen)) }

    /// A registration handshake ran: the SDK knows these glasses fresh (a cold start).
    func becameCold() {
        cachedFromEarlierRun = false
        warmFault = false
    }

    /// android#177: warm glasses end each start while it is `starting` ("Session ended by device",
    /// which DAT iOS reports as `unexpectedError`), within `warmRefusalDelay`.
    private func refuseWarmStart(_ completion: @escaping (Result<Void, DeviceSessionError>) -> Void) {
        scheduler.schedule(after: Self.warmRefusalDelay) { [weak self] in
            guard let self else { return }
            guard self.isWarm else { return completion(.failure(.noEligibleDevice)) }
            self.action("session_refused", [("warm", .bool(true))])
            completion(.failure(.unexpectedError))
        }
    }

    /// The DAT app on the glasses refuses a session it cannot serve (DAT 1.0's cases).
    private var glassesAppRefusal: DeviceSessionError? {
        switch glassesApp {
        case .current, .outOfStuRange: nil
        case .updateRequired: .datAppOnTheGlassesUpdateRequired
        case .unavailable: .dwaUnavailable
        case .sdkTooOld: .insufficientSDKVersion
        }
    }

    private var healthRefusal: DeviceSessionError? {
        switch thermal {
        case .critical: return .thermalCritical
        case .emergency: return .thermalEmergency
        default: return batteryLevel <= Self.criticalBatteryLevel ? .batteryCritical : nil
        }
    }

    /// Whether the open session is paused (worn off, a link drop, a tap): a display drops clicks then.
    var isSessionPaused: Bool { hasOpenSession && !pauseReasons.isEmpty }

    func closeSession() {
        guard hasOpenSession else { return }
        hasOpenSession = false
        appInputs = nil
        openedWhileDoffed = false
        pauseReasons.removeAll()
        lastSessionClose = scheduler.now
        kit.permissions.sessionEnded(on: identifier)
    }

    func forgetSessionOnUnpair() {
        endSession(nil, .deviceNotFound(identifier))
        connectTimer?.cancel()
        for timer in doffTimers + dropTimers { timer.cancel() }
    }

    // MARK: Internals

    private func armDoffTimers() {
        for timer in doffTimers { timer.cancel() }
        doffTimers = [
            // DAT 0.9.0 (Fixed): the stream "surfaces `StreamError.hingesClosed` when the
            // control stream stops because the device was doffed", as for a fold.
            scheduler.schedule(after: Self.doffPauseDelay) { [weak self] in self?.stopCameraForDoff() },
            // DAT reports a session the device ends as `unexpectedError` ("Session ended by device").
            scheduler.schedule(after: Self.doffStopDelay) { [weak self] in self?.endSession(.unexpectedError, nil) },
        ]
    }

    private func cancelDoffTimers() {
        for timer in doffTimers { timer.cancel() }
        doffTimers.removeAll()
    }

    private func stopCameraForDoff() {
        guard hasOpenSession else { return }
        kit.notifyObservers { $0.backend(didInterruptSessionOn: identifier, with: .streamEnded(.hingesClosed)) }
        pause("doffed")
    }

    private func pause(_ reason: String) {
        guard hasOpenSession else { return }
        let wasRunning = pauseReasons.isEmpty
        pauseReasons.insert(reason)
        if wasRunning { kit.notifyObservers { $0.backend(didInterruptSessionOn: identifier, with: .paused) } }
    }

    private func resume(_ reason: String) {
        guard hasOpenSession, pauseReasons.remove(reason) != nil, pauseReasons.isEmpty else { return }
        kit.notifyObservers { $0.backend(didInterruptSessionOn: identifier, with: .resumed) }
    }

    func endSession(_ sessionError: DeviceSessionError?, _ streamError: StreamError?) {
        guard hasOpenSession else { return }
        hasOpenSession = false
        appInputs = nil
        openedWhileDoffed = false
        pauseReasons.removeAll()
        lastSessionClose = scheduler.now
        kit.notifyObservers {
            $0.backend(didInterruptSessionOn: identifier, with: .ended(sessionError: sessionError, streamError: streamError))
        }
        kit.permissions.sessionEnded(on: identifier)
    }

    /// The radio: connected when powered, unfolded and not dropping, after `connectDelay`.
    private func updateLink() {
        let reachable = isPoweredOn && hingeState == .open && dropUntil == nil && !isUpdatingFirmware
        if !reachable {
            connectTimer?.cancel()
            connectTimer = nil
            setLink(.disconnected)
        } else if link == .disconnected {
            setLink(.connecting)
            connectTimer = scheduler.schedule(after: Self.connectDelay) { [weak self] in
                guard let self, self.link == .connecting else { return }
                self.setLink(.connected)
                self.resume("linkLost")
            }
        }
    }

    /// Puts the glasses in the `ready` state at once (world presets).
    func settleReady() {
        isPoweredOn = true
        hingeState = .open
        donState = .donned
        link = .connected
        publish()
        kit.notifyLinkObservers(identifier, .connected)
    }

    private func setLink(_ state: LinkState) {
        guard link != state else { return }
        link = state
        linkSince = scheduler.now
        publish()
        kit.notifyLinkObservers(identifier, state)
    }

    func setBatteryQuietly(_ level: Int) { batteryLevel = level }

    /// The app hears an input only over a connected link.
    private func send(_ input: DeviceInput) {
        guard link == .connected else { return }
        kit.notifyObservers { $0.backend(didReceive: input, on: identifier) }
    }

    /// Tells observers (a served world's clients) that what only the mock sees changed.
    func publishMockState() { publish() }

    private func publish() { kit.notifyObservers { $0.backend(didUpdate: snapshot) } }

    private func action(_ name: String, _ values: [(String, TraceValue)] = []) {
        kit.record(name, [("glasses", .string(identifier))] + values)
    }
}
