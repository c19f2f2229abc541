#if canImport(CAudioLibraries)
import CAudioLibraries

/// Streaming mono float resampler over libsoxr at its high-quality setting.
/// Block by block, so an hour of audio never sits in memory.
final class SoxrResampler {
    let inputRate: Double
    let outputRate: Double
    private let handle: soxr_t

    init(from inputRate: Double, to outputRate: Double) throws(AudioError) {
        var error: soxr_error_t?
        let handle = gs_soxr_create(inputRate, outputRate, 1, &error)
        guard let handle, error == nil else {
            if let handle { gs_soxr_delete(handle) }
            throw AudioError(.resamplerFailed, "cannot resample \(inputRate) Hz to \(outputRate) Hz: \(Self.text(error))")
        }
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.handle = handle
    }

    deinit {
        gs_soxr_delete(handle)
    }

    /// Feeds `input` and returns whatever output is ready; soxr holds back a
    /// little for its filter until `drain()`.
    func process(_ input: [Float]) throws(AudioError) -> [Float] {
        guard !input.isEmpty else { return [] }
        var output: [Float] = []
        var consumed = 0
        var buffer = [Float](repeating: 0, count: outputCapacity(for: input.count))
        while consumed < input.count {
            var inputDone = 0
            var outputDone = 0
            let error = input.withUnsafeBufferPointer { source in
                buffer.withUnsafeMutableBufferPointer { target in
                    gs_soxr_process(
                        handle, source.baseAddress.map { UnsafeRawPointer($0 + consumed) }, input.count - consumed,
                        &inputDone, target.baseAddress, target.count, &outputDone)
                }
            }
            if let error { throw AudioError(.resamplerFailed, "resampling failed: \(Self.text(error))") }
            output.append(contentsOf: buffer[0..<outputDone])
            consumed += inputDone
            if inputDone == 0 && outputDone == 0 { break }
        }
        return output
    }

    /// Ends the input and returns the samples still inside the filter.
    func drain() throws(AudioError) -> [Float] {
        var output: [Float] = []
        var buffer = [Float](repeating: 0, count: 4096)
        while true {
            var outputDone = 0
            let error = buffer.withUnsafeMutableBufferPointer { target in
                gs_soxr_process(handle, nil, 0, nil, target.baseAddress, target.count, &outputDone)
            }
            if let error { throw AudioError(.resamplerFailed, "resampling failed: \(Self.text(error))") }
            guard outputDone > 0 else { return output }
            output.append(contentsOf: buffer[0..<outputDone])
        }
    }

    private func outputCapacity(for inputCount: Int) -> Int {
        Int((Double(inputCount) * outputRate / inputRate).rounded(.up)) + 256
    }

    private static func text(_ error: soxr_error_t?) -> String {
        error.map { String(cString: $0) } ?? "unknown libsoxr error"
    }
}
#else
import WearablesCore

/// Without libsoxr (`NativeMedia`) nothing resamples: its init always throws, so no instance exists, and its members only keep the API whole.
final class SoxrResampler {
    var inputRate: Double { 0 }
    var outputRate: Double { 0 }

    init(from inputRate: Double, to outputRate: Double) throws(AudioError) {
        throw AudioError(.resamplerFailed, NativeMedia.unavailable("resampling sound", needs: "libsoxr").message)
    }

    func process(_ input: [Float]) throws(AudioError) -> [Float] { throw AudioError(.resamplerFailed, NativeMedia.unavailable("resampling sound", needs: "libsoxr").message) }
    func drain() throws(AudioError) -> [Float] { throw AudioError(.resamplerFailed, NativeMedia.unavailable("resampling sound", needs: "libsoxr").message) }
}
#endif
