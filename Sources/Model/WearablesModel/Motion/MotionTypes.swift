#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// DAT 1.0 `MWDATMotion` types (experimental): rates, states, errors, samples.

/// DAT `MotionSamplingRate`.
public enum MotionSamplingRate: String, NamedCase {
    case hz5, hz10, hz15, hz24, hz30, hz60
    public var hertz: Int {
        switch self {
        case .hz5: 5
        case .hz10: 10
        case .hz15: 15
        case .hz24: 24
        case .hz30: 30
        case .hz60: 60
        }
    }
    public init?(hertz: Int) {
        guard let rate = Self.allCases.first(where: { $0.hertz == hertz }) else { return nil }
        self = rate
    }
}

/// DAT `MotionState`.
public enum MotionState: String, NamedCase { case stopped, starting, started, stopping }

/// DAT `MotionError`.
public enum MotionError: String, NamedWearablesError {
    case sensorUnavailable, capabilityClosed, deviceDisconnected
    public var message: String {
        switch self {
        case .sensorUnavailable: "the device has no motion sensors"
        case .capabilityClosed: "the Motion capability was removed (or its session ended); add a new one to a started session"
        case .deviceDisconnected: "the glasses disconnected (or never answered the start); start Motion again once they are back"
        }
    }
}

/// DAT `MotionSource`.
public enum MotionSource: String, NamedCase { case glasses, neuralBand, unknown }

/// DAT `Vector3` (m/s² for the accelerometer, rad/s for the gyroscope, µT for the magnetometer).
public struct Vector3: Sendable, Equatable {
    public var x, y, z: Double
    public init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }
}

/// DAT `Quaternion` (x, y, z, w).
public struct Quaternion: Sendable, Equatable {
    public var x, y, z, w: Double
    public init(x: Double, y: Double, z: Double, w: Double) { (self.x, self.y, self.z, self.w) = (x, y, z, w) }
}

/// DAT `MotionSample`: every sensor optional; the timestamp on the device's monotonic clock, ns.
public struct MotionSample: Sendable, Equatable {
    public var timestampNs: Int64
    public var accelerometer, gyroscope, magnetometer: Vector3?
    public var orientation: Quaternion?
    public var source: MotionSource

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

/// DAT `MotionConfiguration`: the sampling rate only (no source selection).
public struct MotionConfiguration: Sendable, Equatable {
    public var samplingRate: MotionSamplingRate
    public init(samplingRate: MotionSamplingRate = .hz10) { self.samplingRate = samplingRate }
}

/// Still head poses for the mock *(ours, after BirdSpotter's panel)*, and a nod.
public enum MotionPose: String, NamedCase {
    case level, lookingUp, lookingDown, tiltedLeft, tiltedRight
    /// *(ours)* A nod: the head pitches down and back up twice a second.
    case nodding
}

/// What the glasses' IMU reports (MockMotionKit `setMotionFeed`): a pose, or recorded
/// samples replayed by their own timestamps, sample-and-hold onto the rate, looping.
public enum MotionFeed: Sendable, Equatable {
    case pose(MotionPose)
    case samples([MotionSample])

    /// Standard gravity *(ours; DAT's `mockMotionGravityMetersPerSecondSquared` value is not shown)*.
    public static let gravity = 9.80665

    /// The sample this feed gives `elapsed` seconds after it was set (timestamp left to the caller).
    public func sample(after elapsed: Double) -> MotionSample {
        switch self {
        case .pose(let pose):
            // +X up (gravity), +Z forward, Y lateral (BirdSpotter's field frame; ours).
            var pitch = 0.0, roll = 0.0, pitchRate = 0.0
            switch pose {
            case .level: break
            case .lookingUp: pitch = 0.5
            case .lookingDown: pitch = -0.5
            case .tiltedLeft: roll = 0.4
            case .tiltedRight: roll = -0.4
            case .nodding:
                let phase = 2 * Double.pi * 2 * elapsed
                pitch = -0.3 * (1 - cos(phase)) / 2
                pitchRate = -0.3 * Double.pi * 2 * sin(phase) / 2
            }
            let g = Self.gravity
            let accel = Vector3(g * cos(pitch) * cos(roll), g * sin(roll), g * sin(pitch))
            let orientation = Quaternion(x: sin(roll / 2), y: sin(pitch / 2), z: 0, w: cos(pitch / 2) * cos(roll / 2))
            return MotionSample(timestampNs: 0, accelerometer: accel, gyroscope: Vector3(0, pitchRate, 0), orientation: orientation, source: .glasses)
        case .samples(let samples):
            guard let first = samples.first else { return Self.pose(.level).sample(after: elapsed) }
            // Timestamps come from files and scripts: nothing here may overflow or trap, whatever they
            // are (MotionCSV refuses a span past Int64, but a feed can be made without it).
            let last = samples[samples.count - 1].timestampNs
            let (difference, overflow) = last.subtractingReportingOverflow(first.timestampNs)
            let span = samples.count > 1 ? (overflow ? Double(last) - Double(first.timestampNs) : Double(difference)) / 1e9 : 0
            // Looping: the recording's span plus one mean period, so the last sample holds like the others.
            let period = samples.count > 1 ? span / Double(samples.count - 1) : 1
            let offset = elapsed.truncatingRemainder(dividingBy: span + period)
            guard offset.isFinite, offset >= 0 else { return first }
            let offsetNs = Int64(saturating: (offset * 1e9).rounded(.down))
            let (sum, past) = first.timestampNs.addingReportingOverflow(offsetNs)
            let target = past ? Int64.max : sum
            var low = 0, high = samples.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if samples[mid].timestampNs <= target { low = mid } else { high = mid - 1 }
            }
            return samples[low]
        }
    }
}

/// Reads where a motion feed comes from; the backend hands one per device (nil: no IMU).
public protocol MotionFeedSource: AnyObject {
    /// The sample at run time `time` (its timestamp is set by the model).
    func sample(at time: Double) -> MotionSample
}
