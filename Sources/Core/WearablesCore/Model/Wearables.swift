/// The app's entry point to the glasses (DAT `Wearables`/`WearablesInterface`):
/// registration, permissions, the device list, and sessions, over any backend.
///
/// Single-threaded: use it only from the scheduler's thread. Waiting operations take
/// completion handlers, called later on the scheduler; `async` variants wrap them.
public final class Wearables {
    /// How long a permission request waits for the companion app before `requestTimeout`.
    public static let permissionRequestTimeout: Double = 30
    /// How long a registration or unregistration flow waits for the companion app before `unknown`.
    public static let registrationTimeout: Double = 60
    /// How long opening the Meta AI app's update screens may take before `metaAINotInstalled`.
    public static let navigationTimeout: Double = 10

    public let backend: WearablesBackend
    public var scheduler: Scheduler { backend.scheduler }
    public var trace: EventTrace { backend.trace }

    public private(set) var registrationState: RegistrationState
    /// The devices the app sees: DAT shows an app the glasses only once it is registered.
    public var deviceList: [Device] { registrationState == .registered ? linkedDevices : [] }
    /// Every device the companion app has linked, registered or not.
    private var linkedDevices: [Device] = []
    private let registrationListeners: Broadcaster<RegistrationState>
    private let devicesListeners: Broadcaster<[DeviceIdentifier]>
    /// Internal, synchronous: selectors must see device changes before app listeners run.
    private var deviceChangeObservers: [Int: () -> Void] = [:]
    private var nextObserverID = 0
    private var registrationWaiters: [(Result<Void, RegistrationError>) -> Void] = []
    private var pendingPermissionRequests: Set<Permission> = []
    /// Numbers sessions per world, so traces do not depend on other worlds in the process.
    var sessionCount = 0
    /// Numbers voice invocation streams; the started ones, by number.
    var voiceStreamCount = 0
    var voiceStreams: [Int: VoiceInvocationsStream] = [:]
    private(set) var sessionsByDevice: [DeviceIdentifier: DeviceSession] = [:]
    let permissionEvents: Broadcaster<(Permission, PermissionStatus)>
    let bandwidthEvents: Broadcaster<(DeviceIdentifier, Double)>

    public init(backend: WearablesBackend) {
        self.backend = backend
        registrationState = backend.registrationState
        registrationListeners = Broadcaster(scheduler: backend.scheduler)
        devicesListeners = Broadcaster(scheduler: backend.scheduler)
        permissionEvents = Broadcaster(scheduler: backend.scheduler)
        bandwidthEvents = Broadcaster(scheduler: backend.scheduler)
        linkedDevices = backend.devices.map { Device(snapshot: $0, scheduler: backend.scheduler) }
        backend.attach(self)
    }

    // MARK: Devices

    /// Identifiers of the devices linked to the companion app, in pairing order.
    public var devices: [DeviceIdentifier] { deviceList.map(\.identifier) }

    public func deviceForIdentifier(_ identifier: DeviceIdentifier) -> Device? {
        deviceList.first { $0.identifier == identifier }
    }

    /// Fires at once with the current list, then whenever a device is added or removed.
    public func addDevicesListener(_ listener: @escaping ([DeviceIdentifier]) -> Void) -> ListenerToken {
        devicesListeners.add(current: devices, listener)
    }

    public func devicesStream() -> AsyncStream<[DeviceIdentifier]> { devicesListeners.stream(current: devices) }

    /// Runs `observer` synchronously after any device or device-field change (selectors).
    public func observeDeviceChanges(_ observer: @escaping () -> Void) -> ListenerToken {
        let id = nextObserverID
        nextObserverID += 1
        deviceChangeObservers[id] = observer
        return ListenerToken { [weak self] in self?.deviceChangeObservers[id] = nil }
    }

    // MARK: Registration

    public func addRegistrationStateListener(_ listener: @escaping (RegistrationState) -> Void) -> ListenerToken {
        registrationListeners.add(current: registrationState, listener)
    }

    public func registrationStateStream() -> AsyncStream<RegistrationState> {
        registrationListeners.stream(current: registrationState)
    }

