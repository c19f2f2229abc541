#if canImport(CAudioLibraries)
import CAudioLibraries

/// Writes 16-bit mono PCM WAV through libsndfile. The header is rewritten
/// periodically and on close, so the file on disk is readable even if the
/// recording ends abruptly.
final class PCM16WAVWriter {
    let path: String
    let sampleRate: Int
    private(set) var framesWritten = 0
    private var file: OpaquePointer?
    private var framesAtLastHeaderUpdate = 0

    /// Writes `path`, opened by the name `opening` when given (an open descriptor's name for it).
    init(path: String, opening: String? = nil, sampleRate: Int) throws(AudioError) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        guard let file = gs_sf_open(opening ?? path, Int32(SFM_WRITE), &info) else {
            throw AudioError(.writeFailed, "cannot create WAV file '\(path)': \(String(cString: gs_sf_strerror(nil))); check that the folder exists and is writable")
        }
        self.path = path
        self.sampleRate = sampleRate
        self.file = file
    }

    deinit {
        close()
    }

    /// Writes float samples in -1...1, clipping anything outside.
    func write(_ samples: [Float]) throws(AudioError) {
        guard let file, !samples.isEmpty else { return }
        let pcm = samples.map { Int16((max(-1, min(1, $0)) * Float(Int16.max)).rounded()) }
        let written = pcm.withUnsafeBufferPointer { gs_sf_write_short(file, $0.baseAddress, sf_count_t($0.count)) }
        framesWritten += Int(written)
        guard written == pcm.count else {
            throw AudioError(.writeFailed, "writing '\(path)' failed after \(framesWritten) frames: \(String(cString: gs_sf_strerror(file)))")
        }
        if framesWritten - framesAtLastHeaderUpdate >= sampleRate {
            gs_sf_command(file, Int32(SFC_UPDATE_HEADER_NOW), nil, 0)
            framesAtLastHeaderUpdate = framesWritten
        }
    }

    /// Finalizes the header; further writes are ignored.
    func close() {
        guard let file else { return }
        gs_sf_close(file)
        self.file = nil
    }
}
#else
import WearablesCore

/// Without libsndfile (`NativeMedia`) no WAV opens: its init always throws, so no instance exists, and its members only keep the API whole.
final class PCM16WAVWriter {
    var path: String { "" }
    var sampleRate: Int { 0 }
    var framesWritten: Int { 0 }

    init(path: String, opening: String? = nil, sampleRate: Int) throws(AudioError) {
        throw AudioError(.writeFailed, NativeMedia.unavailable("reading and writing sound files", needs: "libsndfile").message)
    }

    func write(_ samples: [Float]) throws(AudioError) {}
    func close() {}
}
#endif
