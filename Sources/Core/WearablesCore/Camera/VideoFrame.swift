#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Produces the picture a camera sees at a given time. Implementations must be pure
/// functions of time (and their own fixed state), so frames can be rendered lazily,
/// in any order, or never, without changing a run's outcome.
public protocol FrameSource: AnyObject {
    /// The downsampled luma of the picture at `time`; synthetic sources compute it
    /// directly, without rendering full-size pixels.
    func lumaPlane(at time: Double) -> LumaPlane
    /// The full picture at `time`, scaled to `size`.
    func image(at time: Double, size: VideoSize) -> RGBImage
    /// Where the codes and faces found in the picture at `time` are kept, for a source
    /// whose pictures cost the most to make and come again (a looping video file); nil
    /// (the default): each frame searches its own.
    func analyses(at time: Double, size: VideoSize) -> PictureAnalyses?
}

extension FrameSource {
    public func analyses(at time: Double, size: VideoSize) -> PictureAnalyses? { nil }
}

/// A picture that arrived encoded (DAT hands frames over as JPEG): a server passes its bytes on
/// as they are, where it would otherwise render the picture and encode it.
public protocol EncodedFrameSource: FrameSource {
    /// The picture's JPEG, at ``encodedSize``.
    var jpeg: Data { get }
    var encodedSize: VideoSize { get }
}

/// One frame of a camera stream. Pixels and luma statistics are computed only when
/// read, and the luma plane only once, so an unwatched 30 fps stream costs almost nothing.
public final class VideoFrame {
    public let width: Int
    public let height: Int
    /// 0-based position in its stream.
    public let index: Int
    /// Run time at which the camera saw this frame, in seconds.
    public let timestamp: Double
    private let source: FrameSource
    private var cachedLuma: LumaPlane?
    /// This frame's codes and faces: the source's record of its picture, shared with
    /// every frame that shows the same one, or the frame's own.
    private lazy var found = source.analyses(at: timestamp, size: size) ?? PictureAnalyses()

    public init(size: VideoSize, index: Int, timestamp: Double, source: FrameSource) {
        self.width = size.width
        self.height = size.height
        self.index = index
        self.timestamp = timestamp
        self.source = source
    }

    public var size: VideoSize { VideoSize(width: width, height: height) }

    public var lumaPlane: LumaPlane {
        if let cachedLuma { return cachedLuma }
        let plane = source.lumaPlane(at: timestamp)
        cachedLuma = plane
        return plane
    }

    /// Mean brightness, 0...1.
    public var lumaMean: Double { lumaPlane.mean }

    /// Mean absolute luma difference to `other`, 0...1.
    public func difference(to other: VideoFrame) -> Double { lumaPlane.meanAbsoluteDifference(to: other.lumaPlane) }

    /// Edge energy of the luma plane; higher is crisper.
    public var sharpness: Double { lumaPlane.sharpness }

    /// The full-resolution RGB pixels (rendered on demand).
    public func rgbImage() -> RGBImage { source.image(at: timestamp, size: size) }

    /// The QR codes and barcodes in the full-resolution picture. Rendering and
    /// scanning cost far more than the luma statistics, so it runs only when asked,
    /// and once per picture however often it is asked (a looping file's frames are
    /// scanned on the first pass only).
    public func codes() throws -> [DetectedCode] {
        if let codes = found.codes { return codes }
        let codes = try CodeScanner.scan(rgbImage())
        found.codes = codes
        return codes
    }

    /// The frontal faces in the full-resolution picture (dlib, loaded on first use);
    /// like codes, found only when asked and once per picture.
    public func faces() throws -> [DetectedFace] {
        if let faces = found.faces { return faces }
        let faces = try FaceDetector.detect(rgbImage())
        found.faces = faces
        return faces
    }

    /// Writes the frame to `path`, encoded by its extension (.png, .jpg/.jpeg, .ppm, .heic).
    public func save(to path: String) throws {
        let data = try encoded(for: path)
        guard let file = RawFile.creating(path), file.write(data) else {
            throw ImageCodecError(message: "cannot write \(path): check that its directory exists and is writable")
        }
    }

    /// The frame encoded as `name`'s extension says (.png, .jpg/.jpeg, .ppm, .heic).
    public func encoded(for name: String) throws -> Data {
        let ext = URL(fileURLWithPath: name).pathExtension
        guard let format = ImageCodecs.Format(pathExtension: ext) else {
            throw ImageCodecError(message: "cannot save a frame as '.\(ext)': use .png, .jpg, .ppm or .heic")
        }
        return try ImageCodecs.encode(rgbImage(), as: format)
    }
}
