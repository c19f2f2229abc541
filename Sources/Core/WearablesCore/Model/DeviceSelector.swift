/// Decides which device a session targets (DAT `DeviceSelector`).
public protocol DeviceSelector: AnyObject {
    var activeDevice: DeviceIdentifier? { get }
    /// Fires at once with the active device, then whenever it changes.
    func addActiveDeviceListener(_ listener: @escaping (DeviceIdentifier?) -> Void) -> ListenerToken
}

/// Picks the first connected device (among those passing `filter`), else the first
/// such device; follows the device list as it changes.
public final class AutoDeviceSelector: DeviceSelector {
    public typealias Filter = (Device) -> Bool
    private let filter: Filter?
    private let listeners: Broadcaster<DeviceIdentifier?>
    private var deviceToken: ListenerToken?
    private var stateTokens: [ListenerToken] = []
    private weak var wearables: Wearables?
    public private(set) var activeDevice: DeviceIdentifier?

    public init(wearables: Wearables, filter: Filter? = nil) {
        self.filter = filter
        self.wearables = wearables
        listeners = Broadcaster(scheduler: wearables.scheduler)
        activeDevice = choose()
        deviceToken = wearables.observeDeviceChanges { [weak self] in self?.refresh() }
    }

    deinit { deviceToken?.cancel() }

    public func addActiveDeviceListener(_ listener: @escaping (DeviceIdentifier?) -> Void) -> ListenerToken {
        listeners.add(current: .some(activeDevice), listener)
    }

    public func activeDeviceStream() -> AsyncStream<DeviceIdentifier?> { listeners.stream(current: .some(activeDevice)) }

    private func refresh() {
        let chosen = choose()
        guard chosen != activeDevice else { return }
        activeDevice = chosen
        listeners.emit(chosen)
    }

    private func choose() -> DeviceIdentifier? {
        let candidates = (wearables?.deviceList ?? []).filter { filter?($0) ?? true }
        return (candidates.first(where: \.isConnected) ?? candidates.first)?.identifier
    }
}

/// Always targets one device, whether or not it is present.
public final class SpecificDeviceSelector: DeviceSelector {
    public let device: DeviceIdentifier
    private let listeners: Broadcaster<DeviceIdentifier?>

    public init(device: DeviceIdentifier, scheduler: Scheduler) {
        self.device = device
        listeners = Broadcaster(scheduler: scheduler)
    }

    public var activeDevice: DeviceIdentifier? { device }

    public func addActiveDeviceListener(_ listener: @escaping (DeviceIdentifier?) -> Void) -> ListenerToken {
        listeners.add(current: .some(device), listener)
    }
}
