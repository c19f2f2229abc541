import FoundationEssentials
import MWDATCore

public enum PhotoState: Sendable {
    case stopped
    case starting
    case started
    case stopping
}

/// A standalone photo as it arrived from the glasses; DAT names no format (the bytes say it).
public struct PhotoCaptureData: Sendable {
    public let imageData: Data
    public let metadata: Data?
    public let timestamp: Date

    public init(imageData: Data, metadata: Data?, timestamp: Date) {
        self.imageData = imageData
        self.metadata = metadata
        self.timestamp = timestamp
    }
}

public enum PhotoError: DatError {
    case notReady
    case captureFailure(underlying: (any Error)?)
    case sessionSetupFailed(underlying: (any Error)?)
    case busy
    case serviceUnavailable
    case permissionDenied
    case deviceHealthCritical
    case deviceDisconnected

    public var description: String {
        switch self {
        case .notReady: "the photo capability has not started"
        case .captureFailure: "the glasses failed to capture the photo"
        case .sessionSetupFailed: "the capture session could not be set up"
        case .busy: "a capture is already under way"
        case .serviceUnavailable: "the capture service is unavailable"
        case .permissionDenied: "the camera permission is not granted"
        case .deviceHealthCritical: "the glasses are too hot or too low on battery"
        case .deviceDisconnected: "the glasses disconnected"
        }
    }
}

public enum PhotoResolution: String, CaseIterable, Sendable {
    case small
    case medium
    case large
    case full
}

public enum PhotoQuality: String, CaseIterable, Sendable {
    case low
    case medium
    case high
}

/// How much of a photo has crossed from the glasses; only DAT makes these.
public struct PhotoTransferProgress: Sendable {
    public let bytesReceived: UInt64
    public let totalBytes: UInt64

    package init(bytesReceived: UInt64, totalBytes: UInt64) {
        self.bytesReceived = bytesReceived
        self.totalBytes = totalBytes
    }
}
