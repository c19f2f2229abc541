import DATInterface
import WearablesAudio
import WearablesCore
import WearablesDisplay

/// The DAT model over DAT itself, in process: a `WearablesBackend` (and the display's
/// `DisplayBackend`) whose every call is a call of the DAT-shaped protocol (`DATWearables`),
/// which Meta's SDK conforms to through the adapter (GlassesBridge) and the simulator through
/// the fake (GlassesBridgeFake). Each backend call is one DAT call (docs/ios-bridge.md's table),
/// and each DAT publisher a report: the model's in process, and, served by WireServer's one
/// server, the phone's bridge's for its wire clients.
///
/// DAT is `Sendable` and calls its listeners on threads of its choosing; the model is
/// single-threaded. Every listener here only posts into the scheduler's inbox (as a served
/// world's messages come into `RemoteBackend`), and every `async` DAT call runs in a task
/// whose result is posted the same way, so the backend's state, its completions and its
/// reports all run on the scheduler's thread, in the order DAT produced them.
///
/// What DAT 1.0 cannot carry, this backend cannot either: no permission change DAT did not announce, no link bandwidth, no device-level input
/// events, and during a stream a photo only at the stream's size, failing only as `captureFailure`.
public final class DATBackend: WearablesBackend {
    public let scheduler: Scheduler
    public let trace: EventTrace
    let wearables: any DATWearables
    /// The phone's audio session (this process), for the HFP check before a stream with audio.
    public weak var audio: AudioSession?

    var observers: [WeakObserver] = []
    public private(set) var registrationState: RegistrationState
    var permissions: [Permission: PermissionStatus]
    /// Devices in the order DAT listed them.
    var snapshots: [DeviceSnapshot]
    var deviceTokens: [DeviceIdentifier: any DATListenerToken] = [:]
    var worldTokens: [any DATListenerToken] = []
    /// The session the backend holds on each device (one per device, as in DAT).
    var sessions: [DeviceIdentifier: HeldSession] = [:]
    /// Numbers sessions and streams, so a report that comes late names what it is about.
    var nextSerial = 1
    /// What each pair's Motion streamed while the model watched it (DATBackend+Capabilities.swift).
    var streamedMotion: [DeviceIdentifier: StreamedMotion] = [:]
    /// The voice invocation stream (`VoiceInvocationsStream(wearables:)`), made on the first listen.
    var voice: VoiceChannel?
    /// Each display's report handler, by device, while its display is started.
    var displayEvents: [DeviceIdentifier: (DisplayBackendEvent) -> Void] = [:]
    /// Whether `close` ran: nothing more is asked of DAT.
    var isClosed = false
    /// DAT's Motion streams its samples to the phone (`Motion.samples`).
    public var streamsMotionSamples: Bool { true }

    struct WeakObserver {
        weak var observer: WearablesBackendObserver?
    }

    /// What DAT says of its world before the model starts: registration, permissions (asked of
    /// `checkPermissionStatus`, which is `async`) and devices. ``prime(_:)`` reads it.
    public struct Primed: Sendable {
        public var registration: RegistrationState
        public var permissions: [Permission: PermissionStatus]
        public var devices: [DeviceSnapshot]
    }

    /// Reads DAT's world as the model must see it at its start (a permission DAT cannot tell is `denied`).
    public static func prime(_ wearables: any DATWearables) async -> Primed {
        var permissions: [Permission: PermissionStatus] = [:]
        for permission in Permission.allCases {
            permissions[permission] = (try? await wearables.checkPermissionStatus(permission)) ?? .denied
        }
        let devices = wearables.devices.compactMap { wearables.deviceForIdentifier($0)?.snapshot }
        return Primed(registration: wearables.registrationState, permissions: permissions, devices: devices)
    }

    /// A backend over `wearables`, starting from `primed` (``prime(_:)``), reporting on
    /// `scheduler`. Make it before the scheduler runs, or on its thread.
    public init(wearables: any DATWearables, primed: Primed, scheduler: Scheduler, trace: EventTrace) {
        self.wearables = wearables
        self.scheduler = scheduler
        self.trace = trace
        registrationState = primed.registration
        permissions = primed.permissions
        snapshots = primed.devices
        for snapshot in primed.devices { followDevice(snapshot.identifier) }
        worldTokens.append(wearables.addRegistrationStateListener(onLoop { backend, state in backend.registrationChanged(state) }))
        worldTokens.append(wearables.addDevicesListener(onLoop { backend, identifiers in backend.devicesChanged(identifiers) }))
    }

