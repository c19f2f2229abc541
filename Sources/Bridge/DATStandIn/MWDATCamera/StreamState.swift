import MWDATCore

@frozen public enum StreamState: Sendable {
    case stopping
    case stopped
    case waitingForDevice
    case starting
    case streaming
    case paused
}

/// Why a stream stopped or a capture failed; the session lives on.
public enum StreamError: DatError, Equatable {
    case internalError
    case deviceNotFound(DeviceIdentifier)
    case deviceNotConnected(DeviceIdentifier)
    case timeout
    case videoStreamingError
    case audioStreamingError
    case permissionDenied
    case hingesClosed
    case thermalHot
    case batteryLow
    case peakPowerLimit
    case photoCaptureFailed

    public var description: String {
        switch self {
        case .internalError: "the stream failed"
        case .deviceNotFound(let id): "device \(id) was not found"
        case .deviceNotConnected(let id): "device \(id) is not connected"
        case .timeout: "the stream timed out"
        case .videoStreamingError: "video streaming failed"
        case .audioStreamingError: "audio streaming failed"
        case .permissionDenied: "the camera permission is not granted"
        case .hingesClosed: "the glasses' hinges are closed"
        case .thermalHot: "the glasses are too hot to stream"
        case .batteryLow: "the glasses' battery is too low to stream"
        case .peakPowerLimit: "the glasses reached their peak power"
        case .photoCaptureFailed: "the photo capture failed"
        }
    }
}