    /// Runs the registration flow through the companion app. A second call while one is
    /// in flight waits for the same flow.
    public func startRegistration(completion: @escaping (Result<Void, RegistrationError>) -> Void) {
        switch registrationState {
        case .registered:
            reject(completion, RegistrationError.alreadyRegistered)
            return
        case .unavailable:
            reject(completion, RegistrationError.metaAINotInstalled)
            return
        case .registering:
            registrationWaiters.append(completion)
            return
        case .available:
            break
        }
        registrationWaiters.append(completion)
        setRegistrationState(.registering)
        let timeout = scheduler.schedule(after: Self.registrationTimeout) { [weak self] in
            self?.completeRegistration(.failure(.unknown))
        }
        backend.startRegistration { [weak self] result in
            timeout.cancel()
            self?.completeRegistration(result)
        }
    }

    /// Runs the unregistration flow; the state returns to `available` on success.
    public func startUnregistration(completion: @escaping (Result<Void, UnregistrationError>) -> Void) {
        guard registrationState == .registered else {
            reject(completion, registrationState == .unavailable ? UnregistrationError.metaAINotInstalled : .alreadyUnregistered)
            return
        }
        trace.record(source: "wearables", event: "unregistration", values: ["phase": "started"])
        var answered = false
        let answer: (Result<Void, UnregistrationError>) -> Void = { [weak self] result in
            guard !answered, let self else { return }
            answered = true
            if case .failure(let error) = result { self.traceError(error, source: "wearables") }
            self.setRegistrationState(self.backend.registrationState)
            completion(result)
        }
        // The Meta AI app may never come back (the user leaves it): the flow ends as `unknown`.
        let timeout = scheduler.schedule(after: Self.registrationTimeout) { answer(.failure(.unknown)) }
        backend.startUnregistration { result in
            timeout.cancel()
            answer(result)
        }
    }

    private func completeRegistration(_ result: Result<Void, RegistrationError>) {
        guard registrationState == .registering else { return }
        if case .failure(let error) = result { traceError(error, source: "wearables") }
        setRegistrationState(backend.registrationState == .registering ? .available : backend.registrationState)
        let waiters = registrationWaiters
        registrationWaiters.removeAll()
        for waiter in waiters { waiter(result) }
    }

    private func setRegistrationState(_ state: RegistrationState) {
        guard state != registrationState else { return }
        let wasRegistered = registrationState == .registered
        registrationState = state
        trace.record(source: "wearables", event: "registration", values: ["state": .string(state.name)])
        registrationListeners.emit(state)
        guard wasRegistered != (state == .registered), !linkedDevices.isEmpty else { return }
        devicesListeners.emit(devices)
        notifyDeviceObservers()
        // Unregistered, the app loses the glasses and its permissions: what runs on them ends.
        if wasRegistered {
            for (_, session) in sessionsByDevice.sorted(by: { $0.key < $1.key }) {
                session.handle(.ended(sessionError: nil, streamError: .permissionDenied))
            }
        }
    }

    // MARK: Permissions

    /// Granted when any linked device has approved it; an unregistered app has none.
    public func checkPermissionStatus(_ permission: Permission) -> PermissionStatus {
        registrationState == .registered ? backend.permissionStatus(permission) : .denied
    }

    /// Asks the companion app for `permission`; answers `granted`/`denied`, or fails with
    /// `metaAINotInstalled` (no companion app to ask), `requestInProgress` (already asking),
    /// `noDevice`, `noDeviceWithConnection`, or `requestTimeout` when the app never answers.
    public func requestPermission(_ permission: Permission,
                                  completion: @escaping (Result<PermissionStatus, PermissionError>) -> Void) {
        if registrationState == .unavailable { return reject(completion, PermissionError.metaAINotInstalled) }
        if pendingPermissionRequests.contains(permission) { return reject(completion, PermissionError.requestInProgress) }
        if deviceList.isEmpty { return reject(completion, PermissionError.noDevice) }
        if !deviceList.contains(where: \.isConnected) { return reject(completion, PermissionError.noDeviceWithConnection) }
        pendingPermissionRequests.insert(permission)
        trace.record(source: "wearables", event: "permission_request", values: ["permission": .string(permission.name)])
        var answered = false
        let answer: (Result<PermissionStatus, PermissionError>) -> Void = { [weak self] result in
            guard !answered, let self else { return }
            answered = true
            self.pendingPermissionRequests.remove(permission)
            switch result {
            case .success(let status):
                self.trace.record(source: "wearables", event: "permission",
                                  values: ["permission": .string(permission.name), "status": .string(status.name)])
            case .failure(let error):
                self.traceError(error, source: "wearables")
            }
            completion(result)
        }
        let timeout = scheduler.schedule(after: Self.permissionRequestTimeout) { answer(.failure(.requestTimeout)) }
        backend.requestPermission(permission) { result in
            timeout.cancel()
            answer(result)
        }
    }

