import WearablesCore

/// The simulated companion app's permission grants, per device: a permission is
/// granted when any connected device has approved it (DAT semantics: with every pair
/// disconnected the camera permission is not available, and it is granted again on
/// reconnect).
public final class MockPermissions {
    /// How the companion app answers the next requests for a permission.
    public enum RequestResult: String, CaseIterable, Sendable {
        case granted, denied
        /// "Allow once": granted to the connected glasses until a session on them ends.
        case allowOnce
        /// The app never answers; the model reports `requestTimeout`.
        case timeout
        /// The app answers with this `PermissionError`.
        case connectionError, internalError
    }

    private var grants: [Permission: Set<DeviceIdentifier>] = [:]
    /// The grants "Allow once" made, which the next session's end takes back.
    private var onceGrants: [Permission: Set<DeviceIdentifier>] = [:]
    private var defaults: [Permission: PermissionStatus]
    private var requestResults: [Permission: RequestResult] = [:]
    private unowned let kit: MockDeviceKit

    init(initial: [Permission: PermissionStatus], kit: MockDeviceKit) {
        defaults = initial
        self.kit = kit
    }

    /// Sets `permission` for every paired device and for devices paired later.
    public func set(_ permission: Permission, _ status: PermissionStatus) {
        defaults[permission] = status
        onceGrants[permission] = nil
        let ids = Set(kit.glasses.map(\.identifier))
        grants[permission] = status == .granted ? ids : []
        kit.record("permission_set", [("permission", .string(permission.name)), ("status", .string(status.name))])
        report(permission)
    }

    /// How the companion app answers requests for `permission` (default: granted).
    public func setRequestResult(_ permission: Permission, _ result: RequestResult) {
        requestResults[permission] = result
        kit.record("permission_request_result", [("permission", .string(permission.name)), ("result", .string(result.rawValue))])
    }

    public func status(_ permission: Permission) -> PermissionStatus {
        let connected = Set(kit.glasses.filter { $0.link == .connected }.map(\.identifier))
        return grants[permission, default: []].isDisjoint(with: connected) ? .denied : .granted
    }

    /// What observers were last told, so a link change reports only the permissions it changed.
    private var reported: [Permission: PermissionStatus] = [:]

    /// A pair connected or disconnected: the permissions that became (un)available are reported.
    func linkChanged() {
        for permission in Permission.allCases where reported[permission, default: .denied] != status(permission) {
            report(permission)
        }
    }

    private func report(_ permission: Permission) {
        let now = status(permission)
        reported[permission] = now
        kit.notifyObservers { $0.backend(didChangePermission: permission, to: now) }
    }

    func requestResult(_ permission: Permission) -> RequestResult { requestResults[permission] ?? .granted }

    func grant(_ permission: Permission, to devices: [DeviceIdentifier]) {
        grants[permission, default: []].formUnion(devices)
    }

    func grantOnce(_ permission: Permission, to devices: [DeviceIdentifier]) {
        let lasting = grants[permission, default: []]
        onceGrants[permission, default: []].formUnion(devices.filter { !lasting.contains($0) })
        grants[permission, default: []].formUnion(devices)
    }

    /// A session on `identifier` ended: what "Allow once" granted it lapses.
    func sessionEnded(on identifier: DeviceIdentifier) {
        for permission in Permission.allCases where onceGrants[permission]?.contains(identifier) == true {
            onceGrants[permission]?.remove(identifier)
            grants[permission]?.remove(identifier)
            kit.record("permission_lapsed", [("permission", .string(permission.name)), ("glasses", .string(identifier))])
            report(permission)
        }
    }

    func devicePaired(_ identifier: DeviceIdentifier) {
        for (permission, status) in defaults where status == .granted { grants[permission, default: []].insert(identifier) }
    }

    func devicesUnpaired(_ identifier: DeviceIdentifier) {
        for key in grants.keys { grants[key]?.remove(identifier) }
        for key in onceGrants.keys { onceGrants[key]?.remove(identifier) }
    }
}
