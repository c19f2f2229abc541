import FoundationEssentials
import Synchronization

/// The stand-in's `WearablesInterface`. A test pairs devices, scripts the Meta AI app's
/// answers (a failed registration, a permission request's outcome) and completes a
/// registration, and sees the sessions the code under test created.
package final class StandInWearables: WearablesInterface {
    private struct State {
        var registration: RegistrationState = .available
        var devices: [Device] = []
        var permissions: [Permission: PermissionStatus] = [:]
        var permissionAnswers: [Permission: Result<PermissionStatus, PermissionError>] = [:]
        var registrationFailure: RegistrationError?
        var unregistrationFailure: UnregistrationError?
        var navigationFailure: NavigationError?
        var openedPages: [String] = []
        var sessions: [DeviceSession] = []
        var answersAtOnce = false
    }

    private let state = Mutex(State())
    private let registrationChanges = Broadcast<RegistrationState>()
    private let deviceListChanges = Broadcast<[DeviceIdentifier]>()

    package init() {}

    // MARK: WearablesInterface

    package var registrationState: RegistrationState { state.withLock { $0.registration } }

    package func addRegistrationStateListener(_ listener: @escaping @Sendable (RegistrationState) -> Void) -> any AnyListenerToken {
        registrationChanges.listen(listener)
    }

    /// Opens "the Meta AI app": the state is `registering` until `handleUrl` brings its answer.
    package func startRegistration() async throws(RegistrationError) {
        let outcome = state.withLock { state -> Result<Void, RegistrationError> in
            if let failure = state.registrationFailure.take() { return .failure(failure) }
            if state.registration == .registered { return .failure(.alreadyRegistered) }
            return .success(())
        }
        try outcome.get()
        setRegistration(.registering)
    }

    /// The Meta AI app's callback: completes a registration in progress.
    package func handleUrl(_ url: URL) async throws(WearablesHandleURLError) -> Bool {
        guard registrationState == .registering else { return false }
        setRegistration(.registered)
        return true
    }

    package func startUnregistration() async throws(UnregistrationError) {
        let outcome = state.withLock { state -> Result<Void, UnregistrationError> in
            if let failure = state.unregistrationFailure.take() { return .failure(failure) }
            if state.registration != .registered { return .failure(.alreadyUnregistered) }
            return .success(())
        }
        try outcome.get()
        setRegistration(.available)
    }

    package func openFirmwareUpdate() async throws(NavigationError) {
        try open("firmwareUpdate")
    }

    package func openDATGlassesAppUpdate() async throws(NavigationError) {
        try open("datGlassesAppUpdate")
    }

    package var devices: [DeviceIdentifier] { state.withLock { $0.devices.map(\.identifier) } }

    package func addDevicesListener(_ listener: @escaping @Sendable ([DeviceIdentifier]) -> Void) -> any AnyListenerToken {
        deviceListChanges.listen(listener)
    }

    package func deviceForIdentifier(_ identifier: DeviceIdentifier) -> Device? {
        state.withLock { $0.devices.first { $0.identifier == identifier } }
    }

    package func checkPermissionStatus(_ permission: Permission) async throws(PermissionError) -> PermissionStatus {
        try state.withLock { state throws(PermissionError) in
            guard !state.devices.isEmpty else { throw .noDevice }
            return state.permissions[permission] ?? .denied
        }
    }

    /// The scripted answer for `permission`, once; without one, the wearer grants it.
    package func requestPermission(_ permission: Permission) async throws(PermissionError) -> PermissionStatus {
        let answer = state.withLock { state -> Result<PermissionStatus, PermissionError> in
            guard !state.devices.isEmpty else { return .failure(.noDevice) }
            let answer = state.permissionAnswers.removeValue(forKey: permission) ?? .success(.granted)
            if case .success(let status) = answer { state.permissions[permission] = status }
            return answer
        }
        return try answer.get()
    }

    package func createSession(deviceSelector: any DeviceSelector) throws(DeviceSessionError) -> DeviceSession {
        try state.withLock { state throws(DeviceSessionError) in
            guard let id = deviceSelector.activeDevice, state.devices.contains(where: { $0.identifier == id }) else {
                throw .noEligibleDevice
            }
            guard !state.sessions.contains(where: { $0.deviceId == id && $0.state != .stopped }) else {
                throw .sessionAlreadyExists
            }
            let session = DeviceSession(deviceId: id, answersAtOnce: state.answersAtOnce)
            state.sessions.append(session)
            return session
        }
    }

    // MARK: The test's hand on the Meta AI app and the glasses

    package func pair(_ device: Device) {
        let list = state.withLock { state in
            state.devices.append(device)
            return state.devices.map(\.identifier)
        }
        deviceListChanges.publish(list)
    }

    package func forget(_ identifier: DeviceIdentifier) {
        let list = state.withLock { state in
            state.devices.removeAll { $0.identifier == identifier }
            return state.devices.map(\.identifier)
        }
        deviceListChanges.publish(list)
    }

    /// Sessions created from now on start, and their camera streams stream, as soon as they
    /// are asked to, as glasses that answer at once: for a test that cannot step in between
    /// (the bridge starts them and waits).
    package func answerAtOnce() {
        state.withLock { $0.answersAtOnce = true }
    }

    package func failNextRegistration(with error: RegistrationError) {
        state.withLock { $0.registrationFailure = error }
    }

    package func failNextUnregistration(with error: UnregistrationError) {
        state.withLock { $0.unregistrationFailure = error }
    }

    package func failNavigation(with error: NavigationError?) {
        state.withLock { $0.navigationFailure = error }
    }

    package func answerNextRequest(for permission: Permission, with answer: Result<PermissionStatus, PermissionError>) {
        state.withLock { $0.permissionAnswers[permission] = answer }
    }

    /// The pages the code under test opened in the Meta AI app, in order.
    package var openedPages: [String] { state.withLock { $0.openedPages } }

    /// The sessions the code under test created, in order.
    package var sessions: [DeviceSession] { state.withLock { $0.sessions } }

    private func setRegistration(_ registration: RegistrationState) {
        state.withLock { $0.registration = registration }
        registrationChanges.publish(registration)
    }

    private func open(_ page: String) throws(NavigationError) {
        try state.withLock { state throws(NavigationError) in
            if let failure = state.navigationFailure { throw failure }
            state.openedPages.append(page)
        }
    }
}

extension Optional {
    /// The value, leaving nil behind: a scripted outcome is used once.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
