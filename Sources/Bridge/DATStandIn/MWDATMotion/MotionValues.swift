import MWDATCore

@frozen public enum MotionSamplingRate: Sendable, Equatable {
    case hz5
    case hz10
    case hz15
    case hz24
    case hz30
    case hz60
}

/// How fast the glasses sample; there is no choice of sensors or source.
public struct MotionConfiguration: Sendable, Equatable {
    public let samplingRate: MotionSamplingRate

    public init(samplingRate: MotionSamplingRate = .hz10) {
        self.samplingRate = samplingRate
    }
}

public enum MotionState: Sendable, Equatable, CustomStringConvertible {
    case stopped
    case starting
    case started
    case stopping

    public var description: String {
        switch self {
        case .stopped: "stopped"
        case .starting: "starting"
        case .started: "started"
        case .stopping: "stopping"
        }
    }
}

public enum MotionError: DatError, Equatable {
    case sensorUnavailable
    case capabilityClosed
    case deviceDisconnected

    public var description: String {
        switch self {
        case .sensorUnavailable: "the glasses have no motion sensors"
        case .capabilityClosed: "the Motion capability was closed"
        case .deviceDisconnected: "the glasses disconnected"
        }
    }
}

/// m/s² (accelerometer), rad/s (gyroscope) or µT (magnetometer).
public struct Vector3: Sendable, Equatable {
    public let x: Float
    public let y: Float
    public let z: Float

    public init(x: Float, y: Float, z: Float) {
        self.x = x
        self.y = y
        self.z = z
    }
}

public struct Quaternion: Sendable, Equatable {
    public let x: Float
    public let y: Float
    public let z: Float
    public let w: Float

    public init(x: Float, y: Float, z: Float, w: Float) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }
}

@frozen public enum MotionSource: Sendable, Equatable {
    case glasses
    case neuralBand
    case unknown
}

/// One reading, stamped with the device's monotonic clock in ns; every sensor optional.
public struct MotionSample: Sendable, Equatable {
    public let timestampNs: Int64
    public let accelerometer: Vector3?
    public let gyroscope: Vector3?
    public let magnetometer: Vector3?
    public let orientation: Quaternion?
    public let source: MotionSource

    public init(timestampNs: Int64, accelerometer: Vector3? = nil, gyroscope: Vector3? = nil, magnetometer: Vector3? = nil,
                orientation: Quaternion? = nil, source: MotionSource = .unknown) {
        self.timestampNs = timestampNs
        self.accelerometer = accelerometer
        self.gyroscope = gyroscope
        self.magnetometer = magnetometer
        self.orientation = orientation
        self.source = source
    }
}
