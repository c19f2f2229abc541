import WearablesCore

/// The display half of a backend (DAT's `MWDATDisplay` over its device link), beside
/// `WearablesBackend`: a backend that can show things conforms to it too. All calls and
/// completions on the scheduler's thread; a completion may never come (the model times out).
public protocol DisplayBackend: AnyObject {
    /// Starts the display of `device`'s open session; `events` runs for each report until
    /// `stopDisplay`. Completes once the display is up, or with why not.
    func startDisplay(on device: DeviceIdentifier, events: @escaping (DisplayBackendEvent) -> Void,
                      completion: @escaping (Result<Void, DisplayError>) -> Void)
    /// Replaces what is shown (and which ids can be clicked) with `tree`.
    func sendDisplay(_ tree: DisplayTree, on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void)
    /// Removes what is shown; the display stays started.
    func clearDisplay(on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void)
    /// Ends a playing video early (DAT `sendVideoStop()`: no answer).
    func stopDisplayVideo(on device: DeviceIdentifier)
    /// Takes the display down; no more events. Completes once it is down.
    func stopDisplay(on device: DeviceIdentifier, completion: @escaping () -> Void)
}
