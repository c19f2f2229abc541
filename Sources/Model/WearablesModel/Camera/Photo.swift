#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A captured still: real, decodable JPEG or HEIC bytes (DAT's `PhotoData`).
public struct Photo: Sendable, Equatable {
    public let data: Data
    public let format: PhotoCaptureFormat
    public let width: Int
    public let height: Int
    /// Run time at which the photo arrived.
    public let timestamp: Double

    public init(data: Data, format: PhotoCaptureFormat, width: Int, height: Int, timestamp: Double) {
        self.data = data
        self.format = format
        self.width = width
        self.height = height
        self.timestamp = timestamp
    }

    public var size: Int { data.count }

    public func save(to path: String) throws {
        guard let file = RawFile.creating(path), file.write(data) else {
            throw ImageCodecError(message: "cannot write \(path): check that its directory exists and is writable")
        }
    }
}
