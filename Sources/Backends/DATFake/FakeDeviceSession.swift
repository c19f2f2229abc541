import DATInterface
import Locking
import WearablesCore
import WearablesSimulator

/// DAT's `DeviceSession` over the simulator's session on one device: `start()` opens it
/// (`starting`, then `started` or `stopped` with the error on `errorPublisher`), and the
/// glasses' interruptions become its states and its stream's errors.
final class FakeDeviceSession: DATDeviceSession {
    let deviceId: DeviceIdentifier
    private let wearables: FakeWearables
    private let stateCell = FakeStateCell<SessionState>(.idle)
    private let errors = FakeAnnouncer<DeviceSessionError>()
    let camera = Locked<FakeCamera?>(nil)
    let speech = Locked<FakeSpeech?>(nil)
    let inputs = Locked<FakeInputs?>(nil)
    private let motion = Locked<FakeMotion?>(nil)
    private let display = Locked<FakeDisplay?>(nil)

    init(device: DeviceIdentifier, wearables: FakeWearables) {
        deviceId = device
        self.wearables = wearables
    }

    var state: SessionState { stateCell.current }
    var statePublisher: any DATAnnouncer<SessionState> { stateCell.announcer }
    var errorPublisher: any DATAnnouncer<DeviceSessionError> { errors }

    func start() throws(DeviceSessionError) {
        guard state == .idle else { throw state == .stopped ? .sessionAlreadyStopped : .sessionAlreadyExists }
        stateCell.set(.starting)
        let (device, errors, stateCell) = (deviceId, errors, stateCell)
        wearables.served.post { world in
            world.kit.openSession(on: device) { result in
                switch result {
                case .success: stateCell.set(.started)
                case .failure(let error):
                    errors.emit(error)
                    stateCell.set(.stopped)
                }
            }
        }
    }

    func stop() {
        guard state != .stopped else { return }
        forget(linkLost: false)
        let device = deviceId
        wearables.served.post { world in world.kit.closeSession(on: device) {} }
        stateCell.set(.stopped)
    }

    /// The session no longer hears the glasses; its capabilities stop with it.
    private func forget(linkLost: Bool) {
        let device = deviceId
        wearables.sessions.withLock { sessions in
            if sessions[device] === self { sessions[device] = nil }
        }
        camera.withLock { $0 }?.fakeStream.ended(nil)
        camera.withLock { $0 }?.fakePhoto.stop()
        speech.withLock { $0 }?.stop()
        inputs.withLock { $0 }?.ended()
        motion.withLock { $0 }?.ended(linkLost: linkLost)
    }

    /// What the glasses did to the session (on the world's thread).
    func interrupted(_ interruption: SessionInterruption) {
        switch interruption {
        case .paused: stateCell.set(.paused)
        case .resumed: stateCell.set(.started)
        case .streamEnded(let error): camera.withLock { $0 }?.fakeStream.ended(error)
        case .warning(let error): errors.emit(error)
        case .ended(let sessionError, let streamError):
            camera.withLock { $0 }?.fakeStream.ended(streamError)
            if let sessionError { errors.emit(sessionError) }
            switch streamError {
            case .deviceNotConnected, .deviceNotFound: forget(linkLost: true)
            default: forget(linkLost: false)
            }
            stateCell.set(.stopped)
        }
    }

    func addCamera(config: StreamConfiguration) throws(DeviceSessionError) -> (any DATCamera)? {
        guard state == .started else { throw .sessionIdle }
        return try camera.withLock { (camera: inout FakeCamera?) throws(DeviceSessionError) -> FakeCamera in
            if let camera, camera.stream.state != .stopped { throw .capabilityAlreadyActive }
            let made = FakeCamera(stream: FakeStream(device: deviceId, config: config, served: wearables.served),
                                  photo: FakePhoto(device: deviceId, served: wearables.served))
            camera = made
            return made
        }
    }

    func addSpeech() throws(DeviceSessionError) -> (any DATSpeech)? {
        guard state == .started else { throw .sessionIdle }
        return try speech.withLock { (speech: inout FakeSpeech?) throws(DeviceSessionError) -> FakeSpeech in
            if speech != nil { throw .capabilityAlreadyActive }
            let made = FakeSpeech(device: deviceId, served: wearables.served)
            speech = made
            return made
        }
    }

    /// Nil unless started, as DAT's; it passes on the sources the configuration asked for.
    func addInputs(configuration: InputsConfiguration) throws(DeviceSessionError) -> (any DATInputs)? {
        guard state == .started else { return nil }
        return try inputs.withLock { (inputs: inout FakeInputs?) throws(DeviceSessionError) -> FakeInputs in
            if inputs != nil { throw .capabilityAlreadyActive }
            let made = FakeInputs(configuration: configuration)
            inputs = made
            return made
        }
    }

    /// Frees the slot; that Inputs' stream ends.
    func removeInputs() throws(DeviceSessionError) {
        guard let removed = inputs.withLock({ inputs in defer { inputs = nil }; return inputs }) else { throw .capabilityNotFound }
        removed.ended()
    }

    /// Nil unless started, as DAT's; returned stopped.
    func addMotion(configuration: MotionConfiguration) throws(DeviceSessionError) -> (any DATMotion)? {
        guard state == .started else { return nil }
        return try motion.withLock { (motion: inout FakeMotion?) throws(DeviceSessionError) -> FakeMotion in
            if motion != nil { throw .capabilityAlreadyActive }
            let made = FakeMotion(device: deviceId, configuration: configuration, served: wearables.served)
            motion = made
            return made
        }
    }

    /// Terminal for that Motion; the slot is free again.
    func removeMotion() throws(DeviceSessionError) {
        guard let removed = motion.withLock({ motion in defer { motion = nil }; return motion }) else { throw .capabilityNotFound }
        removed.ended(linkLost: false)
    }

    func addDisplay() throws(DeviceSessionError) -> any DATDisplay {
        guard state == .started else { throw .sessionIdle }
        return try display.withLock { (display: inout FakeDisplay?) throws(DeviceSessionError) -> FakeDisplay in
            if display != nil { throw .capabilityAlreadyActive }
            let made = FakeDisplay(device: deviceId, served: wearables.served)
            display = made
            return made
        }
    }
}
