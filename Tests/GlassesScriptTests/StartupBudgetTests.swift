import Foundation
import ScriptTestSupport
import Testing

/// What keeps `glasses run` quick to start. The Swift runtime scans every
/// protocol conformance in the binary on each first lookup, and ArgumentParser
/// makes about a hundred of them at start-up, so the binary's size in
/// conformances is start-up time: all of Foundation alone added a quarter.
@Suite struct StartupBudgetTests {
    /// The binary uses FoundationEssentials only: one `String(format:)`,
    /// `FileHandle` or `Process` would pull all of Foundation back in.
    @Test func theBinaryUsesNothingFromFoundationBeyondItsEssentials() async throws {
        let undefined = try await GlassesProcess.launch("/usr/bin/nm", ["--undefined-only", GlassesProcess.binary])
        #expect(undefined.code == 0, "nm failed: \(undefined.stderr)")
        let fromFoundation = undefined.stdout.split(separator: "\n")
            .compactMap { $0.split(separator: " ").last.map(String.init) }
            // Foundation's own types (`$s10Foundation...`) and its extensions of others (`$sSS10FoundationE...`).
            .filter { $0.hasPrefix("$s") && $0.contains("10Foundation") }
        let names = try await GlassesProcess.launch("/usr/bin/env", ["swift-demangle", "--simplified"],
                                              input: fromFoundation.prefix(5).joined(separator: "\n"))
        #expect(fromFoundation.isEmpty, """
            glasses uses \(fromFoundation.count) symbols of Foundation, such as:
            \(names.stdout)Use FoundationEssentials and WearablesCore/Support (String(cFormat:), RawFile, DetachedThread) instead.
            """)
    }
}