    // MARK: Update destinations

    /// Hands the user to the Meta AI app's firmware update (DAT `openFirmwareUpdate()`),
    /// the fix for `deviceUpdateRequired`. Answers once the app opened; the update shows
    /// as the devices change (off the link, then `compatible`). Fails with
    /// `metaAINotInstalled` (no app to open) or `notRegistered`.
    public func openFirmwareUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void) {
        navigate(to: "firmware_update", completion) { backend.openFirmwareUpdate(completion: $0) }
    }

    /// Hands the user to the Meta AI app's DAT app update (DAT `openDATGlassesAppUpdate()`),
    /// the fix for `sdkUpdateRequired`; answers and fails as `openFirmwareUpdate`.
    public func openDATGlassesAppUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void) {
        navigate(to: "glasses_app_update", completion) { backend.openDATGlassesAppUpdate(completion: $0) }
    }

    private func navigate(to destination: String, _ completion: @escaping (Result<Void, NavigationError>) -> Void,
                          open: (@escaping (Result<Void, NavigationError>) -> Void) -> Void) {
        if registrationState == .unavailable { return reject(completion, NavigationError.metaAINotInstalled) }
        if registrationState != .registered { return reject(completion, NavigationError.notRegistered) }
        trace.record(source: "wearables", event: "navigation", values: ["destination": .string(destination)])
        var answered = false
        let answer: (Result<Void, NavigationError>) -> Void = { [weak self] result in
            guard !answered, let self else { return }
            answered = true
            if case .failure(let error) = result { self.traceError(error, source: "wearables") }
            completion(result)
        }
        // Opening an app answers at once; one that never does (a server that does not know
        // the command) could not be opened, and DAT's only case for that is `metaAINotInstalled`.
        let timeout = scheduler.schedule(after: Self.navigationTimeout) { answer(.failure(.metaAINotInstalled)) }
        open { result in
            timeout.cancel()
            answer(result)
        }
    }

    // MARK: Sessions

    /// A new idle session on the device `deviceSelector` (an `AutoDeviceSelector` when nil)
    /// resolves now, bound to it as DAT 1.0's `createSession(deviceSelector:)` binds it.
    /// Throws `noEligibleDevice` when the selector resolves no connected device, and
    /// `sessionAlreadyExists` when that device has a live session.
    public func createSession(deviceSelector: DeviceSelector? = nil) throws(DeviceSessionError) -> DeviceSession {
        let selector = deviceSelector ?? AutoDeviceSelector(wearables: self)
        guard let identifier = selector.activeDevice, deviceForIdentifier(identifier)?.isConnected == true else {
            traceError(DeviceSessionError.noEligibleDevice, source: "wearables")
            throw .noEligibleDevice
        }
        if let holder = sessionsByDevice[identifier], holder.state != .stopped {
            traceError(DeviceSessionError.sessionAlreadyExists, source: "wearables")
            throw .sessionAlreadyExists
        }
        return DeviceSession(wearables: self, selector: selector, device: identifier)
    }

    /// The session an implicit stream runs on: it resolves its device when it starts (the
    /// seeds' `StreamSession`, which waits for one), so it is made before there is one.
    func createImplicitSession(deviceSelector: DeviceSelector) -> DeviceSession {
        DeviceSession(wearables: self, selector: deviceSelector, device: nil)
    }

    /// A camera on its own implicit session (the seeds' `StreamSession`): `start()`
    /// starts a session and the camera, `stop()` stops both; it may be started again.
    public func createStream(deviceSelector: DeviceSelector? = nil,
                             configuration: StreamConfiguration = .default) -> CameraStream {
        CameraStream(implicitSessionOf: self, selector: deviceSelector ?? AutoDeviceSelector(wearables: self),
                     configuration: configuration)
    }

    /// The phone's audio changed (its route, a phone call): each stream carrying audio
    /// checks it still has the glasses' HFP input (`CameraStream.phoneAudioChanged`).
    public func phoneAudioChanged() {
        let cameras = sessionsByDevice.sorted { $0.key < $1.key }.compactMap { $0.value.camera }
        for camera in cameras { camera.phoneAudioChanged() }
    }

    /// The session that holds `device` (from its start until it stops), if any.
    public func session(holding device: DeviceIdentifier) -> DeviceSession? { sessionsByDevice[device] }

    func claim(_ device: DeviceIdentifier, for session: DeviceSession) -> Bool {
        if let holder = sessionsByDevice[device], holder !== session, holder.state != .stopped { return false }
        sessionsByDevice[device] = session
        return true
    }

    func release(_ device: DeviceIdentifier, from session: DeviceSession) {
        if sessionsByDevice[device] === session { sessionsByDevice[device] = nil }
    }

    // MARK: Helpers

    /// Calls `completion` as its own scheduler event, never inside the caller's call.
    func finish<T, E>(_ completion: @escaping (Result<T, E>) -> Void, _ result: Result<T, E>) {
        scheduler.schedule(after: 0) { completion(result) }
    }

    /// Traces `error` and fails `completion` with it.
    private func reject<T, E: WearablesError>(_ completion: @escaping (Result<T, E>) -> Void, _ error: E) {
        traceError(error, source: "wearables")
        finish(completion, .failure(error))
    }

    func traceError(_ error: WearablesError, source: String) {
        trace.record(source: source, event: "error",
                     values: ["domain": .string(error.domain), "code": .string(error.code)])
    }
}

