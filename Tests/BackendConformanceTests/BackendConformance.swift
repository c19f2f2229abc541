import Testing
import WearablesAudio
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

/// A world a conformance check runs in: the DAT model over the backend under
/// test, the phone's audio session, and a hand on the simulated glasses behind
/// the backend (what MockDeviceKit's test server gives UI tests).
protocol ConformanceRig: AnyObject {
    var wearables: Wearables { get }
    var audio: AudioSession { get }
    /// Runs `body` on the simulated world behind the backend; returns once it has run there.
    func drive(_ body: @escaping (MockDeviceKit) -> Void)
    /// Runs the model's clock until `condition` holds or `seconds` of run time pass; whether it held.
    func run(until condition: () -> Bool, within seconds: Double) -> Bool
    /// Runs the model's clock for `seconds` of run time.
    func run(for seconds: Double)
    /// Frames a rate check may miss: none on a virtual clock, a few over a network.
    var frameTolerance: Int { get }
}

/// The contract every `WearablesBackend` must honour, written against the model
/// and the backend protocol only. One list of checks; each backend's test runs
/// every entry with a fresh rig: one connected, registered Ray-Ban Meta with the
/// camera permission granted.
enum BackendConformance {
    typealias Check = @Sendable (ConformanceRig) throws -> Void

    static let checks: [(name: String, check: Check)] = [
        ("a ready world reports a connected device", readyWorld),
        ("registration succeeds through the companion app", registrationSucceeds),
        ("a failed registration reports the app's error", registrationFails),
        ("unregistration returns to available", unregistration),
        ("a permission request can be granted", permissionGranted),
        ("a permission request can be denied", permissionDenied),
        ("an unanswered permission request times out", permissionTimeout),
        ("a revoked permission reaches the model", permissionRevoked),
        ("device fields follow the glasses", deviceFieldsUpdate),
        ("pairing adds a device to the list", pairingAddsDevice),
        ("unpairing removes the device and ends its session", unpairingRemovesDevice),
        ("sessions open and close, one per device", sessionsOpenAndClose),
        ("a session needs a connected device", sessionNeedsConnectedDevice),
        ("taking the glasses off pauses a session, putting them on resumes it", doffPausesDonResumes),
        ("a captouch tap toggles pause and resume", tapTogglesPause),
        ("folding ends the session with hingesClosed", foldEndsSession),
        ("powering off ends the session with deviceNotConnected", powerOffEndsSession),
        ("a short Bluetooth drop pauses and resumes", shortDropPausesAndResumes),
        ("a critical battery ends the session", criticalBatteryEndsSession),
        ("severe heat stops the camera but not the session", severeHeatStopsCamera),
        ("the camera starts and stops", cameraStartsAndStops),
        ("frames come in order, at the rate, with timestamps", framesInOrder),
        ("frames have the resolution's size and readable pixels", framesHaveTheirSize),
        ("a photo is a decodable image of the requested size", photoSucceeds),
        ("a failed capture reports captureFailure", photoFails),
        ("a capture under a dropped link gets exactly one PhotoError", photoNeverDelivered),
        ("bandwidth changes drive the camera's ladder", bandwidthDrivesLadder),
        ("the glasses' link drives the phone's audio route", linkDrivesAudioRoute),
        ("the wearer's inputs reach the device's listeners", inputsReachTheDevice),
        ("a capture while the glasses take their own photo is serviceUnavailable", captureButtonHoldsTheCamera),
        ("a power peak on a weak battery ends the session with peakPowerShutdown", peakPowerOnAWeakBattery),
        ("a standalone photo has its own size, apart from the stream's", photoAtItsOwnSize),
        ("a standalone photo needs no stream and reports its transfer up to the whole", photoTransferProgress),
        ("the camera's photo feature starts once, takes several photos with their transfer, and stops", photoFeatureCaptures),
        ("the Meta AI app's update destinations: the firmware's makes the glasses compatible, the DAT app's updates the app on them", updateDestinations),
        ("an update destination the Meta AI app cannot open fails with its NavigationError", updateDestinationRefused),
        ("Motion samples follow the glasses' IMU at the configured rate", motionFollowsTheIMU),
        ("Motion on glasses without motion sensors fails with sensorUnavailable", motionWithoutSensors),
    ]

