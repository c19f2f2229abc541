import WearablesCore
import WearablesMock

/// Failures from field reports that MockDeviceKit has no call for (`FieldFault`).
extension SimulatedGlasses {
    func inject(_ fault: FieldFault) {
        kit.record("field_fault", [("glasses", .string(identifier)), ("kind", .string(fault.rawValue))])
        switch fault {
        case .sessionEnded:
            // ios#301: worn, connected glasses end the session with "Session ended by device",
            // which DAT iOS reports as `unexpectedError`; the stream stops with the session.
            endSession(.unexpectedError, nil)
        case .startInternalError:
            camera.failNextStart()
        case .orphanedCamera:
            camera.orphan()
            publishMockState()
        case .displaySleep:
            display.sleepNow()
        case .backGesture:
            sendInput(.back, source: .captouch, backEndsDisplay: true)
        case .warmReopen:
            warmFault = true
        }
    }
}
