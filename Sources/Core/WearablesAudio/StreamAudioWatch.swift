import WearablesCore

/// Tells the DAT model when the phone's audio changes (a route change, a phone call),
/// so a stream carrying audio over HFP that loses the route reports it as DAT does
/// (`StreamError.audioStreamingError`) instead of going silent. Held by the world.
public final class StreamAudioWatch {
    private var tokens: [AudioListenerToken] = []

    public init(audio: AudioSession, wearables: Wearables) {
        tokens = [
            audio.onRouteChange { [weak wearables] _ in wearables?.phoneAudioChanged() },
            audio.onInterruption { [weak wearables] _ in wearables?.phoneAudioChanged() },
        ]
    }

    deinit { for token in tokens { token.cancel() } }
}
