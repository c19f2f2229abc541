/// DAT's `VideoPlayer`: a whole-display video from an http(s) URL. A root only.
public struct VideoPlayer: Sendable, Equatable {
    /// DAT's `provider: .uri(String)`, the only provider DAT has.
    public var url: String
    public var codec: VideoCodec

    public init(url: String, codec: VideoCodec = .mp4) {
        self.url = url
        self.codec = codec
    }
}

public enum VideoCodec: String, Sendable, CaseIterable {
    case unknown, mp4
}
