import WearablesCore

/// The microphone feed of simulated glasses, stored for the audio layer to read
/// through `WearablesBackend.microphoneFeed(of:)`.
public final class SimulatedMicrophone {
    public private(set) var feed: MicrophoneFeed = .silence
    weak var glasses: SimulatedGlasses?

    public func setFeed(_ feed: MicrophoneFeed) {
        self.feed = feed
        glasses?.kit.record("microphone_feed", [("glasses", .string(glasses?.identifier ?? "")), ("feed", .string("\(feed)"))])
    }
}
