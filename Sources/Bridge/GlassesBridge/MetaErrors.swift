#if canImport(MWDATCore)
import MWDATCore
import WearablesModel

// DAT's errors into the core's, which cross the wire as DAT's domain and case name. Case
// by case (see MetaStates.swift); a case a later SDK adds lands on the domain's catch-all.

extension WearablesModel.RegistrationError {
    init(_ meta: MWDATCore.RegistrationError) {
        switch meta {
        case .alreadyRegistered: self = .alreadyRegistered
        case .configurationInvalid: self = .configurationInvalid
        case .metaAINotInstalled: self = .metaAINotInstalled
        case .networkUnavailable: self = .networkUnavailable
        case .unknown: self = .unknown
        @unknown default: self = .unknown
        }
    }
}

extension WearablesModel.UnregistrationError {
    init(_ meta: MWDATCore.UnregistrationError) {
        switch meta {
        case .alreadyUnregistered: self = .alreadyUnregistered
        case .configurationInvalid: self = .configurationInvalid
        case .metaAINotInstalled: self = .metaAINotInstalled
        case .unknown: self = .unknown
        @unknown default: self = .unknown
        }
    }
}

extension WearablesModel.NavigationError {
    /// DAT has no catch-all here; an unknown case reads as the app being unreachable.
    init(_ meta: MWDATCore.NavigationError) {
        switch meta {
        case .metaAINotInstalled: self = .metaAINotInstalled
        case .notRegistered: self = .notRegistered
        @unknown default: self = .metaAINotInstalled
        }
    }
}

extension WearablesModel.PermissionError {
    init(_ meta: MWDATCore.PermissionError) {
        switch meta {
        case .noDevice: self = .noDevice
        case .noDeviceWithConnection: self = .noDeviceWithConnection
        case .connectionError: self = .connectionError
        case .metaAINotInstalled: self = .metaAINotInstalled
        case .requestInProgress: self = .requestInProgress
        case .requestTimeout: self = .requestTimeout
        case .internalError: self = .internalError
        @unknown default: self = .internalError
        }
    }
}

extension WearablesModel.DeviceSessionError {
    /// `unexpectedError`'s description stays on the phone: the core's case carries none.
    init(_ meta: MWDATCore.DeviceSessionError) {
        switch meta {
        case .noEligibleDevice: self = .noEligibleDevice
        case .sessionAlreadyStopped: self = .sessionAlreadyStopped
        case .sessionAlreadyExists: self = .sessionAlreadyExists
        case .sessionIdle: self = .sessionIdle
        case .capabilityAlreadyActive: self = .capabilityAlreadyActive
        case .capabilityNotFound: self = .capabilityNotFound
        case .unexpectedError: self = .unexpectedError
        case .thermalCritical: self = .thermalCritical
        case .thermalEmergency: self = .thermalEmergency
        case .peakPowerShutdown: self = .peakPowerShutdown
        case .batteryCritical: self = .batteryCritical
        case .datAppOnTheGlassesUpdateRequired: self = .datAppOnTheGlassesUpdateRequired
        case .dwaUnavailable: self = .dwaUnavailable
        case .insufficientSDKVersion: self = .insufficientSDKVersion
        case .dwaOutOfStuRange: self = .dwaOutOfStuRange
        @unknown default: self = .unexpectedError
        }
    }
}

extension WearablesModel.VoiceInvocationError {
    init(_ meta: MWDATCore.VoiceInvocationError) {
        switch meta {
        case .deviceNotFound: self = .deviceNotFound
        case .invalidWearablesInterface: self = .invalidWearablesInterface
        case .channelNotConnected: self = .channelNotConnected
        case .channelError: self = .channelError
        case .failToSendInitRequest: self = .failToSendInitRequest
        case .failToSendMessage: self = .failToSendMessage
        case .initRequestError: self = .initRequestError
        case .invalidActionMessageProto: self = .invalidActionMessageProto
        case .unknownMessageType: self = .unknownMessageType
        case .actionFailed: self = .actionFailed
        case .invalidSessionState: self = .invalidSessionState
        @unknown default: self = .channelError
        }
    }
}
#endif
