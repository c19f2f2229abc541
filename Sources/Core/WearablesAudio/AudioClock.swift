/// The time source and scheduler the audio layer runs on. The core's scheduler
/// conforms through a thin adapter (``SchedulerAudioClock``), which the tests use
/// too. Everything is called on the one thread that owns the scheduler.
public protocol AudioClock: AnyObject {
    /// Seconds since the run started (virtual or wall).
    var now: Double { get }
    /// Runs `action` once, `delay` seconds from now, unless cancelled first.
    func schedule(after delay: Double, _ action: @escaping () -> Void) -> any AudioCancellable
    /// Runs `action` once at clock time `time` (now, if it has passed), unless cancelled first.
    func schedule(at time: Double, _ action: @escaping () -> Void) -> any AudioCancellable
}

/// Something that can be called off: a scheduled action, a listener.
public protocol AudioCancellable: AnyObject {
    func cancel()
}
