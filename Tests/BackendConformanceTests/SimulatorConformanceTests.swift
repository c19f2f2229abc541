import Testing

/// The simulator through the whole backend contract: every entry of
/// `BackendConformance.checks`, each on a fresh world, each reported by name.
@Suite struct SimulatorConformanceTests {
    @Test(arguments: BackendConformance.checks.map(\.name))
    func theSimulatorHonours(_ behaviour: String) throws {
        let check = try #require(BackendConformance.checks.first { $0.name == behaviour }).check
        try check(SimulatorRig())
    }
}
