public enum VideoCodec: Sendable {
    case raw
    case hvc1
}

/// The stream's three sizes (portrait, as the glasses send them).
public enum StreamingResolution: Sendable, CaseIterable {
    case high
    case medium
    case low

    public var videoFrameSize: VideoFrameSize {
        switch self {
        case .high: VideoFrameSize(width: 720, height: 1280)
        case .medium: VideoFrameSize(width: 504, height: 896)
        case .low: VideoFrameSize(width: 360, height: 640)
        }
    }
}

public struct VideoFrameSize: Sendable {
    public let width: UInt
    public let height: UInt

    public init(width: UInt, height: UInt) {
        self.width = width
        self.height = height
    }
}

/// PCM from the glasses' microphones, delivered with the video.
public enum AudioCodec: Sendable {
    case pcm(sampleRate: AudioSampleRate, numberOfChannels: UInt32)
}

@frozen public enum AudioSampleRate: UInt, Sendable, CaseIterable {
    case rate16000 = 16000
    case rate44100 = 44100
    case rate48000 = 48000
}

public struct StreamConfiguration: Sendable {
    public let videoCodec: VideoCodec
    public let audioCodec: AudioCodec?
    public let resolution: StreamingResolution
    public let frameRate: UInt

    public init(videoCodec: VideoCodec, audioCodec: AudioCodec?, resolution: StreamingResolution, frameRate: UInt) {
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.resolution = resolution
        self.frameRate = frameRate
    }

    public init(videoCodec: VideoCodec, resolution: StreamingResolution, frameRate: UInt) {
        self.init(videoCodec: videoCodec, audioCodec: nil, resolution: resolution, frameRate: frameRate)
    }

    /// DAT's defaults: raw video, medium, 30 fps.
    public init() {
        self.init(videoCodec: .raw, resolution: .medium, frameRate: 30)
    }
}