    /// Stops listening to DAT and ends every session the backend opened (the run is over).
    public func close() {
        guard !isClosed else { return }
        for device in sessions.keys.sorted() { releaseSession(on: device) }
        cancel(worldTokens + Array(deviceTokens.values))
        worldTokens = []
        deviceTokens = [:]
        voice?.close()
        voice = nil
        isClosed = true
    }

    // MARK: Crossing into the scheduler's thread

    /// A listener DAT may call on any thread: it runs `body` with the backend on the
    /// scheduler's thread, in the order DAT called it (nothing, once the backend is gone).
    func onLoop<Value: Sendable>(_ body: @escaping (DATBackend, Value) -> Void) -> @Sendable (Value) -> Void {
        let backend = SchedulerBoundWeak(self, on: scheduler)
        let body = SchedulerBound(body, on: scheduler)
        let inbox = scheduler.inbox
        return { value in
            inbox.post {
                guard let backend = backend.open() else { return }
                body.open()(backend, value)
            }
        }
    }

    /// Runs a DAT call that is `async` in a task, and `then` with its result on the scheduler's
    /// thread. A call that never returns never calls `then` (the model times it out).
    func call<Value: Sendable>(_ work: @escaping @Sendable () async -> Value, then: @escaping (Value) -> Void) {
        let then = SchedulerBound(then, on: scheduler)
        let inbox = scheduler.inbox
        Task {
            let value = await work()
            inbox.post { then.open()(value) }
        }
    }

    /// Runs `body` on the scheduler's thread after what DAT's listeners posted so far.
    func afterPosted(_ body: @escaping () -> Void) {
        let body = SchedulerBound(body, on: scheduler)
        scheduler.inbox.post { body.open()() }
    }

    /// Calls a completion as its own event, never inside the model's call.
    func finish<T, E>(_ completion: @escaping (Result<T, E>) -> Void, _ result: Result<T, E>) {
        scheduler.schedule(after: 0) { completion(result) }
    }

    /// Runs `action` as its own event, soon.
    func soon(_ action: @escaping () -> Void) {
        scheduler.schedule(after: 0, action)
    }

    func cancel(_ tokens: [any DATListenerToken]) {
        guard !tokens.isEmpty else { return }
        Task { for token in tokens { await token.cancel() } }
    }

    func notify(_ body: (WearablesBackendObserver) -> Void) {
        for entry in observers { if let observer = entry.observer { body(observer) } }
    }

    func record(_ event: String, _ values: KeyValuePairs<String, TraceValue> = [:]) {
        trace.record(source: "dat", event: event, values: values)
    }

    // MARK: WearablesBackend: companion app

    public func attach(_ observer: WearablesBackendObserver) {
        observers.removeAll { $0.observer == nil }
        observers.append(WeakObserver(observer: observer))
    }

    /// DAT's `startRegistration()`: the Meta AI app runs the flow; success is `registered` here
    /// at once, whatever order DAT's listener and its return come in.
    public func startRegistration(completion: @escaping (Result<Void, RegistrationError>) -> Void) {
        let wearables = wearables
        call({ () async -> Result<Void, RegistrationError> in
            do throws(RegistrationError) {
                try await wearables.startRegistration()
                return .success(())
            } catch { return .failure(error) }
        }) { [weak self] result in
            if case .success = result { self?.registrationState = .registered }
            completion(result)
        }
    }

    public func startUnregistration(completion: @escaping (Result<Void, UnregistrationError>) -> Void) {
        let wearables = wearables
        call({ () async -> Result<Void, UnregistrationError> in
            do throws(UnregistrationError) {
                try await wearables.startUnregistration()
                return .success(())
            } catch { return .failure(error) }
        }) { [weak self] result in
            if case .success = result { self?.registrationState = .available }
            completion(result)
        }
    }

    /// What DAT said at the start, or answered the model's own request since: DAT 1.0
    /// announces no permission change by itself (an app re-checks after `handleUrl`).
    public func permissionStatus(_ permission: Permission) -> PermissionStatus { permissions[permission] ?? .denied }

