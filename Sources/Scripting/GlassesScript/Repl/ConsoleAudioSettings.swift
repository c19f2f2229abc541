import WearablesAudio
import WearablesCore
import WearablesWorld

/// What a console worker's code set on its phone's audio session (category, mode,
/// options, the speaker override, active or not), carried to the served world so the
/// served phone does the same. A `glasses serve` console runs in a worker process with
/// a phone of its own; without this, `audio.configure{}` or `audio.activate()` typed in
/// the dashboard's console would move only the worker's session, and the dashboard's
/// audio panel and `audio_route` (the served phone's) would never show it.
public struct ConsoleAudioSettings: Equatable, Sendable {
    public var configuration: AudioSessionConfiguration
    public var speaker: Bool
    public var active: Bool

    /// The settings of `world`'s phone now.
    public init(of world: any GlassesWorld) {
        configuration = world.audio.configuration
        speaker = world.audio.isOutputOverriddenToSpeaker
        active = world.audio.isActive
    }

    /// Read from ``json``; nil when a field is missing or not one of the names.
    public init?(json: JSONValue) {
        guard let category = json["category"]?.string.flatMap(AudioSessionCategory.init(rawValue:)),
              let mode = json["mode"]?.string.flatMap(AudioSessionMode.init(rawValue:)),
              let names = json["options"]?.array,
              case .bool(let speaker)? = json["speaker"], case .bool(let active)? = json["active"]
        else { return nil }
        let options = names.compactMap { $0.string.flatMap(AudioSessionOption.init(rawValue:)) }
        guard options.count == names.count else { return nil }
        configuration = AudioSessionConfiguration(category: category, mode: mode, options: Set(options))
        self.speaker = speaker
        self.active = active
    }

    public var json: JSONValue {
        .object([
            "category": .string(configuration.category.rawValue), "mode": .string(configuration.mode.rawValue),
            "options": .array(configuration.options.map(\.rawValue).sorted().map(JSONValue.string)),
            "speaker": .bool(speaker), "active": .bool(active),
        ])
    }

    /// Makes `world`'s phone match, changing only what differs (each change is a route
    /// change its listeners hear once). A configuration the phone refuses, or an
    /// activation during its phone call, is left as the phone has it: what the
    /// dashboard shows is then the served phone's truth, as on a real phone.
    public func apply(to world: any GlassesWorld) {
        let audio = world.audio
        if audio.configuration != configuration { try? audio.configure(configuration) }
        if audio.isOutputOverriddenToSpeaker != speaker { audio.overrideOutputToSpeaker(speaker) }
        guard audio.isActive != active else { return }
        if active { try? audio.activate() } else { audio.deactivate() }
    }
}
