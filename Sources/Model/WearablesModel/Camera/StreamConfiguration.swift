/// Width and height of a frame in pixels (portrait, 9:16 for the streaming sizes).
public struct VideoSize: Sendable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var pixelCount: Int { width * height }
    public var description: String { "\(width)x\(height)" }
}

public enum StreamingResolution: String, NamedCase {
    case high, medium, low

    public var videoFrameSize: VideoSize {
        switch self {
        case .high: VideoSize(width: 720, height: 1280)
        case .medium: VideoSize(width: 504, height: 896)
        case .low: VideoSize(width: 360, height: 640)
        }
    }

    /// The next step down the bandwidth ladder, nil at the bottom.
    package var lower: StreamingResolution? {
        switch self {
        case .high: .medium
        case .medium: .low
        case .low: nil
        }
    }
}

public enum VideoCodec: String, NamedCase { case raw, hvc1 }

/// DAT's `audioCodec`: PCM from the glasses' microphones at one of the rates DAT
/// accepts. A stream with audio needs the phone's HFP route configured before it starts.
public enum AudioCodec: Sendable, Hashable {
    case pcm(sampleRate: Int)

    public static let validSampleRates = [16000, 44100, 48000]
}

/// What a camera stream asks for. `init` validates against DAT's accepted values.
public struct StreamConfiguration: Sendable, Equatable {
    /// The frame rates DAT accepts.
    public static let validFrameRates = [2, 7, 15, 24, 30]
    /// DAT's default frame rate: the one place it is written (the Lua `fps` option's default too).
    public static let defaultFrameRate = 30

    public let videoCodec: VideoCodec
    /// nil: video only (the default).
    public let audioCodec: AudioCodec?
    public let resolution: StreamingResolution
    public let frameRate: Int

    /// DAT's defaults: raw, no audio, medium, 30 fps.
    public init(videoCodec: VideoCodec = .raw, audioCodec: AudioCodec? = nil, resolution: StreamingResolution = .medium,
                frameRate: Int = defaultFrameRate) throws {
        guard Self.validFrameRates.contains(frameRate) else {
            throw StreamConfigurationError(field: "frameRate", value: String(frameRate),
                                           validValues: Self.validFrameRates.map(String.init))
        }
        if case .pcm(let rate) = audioCodec, !AudioCodec.validSampleRates.contains(rate) {
            throw StreamConfigurationError(field: "audioSampleRate", value: String(rate),
                                           validValues: AudioCodec.validSampleRates.map(String.init))
        }
        self.init(validated: videoCodec, audioCodec, resolution, frameRate)
    }

    private init(validated videoCodec: VideoCodec, _ audioCodec: AudioCodec?, _ resolution: StreamingResolution,
                 _ frameRate: Int) {
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.resolution = resolution
        self.frameRate = frameRate
    }

    /// Parses binding-level names (`"high"`, `"hvc1"`), reporting the valid values on error;
    /// `audioSampleRate` asks for PCM audio at that rate.
    public init(codec: String, resolution: String, frameRate: Int, audioSampleRate: Int? = nil) throws {
        guard let parsedCodec = VideoCodec(name: codec) else {
            throw StreamConfigurationError(field: "codec", value: codec, validValues: VideoCodec.allNames)
        }
        guard let parsedResolution = StreamingResolution(name: resolution) else {
            throw StreamConfigurationError(field: "resolution", value: resolution, validValues: StreamingResolution.allNames)
        }
        try self.init(videoCodec: parsedCodec, audioCodec: audioSampleRate.map { .pcm(sampleRate: $0) },
                      resolution: parsedResolution, frameRate: frameRate)
    }

    public static let `default` = StreamConfiguration(validated: .raw, nil, .medium, 30)
}

/// The resolution and frame rate a stream actually runs at after the bandwidth ladder.
public struct EffectiveStreamSettings: Sendable, Equatable, CustomStringConvertible {
    public let resolution: StreamingResolution
    public let frameRate: Int
    public init(resolution: StreamingResolution, frameRate: Int) {
        self.resolution = resolution
        self.frameRate = frameRate
    }
    public var size: VideoSize { resolution.videoFrameSize }
    public var description: String { "\(resolution.name)@\(frameRate)" }
}
