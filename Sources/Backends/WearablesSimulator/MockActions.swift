import WearablesAudio
import WearablesCore
import WearablesMock
import WearablesWorld

extension SimulatedWorld: GlassesWorld, MockControl {
    public var mock: (any MockControl)? { self }
    public var location: String { "the embedded simulator" }
    public func close() {}

    public var paired: [MockGlassesState] { kit.glasses.map(MockGlassesState.init) }

    public func perform(_ action: MockAction, done: @escaping (Result<MockGlassesState?, MockActionError>) -> Void) {
        done(apply(action))
    }

    /// Applies a mock action on the world's thread: the one function behind the HTTP
    /// control routes, the WebSocket `mock` command and the `mock` module, so they
    /// cannot disagree. Answers the affected glasses as they are after it.
    public func apply(_ action: MockAction) -> Result<MockGlassesState?, MockActionError> {
        if !kit.isEnabled, action != .disable, !action.isReset {
            return .failure(MockActionError(.disabled, "the mock is disabled; enable it with mock.enable{} (or mock.reset{}) first"))
        }
        switch action {
        case .pair(let model, let ready, let hasIMU):
            if kit.fieldReports.contains(.threePairs), kit.glasses.count >= 3 {
                return .failure(MockActionError(.tooManyDevices, "the mock holds at most three paired devices (field report threePairs); "
                    + "paired: \(kit.glasses.map(\.identifier).joined(separator: ", ")); unpair one first"))
            }
            let pair = ready ? kit.pairReadyGlasses(model: model) : kit.pairGlasses(model: model)
            if !hasIMU { pair.motion.removeIMU() }
            return .success(MockGlassesState(pair))
        case .device(let identifier, let deviceAction):
            guard let glasses = kit.glasses(identifier) else {
                let known = kit.glasses.map(\.identifier)
                return .failure(MockActionError(.unknownDevice,
                    "no glasses '\(identifier)'; paired: \(known.isEmpty ? "none (pair some first)" : known.joined(separator: ", "))"))
            }
            if let failure = Self.apply(deviceAction, to: glasses) { return .failure(failure) }
            // Unpaired glasses are gone: there is no state to answer.
            return .success(kit.glasses(identifier).map(MockGlassesState.init))
        case .setPermission(let permission, let status):
            kit.permissions.set(permission, status)
        case .permissionRequestResult(let permission, let answer):
            let result: MockPermissions.RequestResult = switch answer {
            case .granted: .granted
            case .allowOnce: .allowOnce
            case .denied: .denied
            case .timeout: .timeout
            case .connectionError: .connectionError
            case .internalError: .internalError
            }
            kit.permissions.setRequestResult(permission, result)
        case .companionFailNext(let flow, let code):
            do { try kit.companion.failNext(flow == .registration ? .registration : .unregistration, code: code) } catch {
                return .failure(.badRequest("\(error)"))
            }
        case .companionHoldNext(let flow):
            kit.companion.holdNext(flow == .registration ? .registration : .unregistration)
        case .companionAnswer(let flow, let proceed):
            let companionFlow: CompanionApp.Flow = flow == .registration ? .registration : .unregistration
            guard kit.companion.answer(companionFlow, proceed: proceed) else {
                if kit.companion.expired.contains(companionFlow) {
                    return .failure(MockActionError(.noRequest, "the \(flow.rawValue) request expired unanswered after five minutes "
                        + "(field report requestExpiry); start the flow again"))
                }
                return .failure(MockActionError(.noRequest, "no \(flow.rawValue) request waits for an answer; call mock.companion.hold_next(\"\(flow.rawValue)\") before the flow starts"))
            }
        case .reset(let registered, let permissions, let installed):
            kit.reset(registered: registered, permissions: permissions, companionInstalled: installed)
        case .phoneCall(let seconds):
            audio.simulatePhoneCall(duration: seconds)
        case .disable:
            kit.disable()
        case .hfpBlocksPhotoCapture(let on):
            kit.hfpBlocksPhotoCapture = on
        case .classicStalls(let on):
            kit.classicStalls = on
        case .a2dpPausesOnStream(let on):
            kit.a2dpPausesOnStream = on
        case .fieldReport(let report, let on):
            if on { kit.fieldReports.insert(report) } else { kit.fieldReports.remove(report) }
            kit.record("field_report", [("report", .string(report.name)), ("on", .bool(on))])
        case .companionUpdateApp:
            guard kit.updateCompanionApp() else {
                return .failure(MockActionError(.metaAINotInstalled, "the Meta AI app is not installed, so it cannot update; reset the mock with meta_ai_installed=true"))
            }
        }
        return .success(nil)
    }

