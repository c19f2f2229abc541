import Testing
import WearablesCore

/// The contract every `WearablesBackend` must honour, written against the protocol
/// only. A backend is run through it by passing a factory that returns a backend with
/// one connected, registered device whose camera permission is granted.
struct BackendConformance {
    let makeBackend: () -> WearablesBackend

    func runAll() throws {
        try reportsAConnectedDevice()
        try sessionsOpenAndClose()
        try cameraDeliversFramesAtTheRequestedRate()
        try photosAreDecodableImages()
    }

    func reportsAConnectedDevice() throws {
        let wearables = Wearables(backend: makeBackend())
        #expect(wearables.registrationState == .registered)
        #expect(wearables.checkPermissionStatus(.camera) == .granted)
        let device = try #require(wearables.deviceList.first)
        #expect(device.linkState == .connected)
        #expect(device.type != .unknown)
        let lists = Recorder<[DeviceIdentifier]>()
        lists.token = wearables.addDevicesListener { lists.append($0) }
        wearables.scheduler.run(for: 0)
        #expect(lists.values == [[device.identifier]])
    }

    func sessionsOpenAndClose() throws {
        let wearables = Wearables(backend: makeBackend())
        let session = wearables.createSession()
        let outcome = Outcome<Void, DeviceSessionError>()
        try session.start(completion: outcome.handler)
        wearables.scheduler.run(for: DeviceSession.startTimeout)
        #expect(session.state == .started)
        let rival = Outcome<Void, DeviceSessionError>()
        try wearables.createSession().start(completion: rival.handler)
        wearables.scheduler.run(for: 1)
        #expect(rival.error == .sessionAlreadyExists)
        session.stop()
        wearables.scheduler.run(for: 1)
        #expect(session.state == .stopped)
    }

    func cameraDeliversFramesAtTheRequestedRate() throws {
        let wearables = Wearables(backend: makeBackend())
        let camera = wearables.createStream(configuration: config(.low, 15))
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        let started = Outcome<Void, StreamError>()
        camera.start(completion: started.handler)
        wearables.scheduler.run(for: DeviceSession.startTimeout)
        #expect(camera.state == .streaming)
        let before = frames.values.count
        wearables.scheduler.run(for: 4)
        #expect(abs(frames.values.count - before - 60) <= 1)
        let frame = try #require(frames.last)
        #expect(frame.size == StreamingResolution.low.videoFrameSize)
        #expect(frame.lumaPlane.samples.count == LumaPlane.width * LumaPlane.height)
    }

    func photosAreDecodableImages() throws {
        let wearables = Wearables(backend: makeBackend())
        let camera = wearables.createStream(configuration: config(.low, 15))
        camera.start()
        wearables.scheduler.run(for: DeviceSession.startTimeout)
        let outcome = Outcome<Photo, PhotoError>()
        camera.capture(format: .jpeg, completion: outcome.handler)
        wearables.scheduler.run(for: 10)
        let photo = try #require(outcome.value)
        let image = try ImageCodecs.decode(photo.data)
        #expect(image.width == photo.width && image.height == photo.height)
    }
}
