import WearablesCore

/// A camera that plays the video of an MP4, MOV or MKV file (H.264, HEVC, or any codec
/// FFmpeg decodes) in a loop, each frame shown from its own presentation time until the next's.
final class FootageVideo: FrameSource {
    private let reader: VideoFileReader
    private var planeCache: [Int: LumaPlane] = [:]
    /// Thumbnails kept: a clip of up to this many frames (over two minutes at 30 fps,
    /// about 38 MB) is decoded once however often it loops, since decoding is nearly
    /// all a footage feed costs; a longer one keeps the last 256 frames read.
    static let wholeClipFrames = 4096
    private let cacheLimit: Int
    private var found: PictureAnalysesCache

    init(path: String) throws {
        reader = try VideoFileReader(path: path)
        cacheLimit = reader.frameCount <= Self.wholeClipFrames ? reader.frameCount : 256
        found = PictureAnalysesCache(limit: cacheLimit)
    }

    func analyses(at time: Double, size: VideoSize) -> PictureAnalyses? {
        found.analyses(of: reader.frameIndex(at: time), size: size)
    }

    func lumaPlane(at time: Double) -> LumaPlane {
        let index = reader.frameIndex(at: time)
        if let cached = planeCache[index] { return cached }
        let size = VideoSize(width: LumaPlane.width, height: LumaPlane.height)
        // The file was readable when it opened; a frame that fails later (the file cut
        // short under us) shows black rather than stopping the camera.
        let grey = (try? reader.grey(frame: index, size: size)) ?? [UInt8](repeating: 0, count: size.pixelCount)
        let plane = LumaPlane(samples: grey.map { Float($0) / 255 })
        if planeCache.count >= cacheLimit { planeCache.removeAll() }
        planeCache[index] = plane
        return plane
    }

    func image(at time: Double, size: VideoSize) -> RGBImage {
        (try? reader.image(frame: reader.frameIndex(at: time), size: size)) ?? RGBImage(width: size.width, height: size.height, gray: 0)
    }
}
