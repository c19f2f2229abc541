import Locking
import WearablesCore
import WearablesSimulator

/// The kit's reports, on the world's thread, handed to the fake's mirror and to the
/// session, stream and capability announcers DAT would fire.
final class FakeObserver: WearablesBackendObserver, Sendable {
    /// Set once, right after the fake is made (it is made after the observer is attached).
    let wearables = Locked<SendableWeak<FakeWearables>?>(nil)

    private var fake: FakeWearables? { wearables.withLock { $0?.object } }

    func backend(didChangeRegistration state: RegistrationState) { fake?.registrationChanged(state) }
    func backend(didUpdate device: DeviceSnapshot) { fake?.deviceUpdated(device) }
    func backend(didRemoveDevice identifier: DeviceIdentifier) { fake?.deviceRemoved(identifier) }
    func backend(didChangePermission permission: Permission, to status: PermissionStatus) {}
    func backend(didChangeLinkBandwidth kbps: Double, for identifier: DeviceIdentifier) {}
    /// DAT has no device-level input events (dat-1.0-surfaces.md §1): the captouch mock's taps do not cross.
    func backend(didReceive input: DeviceInput, on identifier: DeviceIdentifier) {}

    func backend(didInterruptSessionOn identifier: DeviceIdentifier, with interruption: SessionInterruption) {
        fake?.sessions.withLock { $0[identifier] }?.interrupted(interruption)
    }

    func backend(didReport report: CapabilityReport, on identifier: DeviceIdentifier) {
        switch report {
        case .voiceInvocation, .voiceError:
            fake?.voice.withLock { $0 }?.reported(report, on: identifier)
        case .transcription, .speechFailed, .speechComplete, .speechLocale:
            fake?.sessions.withLock { $0[identifier] }?.speech.withLock { $0 }?.reported(report)
        case .input, .inputsFailed:
            fake?.sessions.withLock { $0[identifier] }?.inputs.withLock { $0 }?.reported(report)
        }
    }
}
