import Testing
import WearablesAudio

/// iOS's routing rules, one row per routing-relevant option set; the mixing
/// options never change a route and are checked separately.
struct RouteSelectionTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let category: AudioSessionCategory
        let options: Set<AudioSessionOption>
        let glasses: Bool
        let input: AudioPortType?
        let output: AudioPortType?

        var testDescription: String {
            "\(category.rawValue) \(options.map(\.rawValue).sorted()) glasses=\(glasses)"
        }
    }

    static let rows: [Row] = [
        Row(category: .playAndRecord, options: [], glasses: false, input: .builtInMic, output: .builtInReceiver),
        Row(category: .playAndRecord, options: [], glasses: true, input: .builtInMic, output: .builtInReceiver),
        Row(category: .playAndRecord, options: [.defaultToSpeaker], glasses: false, input: .builtInMic, output: .builtInSpeaker),
        Row(category: .playAndRecord, options: [.defaultToSpeaker], glasses: true, input: .builtInMic, output: .builtInSpeaker),
        Row(category: .playAndRecord, options: [.allowBluetooth], glasses: false, input: .builtInMic, output: .builtInReceiver),
        Row(category: .playAndRecord, options: [.allowBluetooth], glasses: true, input: .bluetoothHFP, output: .bluetoothHFP),
        Row(category: .playAndRecord, options: [.allowBluetooth, .defaultToSpeaker], glasses: false, input: .builtInMic, output: .builtInSpeaker),
        Row(category: .playAndRecord, options: [.allowBluetooth, .defaultToSpeaker], glasses: true, input: .bluetoothHFP, output: .bluetoothHFP),
        Row(category: .playAndRecord, options: [.allowBluetoothA2DP], glasses: false, input: .builtInMic, output: .builtInReceiver),
        Row(category: .playAndRecord, options: [.allowBluetoothA2DP], glasses: true, input: .builtInMic, output: .bluetoothA2DP),
        Row(category: .playAndRecord, options: [.allowBluetoothA2DP, .defaultToSpeaker], glasses: false, input: .builtInMic, output: .builtInSpeaker),
        Row(category: .playAndRecord, options: [.allowBluetoothA2DP, .defaultToSpeaker], glasses: true, input: .builtInMic, output: .bluetoothA2DP),
        Row(category: .playAndRecord, options: [.allowBluetooth, .allowBluetoothA2DP], glasses: false, input: .builtInMic, output: .builtInReceiver),
        Row(category: .playAndRecord, options: [.allowBluetooth, .allowBluetoothA2DP], glasses: true, input: .bluetoothHFP, output: .bluetoothHFP),
        Row(category: .playAndRecord, options: [.allowBluetooth, .allowBluetoothA2DP, .defaultToSpeaker], glasses: false, input: .builtInMic, output: .builtInSpeaker),
        Row(category: .playAndRecord, options: [.allowBluetooth, .allowBluetoothA2DP, .defaultToSpeaker], glasses: true, input: .bluetoothHFP, output: .bluetoothHFP),
        Row(category: .record, options: [], glasses: false, input: .builtInMic, output: nil),
        Row(category: .record, options: [], glasses: true, input: .builtInMic, output: nil),
        Row(category: .record, options: [.allowBluetooth], glasses: false, input: .builtInMic, output: nil),
        Row(category: .record, options: [.allowBluetooth], glasses: true, input: .bluetoothHFP, output: nil),
        Row(category: .playback, options: [], glasses: false, input: nil, output: .builtInSpeaker),
        Row(category: .playback, options: [], glasses: true, input: nil, output: .bluetoothA2DP),
        Row(category: .ambient, options: [], glasses: false, input: nil, output: .builtInSpeaker),
        Row(category: .ambient, options: [], glasses: true, input: nil, output: .bluetoothA2DP),
        Row(category: .soloAmbient, options: [], glasses: false, input: nil, output: .builtInSpeaker),
        Row(category: .soloAmbient, options: [], glasses: true, input: nil, output: .bluetoothA2DP),
    ]

    @Test(arguments: rows)
    func routeFollowsIOSRules(_ row: Row) throws {
        let rig = AudioRig(connected: row.glasses)
        try rig.session.configure(category: row.category, options: row.options)
        #expect(rig.session.route.input?.type == row.input)
        #expect(rig.session.route.output?.type == row.output)
        #expect(rig.session.route.inputs.count == (row.input == nil ? 0 : 1))
        #expect(rig.session.route.outputs.count == (row.output == nil ? 0 : 1))
    }

    @Test(arguments: rows)
    func mixingOptionsNeverChangeTheRoute(_ row: Row) throws {
        guard row.category != .record, row.category != .soloAmbient else { return }
        let rig = AudioRig(connected: row.glasses)
        try rig.session.configure(category: row.category, options: row.options)
        let plain = rig.session.route
        for mixing in [[AudioSessionOption.mixWithOthers], [.duckOthers], [.mixWithOthers, .duckOthers]] {
            try rig.session.configure(category: row.category, options: row.options.union(mixing))
            #expect(rig.session.route == plain)
        }
    }

    /// Which categories accept each option, per AVAudioSession's documentation.
    static let accepted: [AudioSessionOption: Set<AudioSessionCategory>] = [
        .mixWithOthers: [.ambient, .playback, .playAndRecord],
        .duckOthers: [.ambient, .playback, .playAndRecord],
        .allowBluetooth: [.record, .playAndRecord],
        .allowBluetoothA2DP: [.playAndRecord],
        .defaultToSpeaker: [.playAndRecord],
    ]

    @Test(arguments: AudioSessionCategory.allCases, AudioSessionOption.allCases)
    func optionsOutsideTheirCategoriesAreRejected(_ category: AudioSessionCategory, _ option: AudioSessionOption) {
        let rig = AudioRig()
        let valid = Self.accepted[option]?.contains(category) == true
        do {
            try rig.session.configure(category: category, options: [option])
            #expect(valid)
            #expect(rig.session.configuration.category == category)
        } catch {
            #expect(!valid)
            #expect(error.code == .badParam)
            #expect(error.message.contains(option.rawValue))
        }
    }

    @Test func voiceChatModeImpliesHFP() throws {
        let rig = AudioRig(connected: true)
        try rig.session.configure(category: .playAndRecord, mode: .voiceChat)
        #expect(rig.session.route.input?.type == .bluetoothHFP)
        #expect(rig.session.route.output?.type == .bluetoothHFP)
    }

    @Test func videoChatModeImpliesHFPAndSpeaker() throws {
        let withGlasses = AudioRig(connected: true)
        try withGlasses.session.configure(category: .playAndRecord, mode: .videoChat)
        #expect(withGlasses.session.route.input?.type == .bluetoothHFP)
        let without = AudioRig(connected: false)
        try without.session.configure(category: .playAndRecord, mode: .videoChat)
        #expect(without.session.route.output?.type == .builtInSpeaker)
    }

    @Test(arguments: HFPSampleRate.allCases)
    func hfpPortsRunAtTheConfiguredRate(_ rate: HFPSampleRate) throws {
        let rig = AudioRig(hfpSampleRate: rate)
        try rig.activateHFP()
        #expect(rig.session.route.input?.sampleRate == rate.rawValue)
        #expect(rig.session.route.input?.name == "Ray-Ban Meta")
    }

    @Test func builtInMicRunsAt48kHz() throws {
        let rig = AudioRig(connected: false)
        try rig.activateHFP()
        #expect(rig.session.route.input?.type == .builtInMic)
        #expect(rig.session.route.input?.sampleRate == 48000)
    }
}
