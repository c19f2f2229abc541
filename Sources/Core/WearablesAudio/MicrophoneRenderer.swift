#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WearablesCore

/// Turns a `MicrophoneFeed` into samples at the rate of the port that hears it.
/// Keeps the tone's phase and the file's read position between blocks, so
/// consecutive blocks join without clicks.
final class MicrophoneRenderer {
    private let noise: any AudioNoiseSource
    private var tonePhase = 0.0
    private var fileStream: FileFeedStream?
    private var spoken: (text: String, rate: Double, samples: [Float], position: Int)?

    init(noise: any AudioNoiseSource) {
        self.noise = noise
    }

    func render(_ feed: MicrophoneFeed, frames: Int, rate: Double) throws(AudioError) -> [Float] {
        guard frames > 0 else { return [] }
        switch feed {
        case .silence:
            return [Float](repeating: 0, count: frames)
        case .tone(let hz, let amplitude):
            let step = 2 * Double.pi * hz / rate
            let samples = (0..<frames).map { Float(amplitude * sin(tonePhase + Double($0) * step)) }
            tonePhase = (tonePhase + Double(frames) * step).truncatingRemainder(dividingBy: 2 * Double.pi)
            return samples
        case .noise(let amplitude):
            return (0..<frames).map { _ in Float(amplitude * noise.nextSample()) }
        case .file(let path, let checked):
            if fileStream?.path != path || fileStream?.checked != checked || fileStream?.rate != rate {
                fileStream = try FileFeedStream(path: path, checked: checked, rate: rate)
            }
            guard let fileStream else { return [] }
            return try fileStream.next(frames: frames)
        case .speech(let text):
            if spoken?.text != text || spoken?.rate != rate {
                let said = try SpeechSynthesizer.synthesize(text, rate: rate)
                spoken = (text, rate, said + [Float](repeating: 0, count: Int(MicrophoneFeed.spokenPause * rate)), 0)
            }
            guard var utterance = spoken, !utterance.samples.isEmpty else { return [Float](repeating: 0, count: frames) }
            var block: [Float] = []
            block.reserveCapacity(frames)
            while block.count < frames {
                let end = min(utterance.position + frames - block.count, utterance.samples.count)
                block += utterance.samples[utterance.position..<end]
                utterance.position = end == utterance.samples.count ? 0 : end
            }
            spoken = utterance
            return block
        }
    }
}

/// A sound file played into a microphone: looped, mixed to mono, resampled to the port's rate.
/// Reads the feed's held file (by its descriptor's name, so a link swapped in at `path`
/// since the check is never followed) or reports the one found missing; a feed given by
/// path alone (the user's own code, tests) is opened here, refusing a FIFO or device.
private final class FileFeedStream {
    let path: String
    let checked: CheckedFile?
    let rate: Double
    private let reader: SoundFileReader
    private let resampler: SoxrResampler?
    private var pending: [Float] = []

    init(path: String, checked: CheckedFile?, rate: Double) throws(AudioError) {
        var file = checked
        if file == nil {
            do { file = .held(try RegularFile.open(path)) } catch {
                if !error.missing { throw AudioError(.feedUnavailable, "microphone feed '\(path)': \(error.reason)") }
                file = .missing
            }
        }
        do {
            reader = try SoundFileReader(path: path, checked: file)
        } catch {
            throw AudioError(.feedUnavailable, "microphone feed: \(error.message)")
        }
        self.path = path
        self.checked = checked
        self.rate = rate
        resampler = reader.sampleRate == rate ? nil : try SoxrResampler(from: reader.sampleRate, to: rate)
    }

    func next(frames: Int) throws(AudioError) -> [Float] {
        while pending.count < frames {
            var chunk = reader.readMono(maxFrames: 1024)
            if chunk.isEmpty {
                reader.rewind()
                chunk = reader.readMono(maxFrames: 1024)
            }
            guard !chunk.isEmpty else {
                throw AudioError(.feedUnavailable, "microphone feed '\(path)' stopped yielding samples")
            }
            pending += try resampler?.process(chunk) ?? chunk
        }
        let block = Array(pending[0..<frames])
        pending.removeFirst(frames)
        return block
    }
}