    private static func apply(_ action: MockDeviceAction, to glasses: SimulatedGlasses) -> MockActionError? {
        switch action {
        case .unpair: glasses.unpair()
        case .powerOn: glasses.powerOn()
        case .powerOff: glasses.powerOff()
        case .don: glasses.don()
        case .doff: glasses.doff()
        case .fold: glasses.fold()
        case .unfold: glasses.unfold()
        case .tap: glasses.tap()
        case .tapAndHold: glasses.tapAndHold()
        case .failNextCapture(let failure): glasses.camera.simulateCaptureFailure(failure)
        case .failStream(let fault): glasses.failStream(fault)
        case .peakPower: glasses.peakPower()
        case .fieldFault(let fault): glasses.inject(fault)
        case .developerMode(let enabled): glasses.setDeveloperMode(enabled)
        case .glassesApp(let app): glasses.setGlassesApp(app)
        case .captureButton: glasses.pressCaptureButton()
        case .updateFirmware: glasses.updateFirmware()
        case .compatibility(let value): glasses.setCompatibility(value)
        case .battery(let level): glasses.setBatteryLevel(level)
        case .charging(let state): glasses.setChargingState(state)
        case .thermal(let level): glasses.setThermalLevel(level)
        case .disconnect(let seconds): glasses.disconnect(for: seconds)
        case .bandwidth(let kbps): glasses.setBandwidth(kbps: kbps)
        case .cameraFeedPattern(let pattern):
            let feed: CameraFeed.Pattern = switch pattern {
            case .moving: .moving
            case .static: .static
            case .noise: .noise
            }
            glasses.camera.setCameraFeed(pattern: feed)
        case .cameraFeedPath(let path, let checked):
            let opened: RawFile
            switch feedFile(path, checked, as: "a camera feed") {
            case .success(let file): opened = file
            case .failure(let refusal): return refusal
            }
            do { try glasses.camera.setCameraFeed(path: path, opening: opened.openedPath) } catch {
                return MockActionError(.unreadableFile, "cannot use '\(path)' as a camera feed (.mp4, .mov, .mkv, .y4m, PNG or JPEG): \(error)",
                                       reason: "\(error)")
            }
        case .capturedImage(let path, let checked):
            let opened: RawFile
            switch feedFile(path, checked, as: "the captured image") {
            case .success(let file): opened = file
            case .failure(let refusal): return refusal
            }
            do { try glasses.camera.setCapturedImage(path: path, opening: opened.openedPath) } catch {
                return MockActionError(.unreadableFile, "cannot use '\(path)' as the captured image (PNG or JPEG): \(error)", reason: "\(error)")
            }
        case .microphoneFeed(var feed):
            // Opened once here and held by the feed: the renderer reads this file later, not
            // whatever the path names by then.
            if case .file(let path, nil) = feed {
                switch openFeed(path, as: "the microphone feed") {
                case .success(let file): feed = .file(path: path, checked: CheckedFile(file))
                case .failure(let refusal): return refusal
                }
            }
            // A header claiming a rate the reader refuses is refused here, at the call.
            if case .file(let path, let checked?) = feed, let refusal = SoundFileHeader.rateRefusal(path: path, checked: checked) {
                return MockActionError(.unreadableFile, "cannot use '\(path)' as the microphone feed: \(refusal.message)", reason: refusal.message)
            }
            // Spoken once here, so a missing espeak-ng is refused at the call, in one line.
            if case .speech(let text) = feed {
                do throws(AudioError) { _ = try SpeechSynthesizer.synthesize(text, rate: SpeechRecognizer.sampleRate) } catch {
                    // Too long is the request's to fix (400); anything else, the server's (espeak-ng missing: 503).
                    return MockActionError(error.code == .speechTooLong ? .badRequest : .unavailable, error.message)
                }
            }
            glasses.microphone.setFeed(feed)
        case .input(let action, let source):
            glasses.sendInput(action, source: source)
        case .inputsFault(let error):
            glasses.failInputs(error)
        case .voiceLaunch(let incomplete):
            glasses.voice.launch(incomplete: incomplete)
        case .motionFeed(let feed):
            glasses.motion.setFeed(feed)
        case .speech(let result): glasses.speech.say(result)
        case .speechError(let code, _): glasses.speech.fail(code: code)
        case .speechComplete: glasses.speech.complete()
        case .speechLocale(let locale): glasses.speech.setLocale(locale)
        case .speechSource(let source):
            do { try glasses.speech.setSource(source) } catch {
                return MockActionError(.unavailable, error.message)
            }
        case .displayClick, .displayVideo, .displayPhotoTransferInterrupts, .displayVideoSize:
            return glasses.display.apply(action)
        }
        return nil
    }

