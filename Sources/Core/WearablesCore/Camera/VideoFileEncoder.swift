#if canImport(CMediaCodecs)
import CMediaCodecs

/// A fragmented MP4 (or MOV) file being written by CMediaCodecs' encoder: MPEG-4 Part 2
/// video and, when asked, AAC audio. Lives on the thread that made it.
final class VideoFileEncoder {
    private var handle: OpaquePointer?

    /// Creates the file and writes its header. `ticksPerSecond` is the video's clock.
    init(path: String, container: String, size: VideoSize, frameRate: Int, ticksPerSecond: Int, quantiser: Int,
         audioRate: Int?) throws(RecordingError) {
        var error = Self.errorBuffer()
        let opened = container.withCString { format in
            var settings = cmc_encoder_settings(
                container: format, width: Int32(size.width), height: Int32(size.height), frame_rate: Int32(frameRate),
                ticks_per_second: Int32(ticksPerSecond), quantiser: Int32(quantiser), audio_rate: Int32(audioRate ?? 0))
            return cmc_encoder_open(path, &settings, &error, Self.errorCapacity)
        }
        guard let opened else {
            let text = Self.text(error)
            throw RecordingError(text.contains("FFmpeg") || text.contains("encoder") ? .encoderUnavailable : .writeFailed, text)
        }
        handle = opened
    }

    deinit {
        if let handle { cmc_encoder_close(handle, nil, 0) }
    }

    /// Encodes one picture at `pts` ticks, shown for `duration` ticks.
    func encode(_ image: RGBImage, pts: Int64, duration: Int64, keyframe: Bool) throws(RecordingError) {
        guard let handle else { return }
        // The C side reads width x height x 3 bytes: only a buffer that holds them goes there.
        guard image.isWellFormed else {
            throw RecordingError(.writeFailed, "a \(image.width)x\(image.height) picture with \(image.pixels.count) bytes cannot be encoded")
        }
        var error = Self.errorBuffer()
        let rc = image.pixels.withUnsafeBufferPointer { pixels in
            cmc_encoder_video(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), pts, duration,
                              keyframe ? 1 : 0, &error, Self.errorCapacity)
        }
        if rc != 0 { throw RecordingError(.writeFailed, Self.text(error)) }
    }

    /// Appends mono samples right after the previous ones.
    func encode(samples: [Float]) throws(RecordingError) {
        guard let handle, !samples.isEmpty else { return }
        var error = Self.errorBuffer()
        let rc = samples.withUnsafeBufferPointer { cmc_encoder_audio(handle, $0.baseAddress, $0.count, &error, Self.errorCapacity) }
        if rc != 0 { throw RecordingError(.writeFailed, Self.text(error)) }
    }

    /// Writes the last fragment and closes the file; later calls do nothing.
    func close() throws(RecordingError) {
        guard let handle else { return }
        self.handle = nil
        var error = Self.errorBuffer()
        if cmc_encoder_close(handle, &error, Self.errorCapacity) != 0 { throw RecordingError(.writeFailed, Self.text(error)) }
    }

    private static let errorCapacity = 256
    private static func errorBuffer() -> [CChar] { [CChar](repeating: 0, count: errorCapacity) }

    private static func text(_ error: [CChar]) -> String {
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
#else
/// Without FFmpeg's libraries (`NativeMedia`) no recording opens: its init always throws, so no instance exists, and its members only keep the API whole.
final class VideoFileEncoder {

    init(path: String, container: String, size: VideoSize, frameRate: Int, ticksPerSecond: Int, quantiser: Int,
         audioRate: Int?) throws(RecordingError) {
        throw RecordingError(.encoderUnavailable, NativeMedia.unavailable("recording video", needs: "FFmpeg's libraries").message)
    }

    func encode(_ image: RGBImage, pts: Int64, duration: Int64, keyframe: Bool) throws(RecordingError) {}
    func encode(samples: [Float]) throws(RecordingError) {}
    func close() throws(RecordingError) {}
}
#endif
