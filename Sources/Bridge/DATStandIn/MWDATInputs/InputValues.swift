import MWDATCore

/// One press, swipe or drag from the glasses or the Neural Band, stamped with the device's clock in ms.
public enum InputEvent: Sendable, Equatable {
    case nav(direction: NavDirection, source: InputSource, timestampMs: Int64)
    case select(source: InputSource, timestampMs: Int64)
    case back(source: InputSource, timestampMs: Int64)
    case button(_: ButtonType, source: InputSource, timestampMs: Int64)
    case capture(_: CapturePressType, source: InputSource, timestampMs: Int64)
    case drag(action: DragAction, x: Float, y: Float, dx: Float, dy: Float, source: InputSource, timestampMs: Int64)
}

/// Which surfaces an Inputs capability routes to the app, and whether it keeps Back from the system.
public struct InputsConfiguration: Sendable, Equatable {
    package let sources: Set<InputSource>
    package let consumeBack: Bool

    public init(sources: Set<InputSource> = [
      .captouch,
      .neuralBand,
      .captureButton,
      .actionButton,
      .neuralBandDrag,
    ], consumeBack: Bool = true) {
        self.sources = sources
        self.consumeBack = consumeBack
    }
}

public enum InputsError: DatError, Equatable {
    case permissionDenied
    case connectionClosed
    case activationTimeout
    case activationFailed
    case capabilityUnavailable
    case deviceDisconnected
    case communicationError

    public var description: String {
        switch self {
        case .permissionDenied: "the app is not approved for Inputs"
        case .connectionClosed: "the Inputs connection closed"
        case .activationTimeout: "Inputs did not activate in time"
        case .activationFailed: "Inputs could not activate"
        case .capabilityUnavailable: "the glasses have no Inputs"
        case .deviceDisconnected: "the glasses disconnected"
        case .communicationError: "the glasses' Inputs channel failed"
        }
    }
}

/// Not frozen in DAT 1.0.1's interface, unlike the value enums below.
public enum InputsState: Sendable, Equatable, CustomStringConvertible {
    case inactive
    case activating
    case active
    case deactivating

    public var description: String {
        switch self {
        case .inactive: "inactive"
        case .activating: "activating"
        case .active: "active"
        case .deactivating: "deactivating"
        }
    }
}

@frozen public enum InputSource: Sendable, Equatable {
    case captouch
    case neuralBand
    case captureButton
    case actionButton
    case neuralBandDrag
    case unknown
}

@frozen public enum NavDirection: Sendable, Equatable {
    case up
    case down
    case left
    case right
}

@frozen public enum ButtonType: Sendable, Equatable {
    case action
}

@frozen public enum CapturePressType: Sendable, Equatable {
    case shortPress
    case hold
    case doublePress
}

@frozen public enum DragAction: Sendable, Equatable {
    case down
    case move
    case up
}
