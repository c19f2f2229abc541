/// Which device a session runs on.
public protocol DeviceSelector: Sendable {
    var activeDevice: DeviceIdentifier? { get }
}

/// One named device, whether or not it is connected now.
public final class SpecificDeviceSelector: DeviceSelector {
    private let device: DeviceIdentifier

    public var activeDevice: DeviceIdentifier? { device }

    public init(device: DeviceIdentifier) {
        self.device = device
    }
}
