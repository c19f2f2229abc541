import Testing
import WearablesAudio

/// The session state the DAT interactions consult: whether audio flows over HFP
/// (photos do not deliver) and whether HFP is configured (audio streams may start).
/// `DATInteractionTests` checks the interactions themselves on the simulator.
struct PhotoOverHFPTests {
    @Test func onlyAnActiveHFPRouteCountsAsAudioOverHFP() throws {
        let hfp = AudioRig(connected: true)
        try hfp.activateHFP()
        #expect(hfp.session.isRoutedOverHFPToGlasses)

        let a2dp = AudioRig(connected: true)
        try a2dp.session.configure(category: .playAndRecord, options: [.allowBluetoothA2DP])
        try a2dp.session.activate()
        #expect(!a2dp.session.isRoutedOverHFPToGlasses)

        let inactive = AudioRig(connected: true)
        try inactive.session.configure(category: .playAndRecord, options: [.allowBluetooth])
        #expect(!inactive.session.isRoutedOverHFPToGlasses)

        let dropped = AudioRig(connected: true)
        try dropped.activateHFP()
        dropped.glasses.setConnected(false)
        #expect(!dropped.session.isRoutedOverHFPToGlasses)
    }

    @Test func hfpConfiguredNeedsActiveBluetoothInput() throws {
        let rig = AudioRig(connected: true)
        #expect(!rig.session.isHFPConfigured)
        try rig.session.configure(category: .playAndRecord, options: [.allowBluetoothA2DP])
        try rig.session.activate()
        #expect(!rig.session.isHFPConfigured)
        #expect(rig.session.hfpConfigurationProblem?.contains("allowBluetooth") == true)
        try rig.session.configure(category: .playAndRecord, options: [.allowBluetooth])
        #expect(rig.session.isHFPConfigured)
        #expect(rig.session.hfpConfigurationProblem == nil)
        rig.glasses.setConnected(false)
        #expect(rig.session.hfpConfigurationProblem?.contains("no glasses") == true)
    }
}
