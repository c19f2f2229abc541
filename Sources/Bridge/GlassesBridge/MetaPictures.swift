#if canImport(MWDATCore)
import Foundation
import WearablesModel
import WearablesWire
#if canImport(UIKit)
import UIKit
#endif

/// The JPEG of a display tree's images through UIKit, the phone's codec (the bridge core links
/// none). Where UIKit is missing (the Linux stand-in) a picture cannot be decoded, and a tree
/// with one is refused as an image without pixels, as DAT's `Image(image: UIImage)` needs UIKit.
public struct MetaPictures: WirePictureCoding {
    /// The quality the simulator's displays use too (`DisplayPixels.jpegQuality`).
    static let jpegQuality = 0.9

    public init() {}

    public func jpeg(_ image: RGBImage) throws -> Data {
        #if canImport(UIKit)
        guard let data = UIImage(rgb: image)?.jpegData(compressionQuality: Self.jpegQuality) else {
            throw PictureError.notCoded("a \(image.width)x\(image.height) picture could not be made a JPEG")
        }
        return data
        #else
        throw PictureError.notCoded("coding JPEG needs UIKit")
        #endif
    }

    public func pixels(_ jpeg: Data) throws -> RGBImage {
        #if canImport(UIKit)
        guard let cgImage = UIImage(data: jpeg)?.cgImage else { throw PictureError.notCoded("the picture is not a JPEG UIKit reads") }
        let width = cgImage.width, height = cgImage.height
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let drawn = rgba.withUnsafeMutableBytes { buffer -> Bool in
            guard let context = CGContext(
                data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)
            else { return false }
            context.draw(cgImage, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        guard drawn else { throw PictureError.notCoded("a \(width)x\(height) picture could not be drawn") }
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for pixel in stride(from: 0, to: rgba.count, by: 4) { rgb.append(contentsOf: rgba[pixel..<pixel + 3]) }
        return RGBImage(width: width, height: height, pixels: rgb)
        #else
        throw PictureError.notCoded("decoding JPEG needs UIKit")
        #endif
    }

    /// Why a picture was not coded.
    public enum PictureError: Error, Sendable, Equatable {
        case notCoded(String)
    }
}
#endif
