#if canImport(MWDATCore)
import MWDATCore
import WearablesModel

// DAT's state enums into the core's same-named ones, case by case. Never through
// `String(describing:)`: on iOS several of DAT's enums are `@objc`, which print no case
// names, so a mapping by reflection would pass on Linux and fail on the phone.

extension WearablesModel.RegistrationState {
    init(_ meta: MWDATCore.RegistrationState) {
        switch meta {
        case .unavailable: self = .unavailable
        case .available: self = .available
        case .registering: self = .registering
        case .registered: self = .registered
        }
    }
}

extension WearablesModel.PermissionStatus {
    init(_ meta: MWDATCore.PermissionStatus) {
        switch meta {
        case .granted: self = .granted
        case .denied: self = .denied
        @unknown default: self = .denied
        }
    }
}

extension MWDATCore.Permission {
    init(_ core: WearablesModel.Permission) {
        switch core {
        case .camera: self = .camera
        case .microphone: self = .microphone
        }
    }
}

extension WearablesModel.SessionState {
    init(_ meta: MWDATCore.DeviceSessionState) {
        switch meta {
        case .idle: self = .idle
        case .starting: self = .starting
        case .started: self = .started
        case .paused: self = .paused
        case .stopping: self = .stopping
        case .stopped: self = .stopped
        }
    }
}

extension WearablesModel.LinkState {
    init(_ meta: MWDATCore.LinkState) {
        switch meta {
        case .disconnected: self = .disconnected
        case .connecting: self = .connecting
        case .connected: self = .connected
        }
    }
}

extension WearablesModel.ChargingState {
    init(_ meta: MWDATCore.ChargingState) {
        switch meta {
        case .unknown: self = .unknown
        case .charging: self = .charging
        case .notCharging: self = .notCharging
        }
    }
}

extension WearablesModel.DonState {
    init(_ meta: MWDATCore.DonState) {
        switch meta {
        case .unknown: self = .unknown
        case .doffed: self = .doffed
        case .donned: self = .donned
        }
    }
}

extension WearablesModel.HingeState {
    init(_ meta: MWDATCore.HingeState) {
        switch meta {
        case .unknown: self = .unknown
        case .closed: self = .closed
        case .open: self = .open
        }
    }
}

extension WearablesModel.ThermalLevel {
    init(_ meta: MWDATCore.ThermalLevel) {
        switch meta {
        case .unknown: self = .unknown
        case .none: self = .none
        case .light: self = .light
        case .moderate: self = .moderate
        case .severe: self = .severe
        case .critical: self = .critical
        case .emergency: self = .emergency
        case .shutdown: self = .shutdown
        }
    }
}

extension WearablesModel.Compatibility {
    init(_ meta: MWDATCore.Compatibility) {
        switch meta {
        case .undefined: self = .undefined
        case .compatible: self = .compatible
        case .deviceUpdateRequired: self = .deviceUpdateRequired
        case .sdkUpdateRequired: self = .sdkUpdateRequired
        @unknown default: self = .undefined
        }
    }
}

extension WearablesModel.DeviceType {
    init(_ meta: MWDATCore.DeviceType) {
        switch meta {
        case .unknown: self = .unknown
        case .rayBanMeta: self = .rayBanMeta
        case .oakleyMetaHSTN: self = .oakleyMetaHSTN
        case .oakleyMetaVanguard: self = .oakleyMetaVanguard
        case .metaRayBanDisplay: self = .metaRayBanDisplay
        case .rayBanMetaOptics: self = .rayBanMetaOptics
        case .metaGlasses: self = .metaGlasses
        @unknown default: self = .unknown
        }
    }
}
#endif
