#if canImport(MWDATCore)
import MWDATCamera
import WearablesModel

// The camera's values between DAT and the core, case by case (see MetaStates.swift).

extension MWDATCamera.StreamConfiguration {
    /// The core validated `core` against DAT's accepted values; audio is mono PCM.
    init(_ core: WearablesModel.StreamConfiguration) {
        let codec: MWDATCamera.VideoCodec = switch core.videoCodec {
        case .raw: .raw
        case .hvc1: .hvc1
        }
        let resolution: MWDATCamera.StreamingResolution = switch core.resolution {
        case .high: .high
        case .medium: .medium
        case .low: .low
        }
        let audio: MWDATCamera.AudioCodec? = core.audioCodec.map { codec in
            switch codec {
            case .pcm(let rate): .pcm(sampleRate: AudioSampleRate(hertz: rate), numberOfChannels: 1)
            }
        }
        self.init(videoCodec: codec, audioCodec: audio, resolution: resolution, frameRate: UInt(core.frameRate))
    }
}

extension MWDATCamera.AudioSampleRate {
    /// One of the core's `AudioCodec.validSampleRates`; anything else was refused before.
    init(hertz: Int) {
        switch hertz {
        case 44100: self = .rate44100
        case 48000: self = .rate48000
        default: self = .rate16000
        }
    }
}

extension MWDATCamera.PhotoCaptureFormat {
    init(_ core: WearablesModel.PhotoCaptureFormat) {
        switch core {
        case .jpeg: self = .jpeg
        case .heic: self = .heic
        }
    }
}

extension WearablesModel.PhotoCaptureFormat {
    init(_ meta: MWDATCamera.PhotoCaptureFormat) {
        switch meta {
        case .jpeg: self = .jpeg
        case .heic: self = .heic
        @unknown default: self = .jpeg
        }
    }
}

extension WearablesModel.StreamState {
    init(_ meta: MWDATCamera.StreamState) {
        switch meta {
        case .stopping: self = .stopping
        case .stopped: self = .stopped
        case .waitingForDevice: self = .waitingForDevice
        case .starting: self = .starting
        case .streaming: self = .streaming
        case .paused: self = .paused
        }
    }
}

extension WearablesModel.StreamError {
    init(_ meta: MWDATCamera.StreamError) {
        switch meta {
        case .internalError: self = .internalError
        case .deviceNotFound(let id): self = .deviceNotFound(id)
        case .deviceNotConnected(let id): self = .deviceNotConnected(id)
        case .timeout: self = .timeout
        case .videoStreamingError: self = .videoStreamingError
        case .audioStreamingError: self = .audioStreamingError
        case .permissionDenied: self = .permissionDenied
        case .hingesClosed: self = .hingesClosed
        case .thermalHot: self = .thermalHot
        case .batteryLow: self = .batteryLow
        case .peakPowerLimit: self = .peakPowerLimit
        case .photoCaptureFailed: self = .photoCaptureFailed
        @unknown default: self = .internalError
        }
    }
}
#endif
