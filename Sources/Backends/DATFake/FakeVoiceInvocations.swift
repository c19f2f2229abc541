import DATInterface
import Locking
import WearablesCore
import WearablesSimulator

/// DAT's `VoiceInvocationsStream` over MockVoiceInvocationKit: started on one device at a
/// time; each `LaunchApp` carries a handle that answers the kit's request.
final class FakeVoiceInvocationsStream: DATVoiceInvocationsStream {
    private let served: WorldThread
    private let invocations = FakeAnnouncer<DATLaunchApp>()
    private let errors = FakeAnnouncer<VoiceInvocationError>()
    private let device = Locked<DeviceIdentifier?>(nil)

    init(served: WorldThread) { self.served = served }

    var invocationsPublisher: any DATAnnouncer<DATLaunchApp> { invocations }
    var errorPublisher: any DATAnnouncer<VoiceInvocationError> { errors }

    func start(deviceIdentifier: DeviceIdentifier) async throws {
        let previous = device.withLock { device in defer { device = deviceIdentifier }; return device }
        served.post { world in
            if let previous, previous != deviceIdentifier { world.kit.listenForVoiceInvocations(false, on: previous) }
            world.kit.listenForVoiceInvocations(true, on: deviceIdentifier)
        }
    }

    func stop() async {
        guard let previous = device.withLock({ device in defer { device = nil }; return device }) else { return }
        served.post { world in world.kit.listenForVoiceInvocations(false, on: previous) }
    }

    /// What the glasses' voice channel reported (on the world's thread).
    func reported(_ report: CapabilityReport, on identifier: DeviceIdentifier) {
        switch report {
        case .voiceInvocation(let request):
            invocations.emit(DATLaunchApp(responseHandle: FakeResponseHandle(request: request, device: identifier, served: served),
                                          deviceIdentifier: identifier))
        case .voiceError(let error): errors.emit(error)
        default: break
        }
    }
}

/// DAT's `ResponseHandle` for one of the kit's requests.
struct FakeResponseHandle: DATResponseHandle {
    let request: String
    let device: DeviceIdentifier
    let served: WorldThread

    /// The kit's own request id (`voice-N`).
    var requestIdentifier: String? { request }

    func sendSuccess(actionOutput: String?) async -> Bool { await answer(success: true, output: actionOutput) }
    func sendFailure(actionOutput: String?) async -> Bool { await answer(success: false, output: actionOutput) }

    private func answer(success: Bool, output: String?) async -> Bool {
        let (request, device) = (request, device)
        return await served.completion { world, done in
            world.kit.answerVoiceInvocation(request, on: device, success: success, output: output) { done($0) }
        }
    }
}
