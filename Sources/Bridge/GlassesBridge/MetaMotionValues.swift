#if canImport(MWDATCore)
import MWDATMotion
import WearablesModel

/// MWDATMotion's values and the core's, case by case (never by their printed names).
extension MWDATMotion.MotionSamplingRate {
    init(_ rate: WearablesModel.MotionSamplingRate) {
        switch rate {
        case .hz5: self = .hz5
        case .hz10: self = .hz10
        case .hz15: self = .hz15
        case .hz24: self = .hz24
        case .hz30: self = .hz30
        case .hz60: self = .hz60
        }
    }
}

extension WearablesModel.MotionSamplingRate {
    init(_ meta: MWDATMotion.MotionSamplingRate) {
        switch meta {
        case .hz5: self = .hz5
        case .hz10: self = .hz10
        case .hz15: self = .hz15
        case .hz24: self = .hz24
        case .hz30: self = .hz30
        case .hz60: self = .hz60
        }
    }
}

extension WearablesModel.MotionState {
    init(_ meta: MWDATMotion.MotionState) {
        switch meta {
        case .stopped: self = .stopped
        case .starting: self = .starting
        case .started: self = .started
        case .stopping: self = .stopping
        @unknown default: self = .stopped
        }
    }
}

extension WearablesModel.MotionError {
    /// MotionError has no catch-all: a case a later SDK adds reads as the capability closed.
    init(_ meta: MWDATMotion.MotionError) {
        switch meta {
        case .sensorUnavailable: self = .sensorUnavailable
        case .capabilityClosed: self = .capabilityClosed
        case .deviceDisconnected: self = .deviceDisconnected
        @unknown default: self = .capabilityClosed
        }
    }
}

extension WearablesModel.MotionSample {
    init(_ meta: MWDATMotion.MotionSample) {
        let vector = { (value: MWDATMotion.Vector3?) in value.map { WearablesModel.Vector3(Double($0.x), Double($0.y), Double($0.z)) } }
        let source: WearablesModel.MotionSource = switch meta.source {
        case .glasses: .glasses
        case .neuralBand: .neuralBand
        case .unknown: .unknown
        }
        self.init(timestampNs: meta.timestampNs, accelerometer: vector(meta.accelerometer), gyroscope: vector(meta.gyroscope),
                  magnetometer: vector(meta.magnetometer),
                  orientation: meta.orientation.map { .init(x: Double($0.x), y: Double($0.y), z: Double($0.z), w: Double($0.w)) },
                  source: source)
    }
}
#endif
