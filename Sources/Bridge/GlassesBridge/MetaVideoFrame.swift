#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATCamera
#if canImport(UIKit)
import UIKit
#else
// The Linux stand-in's frame carries its JPEG through an SPI (not DAT's API: see VideoFrame.swift there).
@_spi(StandIn) import MWDATCamera
#endif

/// A DAT `VideoFrame` as the bridge's `DATVideoFrame`. Encoded only when the bridge asks
/// (a client has room for it), off the SDK's thread; the sample buffer is only read.
struct MetaVideoFrame: DATVideoFrame {
    /// Frames are for watching and checking, not archiving: a fifth of raw size at 0.7.
    static let jpegQuality = 0.7

    let frame: VideoFrame

    init(_ frame: VideoFrame) {
        self.frame = frame
    }

    func jpeg() -> DATEncodedFrame? {
        #if canImport(UIKit)
        guard let image = frame.makeUIImage(), let data = image.jpegData(compressionQuality: Self.jpegQuality) else { return nil }
        return DATEncodedFrame(data: data, width: Int(image.size.width * image.scale), height: Int(image.size.height * image.scale))
        #else
        // The Linux stand-in's frame is already the JPEG the iOS branch makes.
        return DATEncodedFrame(data: frame.standInJPEG, width: frame.standInWidth, height: frame.standInHeight)
        #endif
    }
}

extension DATPhotoData {
    /// DAT's photo with its size in pixels where UIKit can decode it; 0 by 0 otherwise.
    init(_ photo: PhotoData) {
        #if canImport(UIKit)
        let image = UIImage(data: photo.data)
        let width = image.map { Int($0.size.width * $0.scale) } ?? 0
        let height = image.map { Int($0.size.height * $0.scale) } ?? 0
        #else
        let (width, height) = (0, 0)
        #endif
        self.init(data: photo.data, format: .init(photo.format), width: width, height: height)
    }
}
#endif
