import DATInterface
import WearablesWire

/// The phone's audio route: iOS `AVAudioSession`'s `currentRoute` and its route-change and
/// interruption notifications, which the wire's `audio_route` command and event carry for a
/// dashboard. Not DAT's (the glasses' audio reaches the phone as an ordinary Bluetooth route):
/// a bridge given none answers `audio_route` with `unavailable`. Its listeners are DAT-shaped
/// (`DATListenerToken`), as the app's adapter writes them.
public protocol PhoneAudioRoute: Sendable {
    /// The route now (no reason).
    func current() async -> WireAudioRoute
    /// Hears every change, with its reason, on any thread; the token ends it.
    func listen(_ listener: @escaping @Sendable (WireAudioRoute) -> Void) -> any DATListenerToken
}
