#if canImport(CMediaCodecs)
import CMediaCodecs

/// The video of an MP4, MOV or MKV file, decoded by FFmpeg (opened on first use; see
/// CMediaCodecs/decoder.c), for footage camera feeds. Which frame shows at a time is
/// fixed when the file opens; pixels are decoded on demand. Not thread-safe: the
/// decoder keeps its place in the file between calls, so one thread (the scheduler's) owns it.
public final class VideoFileReader {
    public let width: Int
    public let height: Int
    /// Frames in presentation order.
    public let frameCount: Int
    /// Seconds one pass lasts; playback loops after it.
    public let duration: Double
    /// FFmpeg's decoder name, e.g. "h264", "hevc".
    public let codec: String
    private let decoder: OpaquePointer

    /// Opens `path` and decodes its first frame; throws what is wrong and the fix
    /// (missing file, not a video, a codec FFmpeg cannot decode, FFmpeg not installed).
    public init(path: String) throws {
        var info = cmc_video_info()
        var error = [CChar](repeating: 0, count: 512)
        guard let decoder = cmc_decoder_open(path, &info, &error, error.count) else {
            throw ImageCodecError(message: Self.text(error))
        }
        self.decoder = decoder
        width = Int(info.width)
        height = Int(info.height)
        frameCount = Int(info.frame_count)
        duration = info.duration
        codec = withUnsafeBytes(of: info.codec) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    deinit { cmc_decoder_close(decoder) }

    /// The video's size from its container, without opening a decoder: cheap at any
    /// resolution, for deciding whether it may be decoded at all.
    public static func size(of path: String) throws -> VideoSize {
        var width: Int32 = 0, height: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        guard cmc_video_probe(path, &width, &height, &error, error.count) == 0 else { throw ImageCodecError(message: text(error)) }
        return VideoSize(width: Int(width), height: Int(height))
    }

    /// About what decoding a `width`x`height` video holds while it plays: the frame
    /// threads' pictures and the codec's reference frames, about 12 frames of YUV 4:2:0
    /// (measured: a 3840x2160 H.264 clip raised a run's peak RSS by 148 MB).
    public static func decodingFootprint(_ size: VideoSize) -> Int { 12 * size.pixelCount * 3 / 2 }

    /// The frame shown at run time `time`: the last one whose presentation time is at
    /// or before `time` modulo `duration`.
    public func frameIndex(at time: Double) -> Int { Int(cmc_decoder_frame_at(decoder, time)) }

    /// When frame `index` is presented, in seconds from the first frame.
    public func frameTime(_ index: Int) -> Double { cmc_decoder_frame_time(decoder, Int32(clamping: index)) }

    /// Frame `index` as full-range 8-bit luma, nearest-sampled to `size`.
    public func grey(frame index: Int, size: VideoSize) throws -> [UInt8] {
        try Self.check(size)
        var error = [CChar](repeating: 0, count: 512)
        var grey = [UInt8](repeating: 0, count: size.pixelCount)
        let rc = cmc_decoder_gray(decoder, Int32(clamping: index), &grey, Int32(clamping: size.width), Int32(clamping: size.height),
                                  &error, error.count)
        guard rc == 0 else { throw ImageCodecError(message: Self.text(error)) }
        return grey
    }

    /// Frame `index` as RGB, scaled (bilinear) to `size`.
    public func image(frame index: Int, size: VideoSize) throws -> RGBImage {
        try Self.check(size)
        var error = [CChar](repeating: 0, count: 512)
        var pixels = [UInt8](repeating: 0, count: size.pixelCount * 3)
        let rc = cmc_decoder_rgb(decoder, Int32(clamping: index), &pixels, Int32(clamping: size.width), Int32(clamping: size.height),
                                 &error, error.count)
        guard rc == 0 else { throw ImageCodecError(message: Self.text(error)) }
        return RGBImage(width: size.width, height: size.height, pixels: pixels)
    }

    private static func check(_ size: VideoSize) throws {
        guard (1...16384).contains(size.width), (1...16384).contains(size.height) else {
            throw ImageCodecError(message: "cannot scale a video frame to \(size.width)x\(size.height)")
        }
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
#else

/// Without FFmpeg's libraries (`NativeMedia`) no video file opens: its init always throws,
/// so no instance exists, and its members only keep the API whole.
public final class VideoFileReader {
    public var width: Int { 0 }
    public var height: Int { 0 }
    public var frameCount: Int { 0 }
    public var duration: Double { 0 }
    public var codec: String { "" }

    public init(path: String) throws { throw NativeMedia.unavailable("reading a video file", needs: "FFmpeg's libraries") }

    public static func size(of path: String) throws -> VideoSize {
        throw NativeMedia.unavailable("reading a video file", needs: "FFmpeg's libraries")
    }

    public static func decodingFootprint(_ size: VideoSize) -> Int { 12 * size.pixelCount * 3 / 2 }
    public func frameIndex(at time: Double) -> Int { 0 }
    public func frameTime(_ index: Int) -> Double { 0 }
    public func grey(frame index: Int, size: VideoSize) throws -> [UInt8] { throw NativeMedia.unavailable("reading a video file", needs: "FFmpeg's libraries") }
    public func image(frame index: Int, size: VideoSize) throws -> RGBImage { throw NativeMedia.unavailable("reading a video file", needs: "FFmpeg's libraries") }
}
#endif