    public func requestPermission(_ permission: Permission,
                                  completion: @escaping (Result<PermissionStatus, PermissionError>) -> Void) {
        let wearables = wearables
        call({ () async -> Result<PermissionStatus, PermissionError> in
            do throws(PermissionError) {
                return .success(try await wearables.requestPermission(permission))
            } catch { return .failure(error) }
        }) { [weak self] result in
            if case .success(let status) = result { self?.permissions[permission] = status }
            completion(result)
        }
    }

    /// Asks DAT again for every permission's status (`checkPermissionStatus`) and reports what
    /// changed: what an app does when it comes back from the Meta AI app (`handleUrl`), since
    /// DAT announces no change by itself.
    public func refreshPermissions() {
        let wearables = wearables
        call({ () async -> [Permission: PermissionStatus] in
            var statuses: [Permission: PermissionStatus] = [:]
            for permission in Permission.allCases {
                if let status = try? await wearables.checkPermissionStatus(permission) { statuses[permission] = status }
            }
            return statuses
        }) { [weak self] statuses in
            guard let self else { return }
            for (permission, status) in statuses.sorted(by: { $0.key.name < $1.key.name }) where self.permissions[permission] != status {
                self.permissions[permission] = status
                self.notify { $0.backend(didChangePermission: permission, to: status) }
            }
        }
    }

    public func openFirmwareUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void) {
        let wearables = wearables
        call({ () async -> Result<Void, NavigationError> in
            do throws(NavigationError) {
                try await wearables.openFirmwareUpdate()
                return .success(())
            } catch { return .failure(error) }
        }, then: completion)
    }

    public func openDATGlassesAppUpdate(completion: @escaping (Result<Void, NavigationError>) -> Void) {
        let wearables = wearables
        call({ () async -> Result<Void, NavigationError> in
            do throws(NavigationError) {
                try await wearables.openDATGlassesAppUpdate()
                return .success(())
            } catch { return .failure(error) }
        }, then: completion)
    }

    // MARK: WearablesBackend: devices

    public var devices: [DeviceSnapshot] { snapshots }

    /// DAT exposes no bandwidth or link quality: the camera's ladder keeps the requested settings.
    public func linkBandwidthKbps(of identifier: DeviceIdentifier) -> Double { .infinity }

    /// The phone's audio session here decides, as it would in the app.
    public func audioStreamingProblem(on identifier: DeviceIdentifier) -> String? {
        guard let audio else { return "the phone has no audio session" }
        return audio.hfpConfigurationProblem
    }

    // MARK: DAT's world, reported

    private func registrationChanged(_ state: RegistrationState) {
        guard state != registrationState else { return }
        registrationState = state
        notify { $0.backend(didChangeRegistration: state) }
    }

    private func devicesChanged(_ identifiers: [DeviceIdentifier]) {
        for gone in snapshots.map(\.identifier) where !identifiers.contains(gone) {
            snapshots.removeAll { $0.identifier == gone }
            if let token = deviceTokens.removeValue(forKey: gone) { cancel([token]) }
            streamedMotion[gone] = nil
            releaseSession(on: gone)
            notify { $0.backend(didRemoveDevice: gone) }
        }
        for identifier in identifiers where !snapshots.contains(where: { $0.identifier == identifier }) {
            guard let device = wearables.deviceForIdentifier(identifier) else { continue }
            let snapshot = device.snapshot
            snapshots.append(snapshot)
            followDevice(identifier)
            notify { $0.backend(didUpdate: snapshot) }
        }
    }

    /// Listens to a device's state (`addDeviceStateListener`), each change read whole.
    private func followDevice(_ identifier: DeviceIdentifier) {
        guard let device = wearables.deviceForIdentifier(identifier) else { return }
        deviceTokens[identifier] = device.addDeviceStateListener(onLoop { backend, state in
            backend.deviceStateChanged(identifier, state)
        })
    }

    private func deviceStateChanged(_ identifier: DeviceIdentifier, _ state: DATDeviceState) {
        guard let index = snapshots.firstIndex(where: { $0.identifier == identifier }) else { return }
        var snapshot = snapshots[index]
        snapshot.linkState = state.linkState
        snapshot.batteryLevel = state.batteryLevel
        snapshot.chargingState = state.chargingState
        snapshot.donState = state.donState
        snapshot.hingeState = state.hingeState
        snapshot.thermalLevel = state.thermalLevel
        snapshot.compatibility = state.compatibility
        guard snapshot != snapshots[index] else { return }
        snapshots[index] = snapshot
        notify { $0.backend(didUpdate: snapshot) }
    }
}