    /// Checks that count frames against the clock: a backend on a wall clock runs
    /// them at real time, since a faster world asks a camera for more frames per
    /// real second than glasses make.
    static let countsFramesAgainstTheClock: Set<String> = ["frames come in order, at the rate, with timestamps"]

    // MARK: Registration and permissions

    static func readyWorld(_ rig: ConformanceRig) throws {
        let wearables = rig.wearables
        #expect(wearables.registrationState == .registered)
        #expect(wearables.checkPermissionStatus(.camera) == .granted)
        let device = try #require(wearables.deviceList.first)
        #expect(device.linkState == .connected)
        #expect(device.type == .rayBanMeta)
        let lists = Recorder<[DeviceIdentifier]>()
        lists.token = wearables.addDevicesListener { lists.append($0) }
        rig.run(for: 0.1)
        #expect(lists.values == [[device.identifier]])
    }

    static func registrationSucceeds(_ rig: ConformanceRig) throws {
        try unregister(rig)
        let outcome = Outcome<Void, RegistrationError>()
        rig.wearables.startRegistration(completion: outcome.handler)
        #expect(rig.run(until: { outcome.result != nil }, within: 5))
        #expect(outcome.value != nil)
        #expect(rig.wearables.registrationState == .registered)
    }

    static func registrationFails(_ rig: ConformanceRig) throws {
        try unregister(rig)
        rig.drive { try? $0.companion.failNext(.registration, code: "networkUnavailable") }
        let outcome = Outcome<Void, RegistrationError>()
        rig.wearables.startRegistration(completion: outcome.handler)
        #expect(rig.run(until: { outcome.result != nil }, within: 5))
        #expect(outcome.error == .networkUnavailable)
        #expect(rig.wearables.registrationState == .available)
    }

    static func unregistration(_ rig: ConformanceRig) throws {
        try unregister(rig)
        #expect(rig.wearables.registrationState == .available)
    }

    private static func unregister(_ rig: ConformanceRig) throws {
        let outcome = Outcome<Void, UnregistrationError>()
        rig.wearables.startUnregistration(completion: outcome.handler)
        try #require(rig.run(until: { outcome.result != nil }, within: 5))
        try #require(outcome.value != nil)
    }

    static func permissionGranted(_ rig: ConformanceRig) throws {
        rig.drive { kit in
            kit.permissions.set(.microphone, .denied)
            kit.permissions.setRequestResult(.microphone, .granted)
        }
        let status = try request(.microphone, in: rig)
        #expect(status == .success(.granted))
        #expect(rig.wearables.checkPermissionStatus(.microphone) == .granted)
    }

    static func permissionDenied(_ rig: ConformanceRig) throws {
        rig.drive { $0.permissions.setRequestResult(.microphone, .denied) }
        #expect(try request(.microphone, in: rig) == .success(.denied))
    }

    static func permissionTimeout(_ rig: ConformanceRig) throws {
        rig.drive { $0.permissions.setRequestResult(.microphone, .timeout) }
        #expect(try request(.microphone, in: rig, within: Wearables.permissionRequestTimeout + 5) == .failure(.requestTimeout))
    }

    private static func request(_ permission: Permission, in rig: ConformanceRig, within seconds: Double = 5) throws
        -> Result<PermissionStatus, PermissionError>
    {
        let outcome = Outcome<PermissionStatus, PermissionError>()
        rig.wearables.requestPermission(permission, completion: outcome.handler)
        try #require(rig.run(until: { outcome.result != nil }, within: seconds))
        return try #require(outcome.result)
    }

    static func permissionRevoked(_ rig: ConformanceRig) throws {
        rig.drive { $0.permissions.set(.camera, .denied) }
        #expect(rig.run(until: { rig.wearables.checkPermissionStatus(.camera) == .denied }, within: 5))
    }

    // MARK: Devices

