import Testing
import WearablesCore
import WearablesSimulator

/// The simulator through the whole backend contract: `runAll` is the one list
/// of checks, so a check added there runs here without a second list to keep.
@Suite struct SimulatorConformanceTests {
    @Test func theSimulatorHonoursTheBackendContract() throws {
        try BackendConformance { SimulatedWorld.ready().kit }.runAll()
    }
}
