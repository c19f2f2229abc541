#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore
import WearablesDisplay
import WearablesWire

/// The wire's JPEG through libjpeg-turbo (WearablesCore's `ImageCodecs`), at the quality a
/// display shows pictures at, so a picture shown in process and one sent are the same pixels.
public struct JPEGWirePictures: WirePictureCoding {
    public init() {}

    public func jpeg(_ image: RGBImage) throws -> Data {
        try ImageCodecs.encode(image, as: .jpeg, quality: DisplayPixels.jpegQuality)
    }

    public func pixels(_ jpeg: Data) throws -> RGBImage {
        try ImageCodecs.decode(jpeg)
    }
}
