/// A category, mode and options, as passed to AVAudioSession's `setCategory`.
public struct AudioSessionConfiguration: Equatable, Sendable {
    public var category: AudioSessionCategory
    public var mode: AudioSessionMode
    public var options: Set<AudioSessionOption>

    public init(
        category: AudioSessionCategory = .soloAmbient,
        mode: AudioSessionMode = .default,
        options: Set<AudioSessionOption> = []
    ) {
        self.category = category
        self.mode = mode
        self.options = options
    }

    /// Rejects options the category does not accept, like AVAudioSession's `badParam`.
    public func validate() throws(AudioError) {
        let rejected = options.filter { !$0.allowedCategories.contains(category) }
            .map(\.rawValue).sorted()
        guard rejected.isEmpty else {
            throw AudioError(
                .badParam,
                "category \(category.rawValue) does not accept option(s) \(rejected.joined(separator: ", ")); "
                    + "allowBluetooth needs record or playAndRecord, allowBluetoothA2DP and defaultToSpeaker need playAndRecord"
            )
        }
    }

    /// The options in force: the explicit ones plus those a mode implies
    /// (voiceChat implies allowBluetooth; videoChat implies allowBluetooth and defaultToSpeaker).
    public var effectiveOptions: Set<AudioSessionOption> {
        var effective = options
        switch (mode, category) {
        case (.voiceChat, .playAndRecord):
            effective.insert(.allowBluetooth)
        case (.videoChat, .playAndRecord):
            effective.formUnion([.allowBluetooth, .defaultToSpeaker])
        case (.videoChat, .record):
            effective.insert(.allowBluetooth)
        default:
            break
        }
        return effective
    }
}
