import WearablesCore

/// MockInputKit (DAT 1.0 `services.input`): each call is one event over the real channel.
extension SimulatedGlasses {
    /// *(ours)* An injected input reaches the app this long after the call.
    public static let inputLatency: Double = 0.02

    /// The glasses' clock in ms, which stamps input events *(ours: the run time)*.
    var deviceClockMs: Int64 { Int64(saturating: scheduler.now * 1000) }

    /// Sends one input event from `source` (DAT fixes the source of capture, button and
    /// drag events; `source` is used for nav, select and back). The app keeps it only
    /// when an active Inputs capability asked for that source; over a link that is
    /// down nothing is sent.
    /// `backEndsDisplay`: the Back ends a session holding a started display unless the app consumes it
    /// (the field report BirdSpotter gives; by default only when `FieldReport.backEndsDisplay` is on).
    public func sendInput(_ action: InputEvent.Action, source: InputSource, backEndsDisplay: Bool? = nil) {
        let from = action.fixedSource ?? source
        kit.record("input", [("glasses", .string(identifier)), ("kind", .string(action.kind.name)), ("source", .string(from.name))])
        guard link == .connected else { return }
        // The wearer touched the glasses: a dimmed or sleeping lens wakes (`displaySleep`).
        display.noteInteraction()
        let endsDisplay = action == .back && (backEndsDisplay ?? kit.fieldReports.contains(.backEndsDisplay))
        scheduler.schedule(after: Self.inputLatency) { [weak self] in
            guard let self, self.link == .connected else { return }
            let event = InputEvent(action, source: from, timestampMs: self.deviceClockMs)
            self.kit.notifyObservers { $0.backend(didReport: .input(event), on: self.identifier) }
            if endsDisplay { self.backLeftToGlasses(from: from) }
        }
    }

    /// A Back the app did not consume (no app Inputs, one not asking for this source, or
    /// `consumeBack` false) goes to the glasses, which end the display experience: the session
    /// holding a started display ends, reported as the device ending it (`unexpectedError`).
    private func backLeftToGlasses(from source: InputSource) {
        guard hasOpenSession, display.isOn else { return }
        if let inputs = appInputs, inputs.consumeBack, inputs.sources.contains(source) { return }
        kit.record("back_ended_display", [("glasses", .string(identifier))])
        endSession(.unexpectedError, nil)
    }

    /// The glasses' Inputs channel fails with `error` (ours: `glasses.input:fail(code)`).
    public func failInputs(_ error: InputsError) {
        kit.record("inputs_fault", [("glasses", .string(identifier)), ("code", .string(error.code))])
        guard link == .connected else { return }
        kit.notifyObservers { $0.backend(didReport: .inputsFailed(error), on: identifier) }
    }
}