    static func deviceFieldsUpdate(_ rig: ConformanceRig) throws {
        let device = try #require(rig.wearables.deviceList.first)
        rig.drive { kit in
            kit.glasses[0].setBatteryLevel(42)
            kit.glasses[0].setThermalLevel(.moderate)
            kit.glasses[0].doff()
        }
        #expect(rig.run(until: { device.batteryLevel == 42 && device.thermalLevel == .moderate && device.donState == .doffed },
                        within: 5))
    }

    static func pairingAddsDevice(_ rig: ConformanceRig) throws {
        let lists = Recorder<[DeviceIdentifier]>()
        lists.token = rig.wearables.addDevicesListener { lists.append($0) }
        rig.drive { $0.pairReadyGlasses(model: .oakleyMetaHSTN) }
        #expect(rig.run(until: { lists.last?.count == 2 }, within: 5))
        #expect(rig.wearables.deviceList.last?.type == .oakleyMetaHSTN)
    }

    static func unpairingRemovesDevice(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        rig.drive { $0.glasses[0].unpair() }
        #expect(rig.run(until: { rig.wearables.devices.isEmpty && session.state == .stopped }, within: 5))
    }

    // MARK: Sessions

    static func sessionsOpenAndClose(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        // DAT 1.0's createSession throws for a device with a live session.
        #expect(throws: DeviceSessionError.sessionAlreadyExists) { try rig.wearables.createSession() }
        session.stop()
        #expect(rig.run(until: { session.state == .stopped }, within: 5))
        #expect(throws: Never.self) { try rig.wearables.createSession() }
    }

    static func sessionNeedsConnectedDevice(_ rig: ConformanceRig) throws {
        let device = try #require(rig.wearables.deviceList.first)
        let bound = try rig.wearables.createSession()
        rig.drive { $0.glasses[0].powerOff() }
        try #require(rig.run(until: { !device.isConnected }, within: 5))
        #expect(throws: DeviceSessionError.noEligibleDevice) { try rig.wearables.createSession() }
        let outcome = Outcome<Void, DeviceSessionError>()
        try bound.start(completion: outcome.handler)
        #expect(rig.run(until: { outcome.result != nil }, within: DeviceSession.startTimeout + 5))
        #expect(outcome.error == .noEligibleDevice)
        #expect(bound.state == .idle)
    }

    static func doffPausesDonResumes(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        rig.drive { $0.glasses[0].doff() }
        #expect(rig.run(until: { session.state == .paused }, within: 10))
        rig.drive { $0.glasses[0].don() }
        #expect(rig.run(until: { session.state == .started }, within: 5))
    }

    static func tapTogglesPause(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        rig.drive { $0.glasses[0].tap() }
        #expect(rig.run(until: { session.state == .paused }, within: 5))
        #expect(!rig.run(until: { session.state == .started }, within: 10), "paused until the next tap")
        rig.drive { $0.glasses[0].tap() }
        #expect(rig.run(until: { session.state == .started }, within: 5))
    }

    static func foldEndsSession(_ rig: ConformanceRig) throws {
        let (session, camera) = try streamingCamera(rig)
        let errors = Recorder<String>()
        errors.token = camera.addErrorListener { errors.append("\($0.domain).\($0.code)") }
        rig.drive { $0.glasses[0].fold() }
        #expect(rig.run(until: { errors.values.contains("StreamError.hingesClosed") }, within: 5))
        #expect(rig.run(until: { session.state == .stopped && camera.state == .stopped }, within: 5))
    }

    static func powerOffEndsSession(_ rig: ConformanceRig) throws {
        let (session, camera) = try streamingCamera(rig)
        let errors = Recorder<String>()
        errors.token = camera.addErrorListener { errors.append("\($0.domain).\($0.code)") }
        rig.drive { $0.glasses[0].powerOff() }
        #expect(rig.run(until: { errors.values.contains("StreamError.deviceNotConnected") }, within: 5))
        #expect(rig.run(until: { session.state == .stopped }, within: 5))
    }

    static func shortDropPausesAndResumes(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        rig.drive { $0.glasses[0].disconnect(for: 3) }
        #expect(rig.run(until: { session.state == .paused }, within: 5))
        #expect(rig.run(until: { session.state == .started }, within: 10))
    }

    static func criticalBatteryEndsSession(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        let errors = Recorder<DeviceSessionError>()
        errors.token = session.addErrorListener { errors.append($0) }
        rig.drive { $0.glasses[0].setBatteryLevel(SimulatedGlasses.criticalBatteryLevel) }
        #expect(rig.run(until: { errors.values.contains(.batteryCritical) }, within: 5))
        #expect(rig.run(until: { session.state == .stopped }, within: 5))
    }

    static func severeHeatStopsCamera(_ rig: ConformanceRig) throws {
        let (session, camera) = try streamingCamera(rig)
        rig.drive { $0.glasses[0].setThermalLevel(.severe) }
        #expect(rig.run(until: { camera.state == .stopped }, within: 5))
        #expect(session.state == .started)
    }

    // MARK: Camera

    static func cameraStartsAndStops(_ rig: ConformanceRig) throws {
        let (_, camera) = try streamingCamera(rig)
        camera.stop()
        #expect(rig.run(until: { camera.state == .stopped }, within: 5))
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        rig.run(for: 1)
        #expect(frames.values.isEmpty)
    }

    static func framesInOrder(_ rig: ConformanceRig) throws {
        let (_, camera) = try streamingCamera(rig, config(.low, 15))
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        rig.run(for: 4)
        #expect(abs(frames.values.count - 60) <= rig.frameTolerance)
        let indices = frames.values.map(\.index)
        let stamps = frames.values.map(\.timestamp)
        #expect(indices == indices.sorted() && Set(indices).count == indices.count)
        #expect(stamps == stamps.sorted())
        // The rate from the frames' own timestamps: a wall clock may drop some (the count's
        // tolerance), but most consecutive frames are a period apart, so a halved rate fails.
        let gaps = zip(stamps, stamps.dropFirst()).map { $1 - $0 }.sorted()
        let median = gaps.isEmpty ? 0 : gaps[gaps.count / 2]
        #expect(abs(median - 1.0 / 15) < 0.2 / 15, "median gap \(median) s at 15 fps")
    }

    static func framesHaveTheirSize(_ rig: ConformanceRig) throws {
        let (_, camera) = try streamingCamera(rig, config(.low, 15))
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        #expect(rig.run(until: { !frames.values.isEmpty }, within: 2))
        let frame = try #require(frames.last)
        #expect(frame.size == StreamingResolution.low.videoFrameSize)
        let image = frame.rgbImage()
        #expect(image.width == frame.width && image.height == frame.height && image.isWellFormed)
        #expect(frame.lumaPlane.samples.count == LumaPlane.width * LumaPlane.height)
        #expect(frame.lumaMean > 0 && frame.lumaMean < 1)
    }

    static func photoSucceeds(_ rig: ConformanceRig) throws {
        let (_, camera) = try streamingCamera(rig, config(.low, 15))
        let outcome = try capture(camera, in: rig)
        let photo = try #require(outcome.value)
        let image = try ImageCodecs.decode(photo.data)
        #expect(image.width == photo.width && image.height == photo.height)
        #expect(image.size == StreamingResolution.low.videoFrameSize)
    }

    static func photoFails(_ rig: ConformanceRig) throws {
        let (_, camera) = try streamingCamera(rig, config(.low, 15))
        rig.drive { $0.glasses[0].camera.simulateCaptureFailure() }
        #expect(try capture(camera, in: rig).error == .captureFailure)
    }

    static func photoNeverDelivered(_ rig: ConformanceRig) throws {
        let (_, camera) = try streamingCamera(rig, config(.low, 15))
        let errors = Recorder<String>()
        errors.token = camera.addErrorListener { errors.append("\($0.domain).\($0.code)") }
        let outcome = Outcome<Photo, PhotoError>()
        camera.capture(format: .jpeg, completion: outcome.handler)
        rig.drive { $0.glasses[0].disconnect(for: 30) }
        let photoErrors = { errors.values.filter { $0 == "StreamError.photoCaptureFailed" }.count }
        // The error listener hears it as its own event, after the completion: wait for both.
        #expect(rig.run(until: { outcome.result != nil && photoErrors() > 0 }, within: CameraStream.captureTimeout + 5))
        #expect(outcome.value == nil)
        rig.run(for: 1)
        #expect(photoErrors() == 1)
    }

    static func inputsReachTheDevice(_ rig: ConformanceRig) throws {
        let device = try #require(rig.wearables.deviceList.first)
        let inputs = Recorder<String>()
        inputs.token = device.addInputListener { inputs.append($0.name) }
        rig.drive { kit in
            kit.glasses[0].tapAndHold()
            kit.glasses[0].pressCaptureButton()
        }
        #expect(rig.run(until: { inputs.values.count == 2 }, within: 5))
        #expect(inputs.values == ["tapAndHold", "captureButton"])
    }

    static func captureButtonHoldsTheCamera(_ rig: ConformanceRig) throws {
        let (_, camera) = try streamingCamera(rig, config(.low, 15))
        rig.drive { $0.glasses[0].pressCaptureButton() }
        #expect(try capture(camera, in: rig).error == .serviceUnavailable)
    }

    static func peakPowerOnAWeakBattery(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        let errors = Recorder<String>()
        errors.token = session.addErrorListener { errors.append("\($0.domain).\($0.code)") }
        rig.drive { kit in
            kit.glasses[0].setBatteryLevel(SimulatedGlasses.weakBatteryLevel)
            kit.glasses[0].peakPower()
        }
        #expect(rig.run(until: { session.state == .stopped && !errors.values.isEmpty }, within: 5))
        #expect(errors.values == ["DeviceSessionError.peakPowerShutdown"])
    }

    static func updateDestinations(_ rig: ConformanceRig) throws {
        let device = try #require(rig.wearables.deviceList.first)
        rig.drive { $0.glasses[0].setCompatibility(.deviceUpdateRequired) }
        #expect(rig.run(until: { device.compatibility == .deviceUpdateRequired }, within: 5))
        let firmware = Outcome<Void, NavigationError>()
        rig.wearables.openFirmwareUpdate(completion: firmware.handler)
        #expect(rig.run(until: { firmware.result != nil }, within: 5))
        #expect(firmware.value != nil)
        #expect(rig.run(until: { device.linkState == .disconnected }, within: 5), "installing off the link")
        #expect(rig.run(until: { device.compatibility == .compatible && device.linkState == .connected },
                        within: SimulatedGlasses.firmwareUpdateDuration + 5))

        // A firmware update turns Developer Mode off (the debugging skill).
        rig.drive { $0.glasses[0].setDeveloperMode(true) }
        // The DAT app update destination updates the DAT app on the glasses.
        rig.drive { $0.glasses[0].setGlassesApp(.updateRequired) }
        rig.run(for: SimulatedGlasses.restartCooldown + 0.5)
        let refused = Outcome<Void, DeviceSessionError>()
        try rig.wearables.createSession().start(completion: refused.handler)
        #expect(rig.run(until: { refused.result != nil }, within: 5))
        #expect(refused.error == .datAppOnTheGlassesUpdateRequired)
        let app = Outcome<Void, NavigationError>()
        rig.wearables.openDATGlassesAppUpdate(completion: app.handler)
        #expect(rig.run(until: { app.result != nil }, within: 5))
        #expect(app.value != nil)
        rig.run(for: MockDeviceKit.appUpdateDuration + 1)
        #expect(device.linkState == .connected)
        let session = try rig.wearables.createSession()
        let started = Outcome<Void, DeviceSessionError>()
        try session.start(completion: started.handler)
        #expect(rig.run(until: { started.result != nil }, within: 5))
        #expect(started.error == nil, "updated: the session starts")
        session.stop()
    }

    /// Asked of the backend itself, past the model's own checks: the companion app refuses.
    static func updateDestinationRefused(_ rig: ConformanceRig) throws {
        rig.drive { $0.reset(registered: false) }
        let unregistered = Outcome<Void, NavigationError>()
        rig.wearables.backend.openDATGlassesAppUpdate(completion: unregistered.handler)
        #expect(rig.run(until: { unregistered.result != nil }, within: 5))
        #expect(unregistered.error == .notRegistered)
        rig.drive { $0.reset(registered: true, companionInstalled: false) }
        let missing = Outcome<Void, NavigationError>()
        rig.wearables.backend.openFirmwareUpdate(completion: missing.handler)
        #expect(rig.run(until: { missing.result != nil }, within: 5))
        #expect(missing.error == .metaAINotInstalled)
    }

    static func photoAtItsOwnSize(_ rig: ConformanceRig) throws {
        let (_, camera) = try streamingCamera(rig, config(.low, 15))
        let outcome = Outcome<Photo, PhotoError>()
        camera.capture(format: .jpeg, size: PhotoResolution.small.size, quality: PhotoQuality.low.encoderQuality, completion: outcome.handler)
        try #require(rig.run(until: { outcome.result != nil }, within: CameraStream.captureTimeout + 5))
        let photo = try #require(outcome.value)
        let image = try ImageCodecs.decode(photo.data)
        #expect(image.size == PhotoResolution.small.size)
        #expect(photo.width == image.width && photo.height == image.height)
    }

    static func photoTransferProgress(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        let camera = try session.addCamera(config(.low, 15))
        let capture = camera.startPhoto(format: .jpeg, resolution: .medium, quality: .medium)
        let steps = Recorder<PhotoTransferProgress>()
        steps.token = capture.addProgressListener { steps.append($0) }
        try #require(rig.run(until: { capture.result != nil }, within: CameraStream.captureTimeout + 5))
        let photo = try #require(try capture.result?.get())
        rig.run(for: 0.1)  // the listeners' last deliveries
        #expect(camera.state == .stopped, "taken with the stream stopped")
        #expect(steps.values.count == SimulatedCamera.progressSteps + 1)
        #expect(steps.values.first == PhotoTransferProgress(bytesReceived: 0, totalBytes: photo.size))
        #expect(steps.values.last == PhotoTransferProgress(bytesReceived: photo.size, totalBytes: photo.size))
    }

    static func photoFeatureCaptures(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        let camera = try session.addCamera(config(.low, 15))
        let feature = camera.photo
        let photos = Recorder<Photo>()
        photos.token = feature.addDataListener { photos.append($0) }
        let steps = Recorder<PhotoTransferProgress>()
        steps.token = feature.addProgressListener { steps.append($0) }
        let errors = Recorder<PhotoError>()
        errors.token = feature.addErrorListener { errors.append($0) }
        feature.start()
        try #require(rig.run(until: { feature.state == .started }, within: 5))
        for (count, resolution) in [PhotoResolution.small, .medium].enumerated() {
            feature.capturePhoto(resolution: resolution, quality: .low)
            try #require(rig.run(until: { photos.values.count == count + 1 }, within: CameraStream.captureTimeout + 5))
        }
        #expect(photos.values.map(\.width) == [480, 960])
        #expect(steps.values.last == PhotoTransferProgress(bytesReceived: photos.values[1].size, totalBytes: photos.values[1].size))
        #expect(errors.values.isEmpty)
        feature.stop()
        #expect(rig.run(until: { feature.state == .stopped }, within: 5))
        #expect(camera.state == .stopped, "taken with the stream stopped")
    }

    private static func capture(_ camera: CameraStream, in rig: ConformanceRig) throws -> Outcome<Photo, PhotoError> {
        let outcome = Outcome<Photo, PhotoError>()
        camera.capture(format: .jpeg, completion: outcome.handler)
        try #require(rig.run(until: { outcome.result != nil }, within: CameraStream.captureTimeout + 5))
        return outcome
    }

    static func bandwidthDrivesLadder(_ rig: ConformanceRig) throws {
        let (_, camera) = try streamingCamera(rig, config(.high, 30))
        rig.drive { $0.glasses[0].setBandwidth(kbps: 300) }
        #expect(rig.run(until: { camera.effective.resolution != .high || camera.effective.frameRate < 30 }, within: 5))
    }

    // MARK: Audio

    static func linkDrivesAudioRoute(_ rig: ConformanceRig) throws {
        try rig.audio.configure(category: .playAndRecord, options: [.allowBluetooth])
        try rig.audio.activate()
        #expect(rig.run(until: { rig.audio.isHFPConfigured }, within: 2))
        rig.drive { $0.glasses[0].fold() }
        #expect(rig.run(until: { rig.audio.route.input?.type == .builtInMic }, within: 5))
        rig.drive { $0.glasses[0].unfold() }
        #expect(rig.run(until: { rig.audio.isHFPConfigured }, within: 5))
    }

    // MARK: Motion

    static func motionFollowsTheIMU(_ rig: ConformanceRig) throws {
        let session = try startedSession(rig)
        let motion = try session.addMotion(MotionConfiguration(samplingRate: .hz30))
        let started = Outcome<Void, MotionError>()
        motion.start(completion: started.handler)
        #expect(rig.run(until: { started.result != nil }, within: 5))
        #expect(started.error == nil)
        let samples = Recorder<MotionSample>()
        samples.token = motion.addSampleListener { samples.append($0) }
        #expect(rig.run(until: { samples.values.count >= 15 }, within: 5))
        // A still, level head: gravity on +X.
        let level = try #require(samples.last?.accelerometer)
        #expect(abs(level.x - MotionFeed.gravity) < 0.01 && abs(level.z) < 0.01)
        #expect(samples.last?.source == .glasses)
        rig.drive { $0.glasses[0].motion.setFeed(.pose(.lookingUp)) }
        // Looking up pitches the head 0.5 rad: gravity shows on +Z as g·sin(0.5).
        let lookingUp = MotionFeed.gravity * 0.479
        #expect(rig.run(until: { abs((samples.last?.accelerometer?.z ?? 0) - lookingUp) < 0.05 }, within: 5))
        let stamps = samples.values.map(\.timestampNs)
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { abs(Double($1 - $0) - 1e9 / 30) < 1e3 }, "30 Hz, one period apart")
        motion.stop()
        #expect(rig.run(until: { motion.state == .stopped }, within: 5))
    }

    static func motionWithoutSensors(_ rig: ConformanceRig) throws {
        rig.drive { $0.glasses[0].motion.removeIMU() }
        let session = try startedSession(rig)
        let motion = try session.addMotion()
        let errors = Recorder<MotionError>()
        errors.token = motion.addErrorListener { errors.append($0) }
        let started = Outcome<Void, MotionError>()
        motion.start(completion: started.handler)
        #expect(rig.run(until: { !errors.values.isEmpty && motion.state == .stopped }, within: 5))
        #expect(errors.values == [.sensorUnavailable])
        // The start fails, or, where the glasses answer after it, the next read finds the Motion stopped.
        #expect(rig.run(until: { started.result != nil }, within: 5))
    }

    // MARK: Helpers

    static func startedSession(_ rig: ConformanceRig) throws -> DeviceSession {
        let session = try rig.wearables.createSession()
        try session.start()
        try #require(rig.run(until: { session.state == .started }, within: DeviceSession.startTimeout))
        return session
    }

    static func streamingCamera(_ rig: ConformanceRig, _ configuration: StreamConfiguration = config(.low, 15)) throws
        -> (DeviceSession, CameraStream)
    {
        let session = try startedSession(rig)
        let camera = try session.addCamera(configuration)
        try camera.start()
        try #require(rig.run(until: { camera.state == .streaming }, within: 5))
        return (session, camera)
    }
}

/// The embedded simulator as a rig: the same thread, the virtual clock.
final class SimulatorRig: ConformanceRig {
    let world = SimulatedWorld.ready()
    var wearables: Wearables { world.wearables }
    var audio: AudioSession { world.audio }
    let frameTolerance = 1

    func drive(_ body: @escaping (MockDeviceKit) -> Void) { body(world.kit) }

    func run(until condition: () -> Bool, within seconds: Double) -> Bool {
        let deadline = world.scheduler.now + seconds
        while !condition() {
            guard world.scheduler.now < deadline else { return false }
            world.scheduler.run(for: 0.05)
        }
        return true
    }

    func run(for seconds: Double) { world.scheduler.run(for: seconds) }
}
