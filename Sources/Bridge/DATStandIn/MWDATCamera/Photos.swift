import FoundationEssentials

public enum PhotoCaptureFormat: Sendable {
    case heic
    case jpeg
}

/// A photo a stream captured: the encoded bytes and their format.
public struct PhotoData: Sendable {
    public let data: Data
    public let format: PhotoCaptureFormat

    public init(data: Data, format: PhotoCaptureFormat) {
        self.data = data
        self.format = format
    }
}
