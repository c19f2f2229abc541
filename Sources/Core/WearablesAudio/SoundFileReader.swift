#if canImport(CAudioLibraries)
import CAudioLibraries
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore

/// Reads any sound file libsndfile understands, block by block, mixed to mono.
final class SoundFileReader {
    /// The sample rates read *(ours)*. A header is believed only within them: a WAV claiming
    /// 2,000,000,000 Hz kept the resampler working until --timeout for every block it
    /// played, and one claiming 1 Hz would make 48,000 samples of each one read.
    static let acceptedRates = 1_000...768_000

    let path: String
    let sampleRate: Double
    let channels: Int
    let frameCount: Int
    private var file: OpaquePointer?

    /// Reads `path`: the file `checked` holds (by its descriptor's name), or, found missing
    /// at the check, none (the name is not opened again); nil opens `path` itself (a caller
    /// with no path rule). Messages name `path`.
    init(path: String, checked: CheckedFile? = nil) throws(AudioError) {
        let opening: String
        switch checked {
        case .held(let file): opening = file.openedPath
        case .missing: throw Self.notFound(path)
        case nil: opening = path
        }
        guard FileManager.default.fileExists(atPath: opening) else { throw Self.notFound(path) }
        var info = SF_INFO()
        guard let file = gs_sf_open(opening, Int32(SFM_READ), &info) else {
            throw AudioError(.unsupportedFile, "cannot read '\(path)' as audio: \(String(cString: gs_sf_strerror(nil))); use a WAV, AIFF, FLAC or Ogg file")
        }
        guard info.frames > 0, info.channels > 0, info.samplerate > 0 else {
            gs_sf_close(file)
            throw AudioError(.unsupportedFile, "'\(path)' holds no audio samples")
        }
        if let refusal = Self.rateRefusal(Int(info.samplerate), path: path) {
            gs_sf_close(file)
            throw refusal
        }
        if let problem = Self.truncation(in: file) {
            gs_sf_close(file)
            throw AudioError(.truncatedFile, "'\(path)' is truncated (\(problem)); re-export or re-record it")
        }
        self.path = path
        self.file = file
        sampleRate = Double(info.samplerate)
        channels = Int(info.channels)
        frameCount = Int(info.frames)
    }

    /// The refusal of a file whose header claims a rate outside `acceptedRates`, naming both.
    static func rateRefusal(_ rate: Int, path: String) -> AudioError? {
        guard !acceptedRates.contains(rate) else { return nil }
        return AudioError(.unsupportedFile, "'\(path)' claims \(rate) Hz; sound files from \(acceptedRates.lowerBound) "
            + "to \(acceptedRates.upperBound) Hz are read: resample it into that range (sox in.wav -r 48000 out.wav)")
    }

    private static func notFound(_ path: String) -> AudioError {
        AudioError(.fileNotFound, "no audio file at '\(path)'")
    }

    deinit {
        if let file { gs_sf_close(file) }
    }

    /// Up to `maxFrames` frames, averaged across channels; fewer only at the end
    /// of the file or when the data cannot be read.
    func readMono(maxFrames: Int) -> [Float] {
        guard let file, maxFrames > 0 else { return [] }
        var interleaved = [Float](repeating: 0, count: maxFrames * channels)
        let read = Int(interleaved.withUnsafeMutableBufferPointer { gs_sf_readf_float(file, $0.baseAddress, sf_count_t(maxFrames)) })
        guard read > 0 else { return [] }
        guard channels > 1 else { return Array(interleaved[0..<read]) }
        return (0..<read).map { frame in
            interleaved[(frame * channels)..<((frame + 1) * channels)].reduce(0, +) / Float(channels)
        }
    }

    func rewind() {
        guard let file else { return }
        gs_sf_seek(file, 0, SEEK_SET)
    }

    /// libsndfile quietly shortens a data chunk that runs past the end of the
    /// file and notes it in its log; that note is the only sign of truncation.
    private static func truncation(in file: OpaquePointer) -> String? {
        var log = [CChar](repeating: 0, count: 4096)
        _ = log.withUnsafeMutableBufferPointer { gs_sf_command(file, Int32(SFC_GET_LOG_INFO), $0.baseAddress, Int32($0.count)) }
        let text = String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "\n").first { $0.contains("should be") || $0.contains("truncat") }
            .map { $0.trimmingWhitespace() }
    }
}
/// A sound file's header checked where a feed is given, so a rate the reader refuses is
/// refused at the call rather than when the feed is first heard.
public enum SoundFileHeader {
    /// The refusal of the held file's sample rate (outside 1,000...768,000 Hz); nil when the
    /// rate is accepted or the header cannot be read (the reader says why when it plays).
    public static func rateRefusal(path: String, checked: CheckedFile) -> AudioError? {
        guard case .held(let held) = checked else { return nil }
        var info = SF_INFO()
        guard let file = gs_sf_open(held.openedPath, Int32(SFM_READ), &info) else { return nil }
        gs_sf_close(file)
        return SoundFileReader.rateRefusal(Int(info.samplerate), path: path)
    }
}
#else
import WearablesCore

public enum SoundFileHeader {
    public static func rateRefusal(path: String, checked: CheckedFile) -> AudioError? { nil }
}

/// Without libsndfile (`NativeMedia`) no sound file opens: its init always throws, so no instance exists, and its members only keep the API whole.
final class SoundFileReader {
    var path: String { "" }
    var sampleRate: Double { 0 }
    var channels: Int { 0 }
    var frameCount: Int { 0 }

    init(path: String, checked: CheckedFile? = nil) throws(AudioError) {
        throw AudioError(.unsupportedFile, NativeMedia.unavailable("reading and writing sound files", needs: "libsndfile").message)
    }

    func readMono(maxFrames: Int) -> [Float] { [] }
    func rewind() {}
}
#endif
