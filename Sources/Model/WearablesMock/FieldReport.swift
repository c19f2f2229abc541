import WearablesModel

/// Behaviour third parties report from DAT 1.0 hardware that Meta has not confirmed: each is
/// a switch (`mock.set_field_report(name, on)`, the `field_report` mock action), off by default,
/// so a script opts in to the report it wants to test against. Sources in docs/fidelity.md.
public enum FieldReport: String, NamedCase {
    /// The lens dims after about 20 s without interaction and sleeps after about 25 s
    /// (`SimulatedDisplay.dimDelay`, `sleepDelay`); a send, a clear, a click or an input wakes it.
    case displaySleep
    /// A Back gesture the app does not consume (no app Inputs, or `consume_back = false`)
    /// ends the session holding a started display (BirdSpotter saw it end the experience).
    case backEndsDisplay
    /// At most three mock devices are paired at once: a fourth `pair` is refused.
    case threePairs
    /// A registration or unregistration request the Meta AI app shows expires after five
    /// minutes: an answer after that finds no request.
    case requestExpiry
    /// android#177: glasses the SDK has cached from an earlier run (paired while the app was
    /// already registered, with no registration handshake since) refuse every session start
    /// within about 0.15 s ("Session ended by device"); a cold registration in this run clears it.
    case warmReopen
    /// A video whose frames are more than 400 px a side or 70,000 px in total does not play
    /// (the size the mock gives the videos, `display_video_size`; unknown sizes play).
    case videoPlayerSize
}
