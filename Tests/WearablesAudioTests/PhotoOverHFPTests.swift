import Testing
import WearablesAudio

/// The DAT interaction: photos do not deliver while audio is routed over HFP,
/// and audio streams need HFP configured first.
struct PhotoOverHFPTests {
    @Test func hfpRouteBlocksPhotosUntilSwitchedOff() throws {
        let rig = AudioRig(connected: true)
        try rig.activateHFP()
        #expect(rig.session.isRoutedOverHFPToGlasses)
        #expect(rig.session.blocksPhotoCapture)
        rig.session.hfpBlocksPhotoCapture = false
        #expect(!rig.session.blocksPhotoCapture)
        #expect(rig.session.isRoutedOverHFPToGlasses)
    }

    @Test func photosFlowWhenAudioIsNotOnHFP() throws {
        let a2dp = AudioRig(connected: true)
        try a2dp.session.configure(category: .playAndRecord, options: [.allowBluetoothA2DP])
        try a2dp.session.activate()
        #expect(!a2dp.session.blocksPhotoCapture)

        let inactive = AudioRig(connected: true)
        try inactive.session.configure(category: .playAndRecord, options: [.allowBluetooth])
        #expect(!inactive.session.blocksPhotoCapture)

        let dropped = AudioRig(connected: true)
        try dropped.activateHFP()
        dropped.glasses.setConnected(false)
        #expect(!dropped.session.blocksPhotoCapture)
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
