import WearablesModel

/// One IMU sample as `motion_samples` carries it: DAT `MotionSample`'s fields in snake_case,
/// a sensor absent when the glasses did not report it.
public struct WireMotionSample: Codable, Sendable, Equatable {
    public struct Vector: Codable, Sendable, Equatable { public var x, y, z: Double }
    public struct Rotation: Codable, Sendable, Equatable { public var x, y, z, w: Double }

    public var timestampNs: Int64
    public var source: String
    public var accelerometer, gyroscope, magnetometer: Vector?
    public var orientation: Rotation?

    enum CodingKeys: String, CodingKey {
        case source, accelerometer, gyroscope, magnetometer, orientation
        case timestampNs = "timestamp_ns"
    }

    public init(_ sample: MotionSample) {
        timestampNs = sample.timestampNs
        source = sample.source.name
        let vector = { (value: Vector3?) in value.map { Vector(x: $0.x, y: $0.y, z: $0.z) } }
        accelerometer = vector(sample.accelerometer)
        gyroscope = vector(sample.gyroscope)
        magnetometer = vector(sample.magnetometer)
        orientation = sample.orientation.map { Rotation(x: $0.x, y: $0.y, z: $0.z, w: $0.w) }
    }

    public func sample() throws(WireDecodingError) -> MotionSample {
        guard let source = MotionSource(name: source) else {
            throw WireDecodingError("field 'samples.source': '\(self.source)' is not one of \(MotionSource.allNames.joined(separator: ", "))")
        }
        let vector = { (value: Vector?) in value.map { Vector3($0.x, $0.y, $0.z) } }
        return MotionSample(timestampNs: timestampNs, accelerometer: vector(accelerometer), gyroscope: vector(gyroscope),
                            magnetometer: vector(magnetometer),
                            orientation: orientation.map { Quaternion(x: $0.x, y: $0.y, z: $0.z, w: $0.w) }, source: source)
    }
}

extension WireProtocol {
    /// The most `motion_samples` events a watcher gets a second: a faster rate's samples come
    /// several to an event, so 60 Hz costs what a dashboard's preview does.
    public static let motionEventRate = 15

    /// How many samples a `motion_samples` event carries at `rate`.
    public static func samplesPerMotionEvent(at rate: MotionSamplingRate) -> Int {
        (rate.hertz + motionEventRate - 1) / motionEventRate
    }
}
