import WearablesAudio
import WearablesWire

extension WireAudioRoute {
    /// A simulated phone's audio route as the wire carries it, with AVAudioSession's names
    /// (read on the world's thread; `glasses serve` and the bridge's fake both send it).
    public init(_ audio: AudioSession, reason: String? = nil) {
        let port = { (port: AudioPortDescription) in
            WireAudioRoute.Port(type: port.type.rawValue, name: port.name, sampleRate: port.sampleRate)
        }
        self.init(inputs: audio.route.inputs.map(port), outputs: audio.route.outputs.map(port),
                  active: audio.isActive, interrupted: audio.isInterrupted, reason: reason)
    }
}
