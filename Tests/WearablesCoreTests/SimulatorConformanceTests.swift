import Testing
import WearablesCore
import WearablesSimulator

@Suite struct SimulatorConformanceTests {
    let suite = BackendConformance {
        let world = SimulatedWorld.ready()
        return world.kit
    }

    @Test func reportsAConnectedDevice() throws { try suite.reportsAConnectedDevice() }
    @Test func sessionsOpenAndClose() throws { try suite.sessionsOpenAndClose() }
    @Test func cameraDeliversFramesAtTheRequestedRate() throws { try suite.cameraDeliversFramesAtTheRequestedRate() }
    @Test func photosAreDecodableImages() throws { try suite.photosAreDecodableImages() }
}