    /// A camera's file: the one `checked` holds, else `path` opened now; one missing at
    /// the check or now is refused as missing, never looked for again by name.
    private static func feedFile(_ path: String, _ checked: CheckedFile?, as what: String) -> Result<RawFile, MockActionError> {
        let found: RawFile?
        switch checked {
        case .held(let file): found = file
        case .missing: found = nil
        case nil:
            switch openFeed(path, as: what) {
            case .success(let file): found = file
            case .failure(let refusal): return .failure(refusal)
            }
        }
        guard let found else {
            let reason = "\(path) does not exist: check the path"
            return .failure(MockActionError(.unreadableFile, "cannot use '\(path)' as \(what): \(reason)", reason: reason))
        }
        return .success(found)
    }

    /// `path` open as a feed's file (following links: a path posted to a served world
    /// is the user's), refused when it is a FIFO, device or folder; nil when nothing is
    /// there, so the reader says in its words that it is missing.
    private static func openFeed(_ path: String, as what: String) -> Result<RawFile?, MockActionError> {
        do { return .success(try RegularFile.open(path)) } catch {
            if error.missing { return .success(nil) }
            return .failure(MockActionError(.unreadableFile, "cannot use '\(path)' as \(what): \(error.reason)", reason: error.reason))
        }
    }
}

extension MockGlassesState {
    public init(_ glasses: SimulatedGlasses) {
        self.init(device: glasses.snapshot, battery: glasses.batteryLevel, thermal: glasses.thermal, powered: glasses.isPoweredOn,
                  stuck: glasses.isStuck, bandwidthKbps: glasses.bandwidthKbps,
                  voiceListening: glasses.voice.isListening, voiceRequests: glasses.voice.requests,
                  display: glasses.model.supportsDisplay
                      ? MockDisplayState(isOn: glasses.display.isOn, content: glasses.display.content, playingVideo: glasses.display.isPlayingVideo,
                                         lens: glasses.display.lens)
                      : nil)
        if case .pose(let pose) = glasses.motion.current { motionPose = pose.name } else { motionPose = nil }
        hasIMU = glasses.motion.hasIMU
        speechListening = glasses.speech.isListening
        speechSource = glasses.speech.source
        speechDiagnostic = glasses.speech.liveDiagnostic
    }
}
