#if canImport(MWDATCore)
import GlassesBridgeCore
import WearablesWire

extension GlassesBridge {
    /// Where `start` serves when no relay is given, as `glasses serve` does.
    public static let defaultPort = 7878

    /// The one call an app makes, in its debug configuration: the phone's glasses through
    /// Meta's SDK (`Wearables.shared`, after `Wearables.configure()`), served with `token` at
    /// `ws://PHONE:7878/v1/ws`, or, given `relay` (`ws://HOST:PORT` of a `glasses serve
    /// --relay`), through a connection the phone dials, since phones often refuse inbound
    /// ones. Serving runs until `stop()`; `onEnd` hears why it ended otherwise (the port is
    /// taken, the relay refused the token or went away). Display images are decoded by
    /// `pictures` (UIKit's JPEG by default).
    public static func start(
        token: String, relay: String? = nil, port: Int = defaultPort, wearables: MetaWearables = MetaWearables(),
        pictures: any WirePictureCoding = MetaPictures(), onEnd: @escaping @Sendable (any Error) -> Void = { _ in }
    ) async -> RunningBridge {
        #if os(iOS)
        let bridge = await GlassesBridge(wearables: wearables, pictures: pictures, phoneAudio: MetaPhoneAudioRoute(), token: token)
        #else
        let bridge = await GlassesBridge(wearables: wearables, pictures: pictures, token: token)
        #endif
        let serving = Task {
            do {
                if let relay {
                    try await bridge.dial(relay: relay)
                } else {
                    try await bridge.serve(host: "0.0.0.0", port: port)
                }
            } catch {
                if !Task.isCancelled { onEnd(error) }
            }
        }
        return RunningBridge(bridge: bridge, wearables: wearables, serving: serving)
    }
}

/// A bridge an app started: what it calls when it leaves the foreground, and to stop.
public final class RunningBridge: Sendable {
    public let bridge: GlassesBridge
    public let wearables: MetaWearables
    private let serving: Task<Void, Never>

    init(bridge: GlassesBridge, wearables: MetaWearables, serving: Task<Void, Never>) {
        self.bridge = bridge
        self.wearables = wearables
        self.serving = serving
    }

    /// Stops every stream; call it on `scenePhase == .background` (see `MetaWearables.stopStreams()`).
    public func stopStreams() {
        wearables.stopStreams()
    }

    /// Stops serving (or dialling) and ends every session the bridge opened.
    public func stop() async {
        serving.cancel()
        await serving.value
        await bridge.stop()
    }
}
#endif
