import Hummingbird
import WearablesCore
import WearablesMock
import WearablesSimulator
import WireServing

/// `GET /v1/devices/{device}/motion`: what the glasses' IMU reported over the last
/// seconds, sample by sample at a DAT rate (what a started Motion at that rate receives).
/// Samples cross the WebSocket only to a client that watches (`watch_motion`), so this
/// read is how a page or a test sees a recorded feed, or a pose, as numbers without one:
/// the dashboard draws its sparkline from it.
struct MotionRoutes: Sendable {
    let served: ServedWorld

    /// At most this many seconds back: 600 samples at 60 Hz.
    static let maxSeconds = 10.0

    func add(to router: some RouterMethods<BasicRequestContext>) {
        let served = served
        router.get("/v1/devices/:device/motion") { request, context in
            let device = context.parameters.get("device") ?? ""
            let (seconds, rate) = try Self.query(request.uri.queryParameters)
            let window: Result<MotionWindow, ControlError>
            do {
                window = try await served.perform { world in Self.window(device, seconds: seconds, rate: rate, in: world) }
            } catch {
                throw ControlError(.serviceUnavailable, "stopped", "the server is shutting down")
            }
            return JSONBody.response(["motion": try window.get()])
        }
    }

    /// `seconds` (0 < s <= 10, default 2) and `rate` (a `MotionSamplingRate` name or its hertz, default hz30).
    static func query(_ parameters: Hummingbird.Parameters) throws(ControlError) -> (Double, MotionSamplingRate) {
        let query = try QueryReader(parameters, takes: ["seconds", "rate"])
        let seconds = try query.seconds(default: 2, atMost: maxSeconds)
        guard let text = query["rate"] else { return (seconds, .hz30) }
        guard let rate = MotionSamplingRate(name: text) ?? Int(text).flatMap(MotionSamplingRate.init(hertz:)) else {
            let names = MotionSamplingRate.allCases.map(\.name)
            let hertz = MotionSamplingRate.allCases.map { String($0.hertz) }
            throw ControlError.badRequest("'rate' must be one of \(names.joined(separator: ", ")) (or \(hertz.joined(separator: ", "))), got '\(text)'")
        }
        return (seconds, rate)
    }

    /// The samples of `device`'s IMU from `seconds` ago (not before the run began) up to now, oldest first.
    static func window(_ device: String, seconds: Double, rate: MotionSamplingRate, in world: SimulatedWorld)
        -> Result<MotionWindow, ControlError> {
        guard let state = world.state(of: device) else {
            return .failure(ControlRoutes.controlError(MockActionError(.unknownDevice, "no glasses '\(device)' (GET /v1/devices lists them)")))
        }
        guard let feed = world.kit.motionFeed(on: device) else {
            return .failure(ControlError(.notFound, "no_motion", "'\(device)' is a \(state.model.name), which has no motion sensors"))
        }
        let now = world.scheduler.now
        let period = 1 / Double(rate.hertz)
        let count = Int((min(seconds, now) / period).rounded(.down)) + 1
        let samples = (0..<count).map { index in
            let time = now - Double(count - 1 - index) * period
            return MotionWindow.Sample(time: time, feed.sample(at: time))
        }
        return .success(MotionWindow(device: device, pose: state.motionPose, rate: rate.name, samples: samples))
    }
}

/// The IMU's recent samples as `GET /v1/devices/{device}/motion` answers them (keys in snake_case).
struct MotionWindow: Encodable, Sendable {
    /// One sample: its run time in seconds and DAT's sensors (absent when the feed has none).
    struct Sample: Encodable, Sendable {
        struct Vector: Encodable, Sendable { let x, y, z: Double }
        struct Rotation: Encodable, Sendable { let x, y, z, w: Double }
        let time: Double
        let source: String
        let accelerometer, gyroscope, magnetometer: Vector?
        let orientation: Rotation?

        init(time: Double, _ sample: MotionSample) {
            self.time = time
            source = sample.source.name
            let vector = { (value: Vector3?) in value.map { Vector(x: $0.x, y: $0.y, z: $0.z) } }
            accelerometer = vector(sample.accelerometer)
            gyroscope = vector(sample.gyroscope)
            magnetometer = vector(sample.magnetometer)
            orientation = sample.orientation.map { Rotation(x: $0.x, y: $0.y, z: $0.z, w: $0.w) }
        }
    }

    let device: String
    /// The pose the feed is, or nil for recorded samples.
    let pose: String?
    let rate: String
    let samples: [Sample]
}
