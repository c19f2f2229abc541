import LuaHost
import WearablesAudio
import WearablesCore

/// `cam:on("audio", fn(chunk))`: the audio of a stream configured with `audio_rate=`, as
/// DAT carries it, over the phone's HFP input from the glasses' microphone. The chunks
/// flow while the stream is `streaming`, so a paused or stopped stream sends none.
enum CameraAudio {
    static let needsAudio = "cam:on(\"audio\") needs a stream with audio: session:camera{audio_rate=16000} (or 44100, 48000)"

    /// Chunks for `deliver` while `camera` streams, from the phone's audio session.
    static func subscribe(_ camera: CameraStream, _ audio: AudioSession,
                          _ deliver: @escaping (StreamAudioTap.Chunk) -> Void) -> ListenerToken {
        guard case .pcm(let rate)? = camera.configuration.audioCodec else { return ListenerToken {} }
        var tap: StreamAudioTap?
        let states = camera.addStateListener { state in
            guard state == .streaming else {
                tap?.stop()
                tap = nil
                return
            }
            if tap == nil { tap = audio.streamAudioTap(rate: rate, deliver: deliver) }
        }
        return ListenerToken {
            states.cancel()
            tap?.stop()
            tap = nil
        }
    }

    /// Channels in a chunk: the glasses' HFP microphone is mono. DAT's `AudioCodec.pcm(sampleRate:numberOfChannels:)`
    /// takes a count; the stream audio it carries here is always one channel.
    static let channels = 1

    /// `{timestamp=, rate=, channels=1, level=, samples={...}}`, samples -1..1.
    static func value(_ chunk: StreamAudioTap.Chunk) -> LuaValue {
        .table([
            "timestamp": .number(chunk.timestamp), "rate": .integer(Int64(chunk.rate)), "channels": .integer(Int64(channels)),
            "level": .number(chunk.level),
            "samples": .array(chunk.samples.map { .number(Double($0)) }),
        ])
    }
}
