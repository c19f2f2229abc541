#if canImport(MWDATCore)
import MWDATCamera
import WearablesModel

// Standalone photos' values between DAT and the core, case by case (see MetaStates.swift).

extension MWDATCamera.PhotoResolution {
    init(_ core: WearablesModel.PhotoResolution) {
        switch core {
        case .small: self = .small
        case .medium: self = .medium
        case .large: self = .large
        case .full: self = .full
        }
    }
}

extension MWDATCamera.PhotoQuality {
    init(_ core: WearablesModel.PhotoQuality) {
        switch core {
        case .low: self = .low
        case .medium: self = .medium
        case .high: self = .high
        }
    }
}

extension WearablesModel.PhotoState {
    init(_ meta: MWDATCamera.PhotoState) {
        switch meta {
        case .stopped: self = .stopped
        case .starting: self = .starting
        case .started: self = .started
        case .stopping: self = .stopping
        @unknown default: self = .stopped
        }
    }
}

extension WearablesModel.PhotoError {
    /// The underlying error of `captureFailure` and `sessionSetupFailed` stays on the phone: the
    /// core's cases carry none.
    init(_ meta: MWDATCamera.PhotoError) {
        switch meta {
        case .notReady: self = .notReady
        case .captureFailure: self = .captureFailure
        case .sessionSetupFailed: self = .sessionSetupFailed
        case .busy: self = .busy
        case .serviceUnavailable: self = .serviceUnavailable
        case .permissionDenied: self = .permissionDenied
        case .deviceHealthCritical: self = .deviceHealthCritical
        case .deviceDisconnected: self = .deviceDisconnected
        @unknown default: self = .captureFailure
        }
    }
}
#endif
