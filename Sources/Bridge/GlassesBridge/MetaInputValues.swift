#if canImport(MWDATCore)
import MWDATInputs
import WearablesModel

// Inputs' values between DAT and the core, case by case (see MetaStates.swift). DAT 1.0.1's
// interface marks `InputSource`, `NavDirection`, `ButtonType`, `CapturePressType` and `DragAction`
// `@frozen`, so their switches need no catch-all; `InputEvent`, `InputsState` and `InputsError` are not
// frozen (a later SDK may add cases without a new major version), so theirs end in `@unknown default`.

extension WearablesModel.InputEvent {
    /// Nil for an event of a kind a later SDK adds: the wire and the client's model have no such
    /// kind and nothing in it to read (its source and timestamp are in the case), so it is not forwarded.
    init?(_ meta: MWDATInputs.InputEvent) {
        switch meta {
        case .nav(let direction, let source, let time): self.init(.nav(.init(direction)), source: .init(source), timestampMs: time)
        case .select(let source, let time): self.init(.select, source: .init(source), timestampMs: time)
        case .back(let source, let time): self.init(.back, source: .init(source), timestampMs: time)
        case .button(let button, let source, let time): self.init(.button(.init(button)), source: .init(source), timestampMs: time)
        case .capture(let press, let source, let time): self.init(.capture(.init(press)), source: .init(source), timestampMs: time)
        case .drag(let action, let x, let y, let dx, let dy, let source, let time):
            self.init(.drag(.init(action), x: x, y: y, dx: dx, dy: dy), source: .init(source), timestampMs: time)
        @unknown default: return nil
        }
    }
}

extension WearablesModel.InputsState {
    init(_ meta: MWDATInputs.InputsState) {
        switch meta {
        case .inactive: self = .inactive
        case .activating: self = .activating
        case .active: self = .active
        case .deactivating: self = .deactivating
        // A state a later SDK adds is read as not delivering: after a standalone photo the bridge
        // then adds the Inputs again (a moment's gap), rather than trust one that may have gone quiet.
        @unknown default: self = .inactive
        }
    }
}

extension MWDATInputs.InputsConfiguration {
    init(_ core: WearablesModel.InputsConfiguration) {
        self.init(sources: Set(core.sources.map(MWDATInputs.InputSource.init)), consumeBack: core.consumeBack)
    }
}

extension MWDATInputs.InputSource {
    init(_ core: WearablesModel.InputSource) {
        switch core {
        case .captouch: self = .captouch
        case .neuralBand: self = .neuralBand
        case .captureButton: self = .captureButton
        case .actionButton: self = .actionButton
        case .neuralBandDrag: self = .neuralBandDrag
        case .unknown: self = .unknown
        }
    }
}

extension WearablesModel.InputSource {
    init(_ meta: MWDATInputs.InputSource) {
        switch meta {
        case .captouch: self = .captouch
        case .neuralBand: self = .neuralBand
        case .captureButton: self = .captureButton
        case .actionButton: self = .actionButton
        case .neuralBandDrag: self = .neuralBandDrag
        case .unknown: self = .unknown
        }
    }
}

extension WearablesModel.NavDirection {
    init(_ meta: MWDATInputs.NavDirection) {
        switch meta {
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        }
    }
}

extension WearablesModel.ButtonType {
    init(_ meta: MWDATInputs.ButtonType) {
        switch meta {
        case .action: self = .action
        }
    }
}

extension WearablesModel.CapturePressType {
    init(_ meta: MWDATInputs.CapturePressType) {
        switch meta {
        case .shortPress: self = .shortPress
        case .hold: self = .hold
        case .doublePress: self = .doublePress
        }
    }
}

extension WearablesModel.DragAction {
    init(_ meta: MWDATInputs.DragAction) {
        switch meta {
        case .down: self = .down
        case .move: self = .move
        case .up: self = .up
        }
    }
}

extension WearablesModel.InputsError {
    init(_ meta: MWDATInputs.InputsError) {
        switch meta {
        case .permissionDenied: self = .permissionDenied
        case .connectionClosed: self = .connectionClosed
        case .activationTimeout: self = .activationTimeout
        case .activationFailed: self = .activationFailed
        case .capabilityUnavailable: self = .capabilityUnavailable
        case .deviceDisconnected: self = .deviceDisconnected
        case .communicationError: self = .communicationError
        @unknown default: self = .communicationError
        }
    }
}
#endif
