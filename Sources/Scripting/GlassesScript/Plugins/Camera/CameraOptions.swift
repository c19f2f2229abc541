import LuaHost
import WearablesCore

/// The options of `session:camera{...}`, which `wearables.stream{...}` shares (plus
/// `selector`): one declaration each, so the check, the docs and the defaults agree.
enum CameraOptions {
    static let resolution = LuaArgument.enum("resolution", StreamingResolution.self, default: .medium)
    static let fps = LuaArgument.integer("fps", oneOf: StreamConfiguration.validFrameRates,
                                          default: StreamConfiguration.defaultFrameRate)
    static let codec = LuaArgument.enum("codec", VideoCodec.self, default: .raw)
    /// DAT's audioCodec: PCM from the glasses' microphones; such a stream needs HFP configured first.
    static let audioRate = LuaArgument.optionalInteger("audio_rate", oneOf: AudioCodec.validSampleRates)

    static let fields = [resolution.parameter, fps.parameter, codec.parameter, audioRate.parameter]

    /// The stream configuration an options table (argument `n`) asks for; nil: every default.
    static func configuration(_ options: LuaTableArgument?, argument n: Int) throws -> StreamConfiguration {
        let (codec, audioRate, resolution, fps) =
            (try codec.value(in: options), try audioRate.value(in: options), try resolution.value(in: options), try fps.value(in: options))
        do {
            return try StreamConfiguration(
                videoCodec: codec, audioCodec: audioRate.map { .pcm(sampleRate: $0) }, resolution: resolution, frameRate: fps)
        } catch let error as StreamConfigurationError {
            throw LuaArgumentError(argument: n, message: error.message)
        }
    }

    /// The `selector` field of `wearables.stream`'s options, if any.
    static var selector: LuaArgument<ScriptSelector?> {
        LuaArgument<ScriptSelector?>(.optional("selector", .named("Selector")), absent: .some(nil)) { call, n in
            call.isNil(n) ? nil : try call.userdata(n, as: ScriptSelector.self)
        }
    }
}
