import Foundation
import ScriptTestSupport
import Testing
import WearablesSimulator

@testable import GlassesScript

/// docs/chaos.md's table of what each fault does is generated from `ChaosKind.effects`, with
/// the simulator's own timings, and checked in: a kind, an effect or a timing that changes
/// without the table fails here (GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden rewrites it).
@Suite struct ChaosEffectsGoldenTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/chaos.md").standardizedFileURL
    static let begin = "<!-- generated from ChaosKind.effects: GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden rewrites it -->\n"
    static let end = "<!-- end of the generated table -->"
    static let timing = ChaosThresholds(
        doffPause: SimulatedGlasses.doffPauseDelay, doffStop: SimulatedGlasses.doffStopDelay, linkLossGrace: SimulatedGlasses.linkLossGrace, warmRefusal: SimulatedGlasses.warmRefusalDelay,
        criticalBattery: SimulatedGlasses.criticalBatteryLevel, lowBattery: SimulatedGlasses.lowBatteryLevel)

    @Test func theTableInChaosMdIsTheKindsEffects() throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        let start = try #require(page.range(of: Self.begin), "docs/chaos.md has no line \(Self.begin)")
        let stop = try #require(page.range(of: Self.end, range: start.upperBound..<page.endIndex), "docs/chaos.md has no \(Self.end)")
        let current = String(page[start.upperBound..<stop.lowerBound])
        let generated = ChaosEffects.markdown(Self.timing)
        if Golden.isUpdating {
            return try page.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: generated).write(to: Self.page, atomically: true, encoding: .utf8)
        }
        #expect(current == generated, "docs/chaos.md's table is not what ChaosKind.effects says; run \(Golden.refreshCommand)\n\(Golden.diff(from: current, to: generated))")
    }

    @Test func everyKindHasARowNamingIt() {
        let table = ChaosEffects.markdown(Self.timing)
        for kind in ChaosKind.allCases {
            #expect(!kind.effects(Self.timing).isEmpty, "\(kind)")
            #expect(kind.effects(Self.timing).allSatisfy { $0.fault.hasPrefix("`\(kind.rawValue)`") }, "\(kind)")
            #expect(table.contains("| `\(kind.rawValue)`"), "\(kind)")
        }
    }

    /// The timings a policy is written against come from the simulator's model, not from memory.
    @Test func theDoffAndDropRowsQuoteTheSimulatorsTimings() {
        let table = ChaosEffects.markdown(Self.timing)
        #expect(table.contains("| `doff` of 3 s to 30 s | `paused` 3 s after the doff, `started` at the don |"), "\(table)")
        #expect(table.contains("| `doff` over 30 s | `stopped` 30 s after the doff, `unexpectedError` |"))
        #expect(table.contains("| `disconnect` over 10 s | `paused`, then `stopped` 10 s after the drop |"))
        let slower = ChaosThresholds(doffPause: 4, doffStop: 45, linkLossGrace: 12.5, warmRefusal: 0.15, criticalBattery: 5, lowBattery: 10)
        #expect(ChaosEffects.markdown(slower).contains("| `doff` over 45 s | `stopped` 45 s after the doff"))
        #expect(ChaosEffects.markdown(slower).contains("| `disconnect` over 12.5 s |"))
    }
}