extension Wearables: WearablesBackendObserver {
    public func backend(didChangeRegistration state: RegistrationState) {
        guard registrationState != .registering else { return }
        setRegistrationState(state)
    }

    public func backend(didUpdate snapshot: DeviceSnapshot) {
        if let device = linkedDevices.first(where: { $0.identifier == snapshot.identifier }) {
            guard device.update(snapshot) else { return }
            trace.record(source: "device", event: "state", orderedValues: snapshot.traceValues)
        } else {
            linkedDevices.append(Device(snapshot: snapshot, scheduler: scheduler))
            trace.record(source: "device", event: "added", orderedValues: snapshot.traceValues)
            devicesListeners.emit(devices)
        }
        notifyDeviceObservers()
    }

    public func backend(didRemoveDevice identifier: DeviceIdentifier) {
        guard linkedDevices.contains(where: { $0.identifier == identifier }) else { return }
        linkedDevices.removeAll { $0.identifier == identifier }
        trace.record(source: "device", event: "removed", values: ["id": .string(identifier)])
        devicesListeners.emit(devices)
        notifyDeviceObservers()
        sessionsByDevice[identifier]?.handle(.ended(sessionError: nil, streamError: .deviceNotFound(identifier)))
    }

    public func backend(didChangePermission permission: Permission, to status: PermissionStatus) {
        trace.record(source: "wearables", event: "permission",
                     values: ["permission": .string(permission.name), "status": .string(status.name)])
        permissionEvents.emitNow((permission, status))
    }

    public func backend(didChangeLinkBandwidth kbps: Double, for identifier: DeviceIdentifier) {
        bandwidthEvents.emitNow((identifier, kbps))
    }

    public func backend(didInterruptSessionOn identifier: DeviceIdentifier, with interruption: SessionInterruption) {
        sessionsByDevice[identifier]?.handle(interruption)
    }

    public func backend(didReceive input: DeviceInput, on identifier: DeviceIdentifier) {
        guard let device = linkedDevices.first(where: { $0.identifier == identifier }) else { return }
        trace.record(source: "device", event: "input", values: ["id": .string(identifier), "input": .string(input.name)])
        device.receive(input)
    }

    public func backend(didReport report: CapabilityReport, on identifier: DeviceIdentifier) {
        switch report {
        case .voiceInvocation, .voiceError: handleVoice(report, on: identifier)
        case .input, .inputsFailed, .transcription, .speechFailed, .speechComplete, .speechLocale: sessionsByDevice[identifier]?.handle(report)
        }
    }

    private func notifyDeviceObservers() {
        for id in deviceChangeObservers.keys.sorted() { deviceChangeObservers[id]?() }
    }
}
