#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import WearablesCore

/// A failing seed's fault schedule, reduced to what the failure needs.
struct ShrinkResult {
    let seed: UInt64
    let original: Int
    let faults: [ChaosFault]
    let file: String
    let command: String
    let replays: Int
    let seconds: Double

    var summary: String {
        let kinds = faults.map { "\($0.kind.rawValue) at " + String(cFormat: "%.3f s for %.3f s", $0.t, $0.duration) }.joined(separator: ", ")
        return "shrunk \(original) faults to \(faults.count) (\(kinds)) in \(replays) replays, "
            + String(cFormat: "%.1f s", seconds) + "; replay: \(command)"
    }

    var json: JSONValue {
        .record(["file": file, "command": command, "original_faults": original, "faults": faults.count, "replays": replays, "seconds": seconds])
    }
}

/// Delta debugging over a failing seed's fault schedule, in the manner of
/// Hypothesis's shrinker: replay the same seed with candidate schedules
/// (`glasses run --faults`), keeping a candidate when it fails the same way
/// (same exit code). First drop faults (Zeller's ddmin), then shorten each
/// remaining fault, then move each later; what is left fails, and removing
/// any one fault makes it pass.
struct SweepShrinker {
    let seed: UInt64
    let code: Int32
    let scratch: String
    /// The run's arguments with a `--faults` file (or none) and a `--trace` file (or none).
    let arguments: (_ faults: String?, _ trace: String?) -> [String]
    let reproduce: (_ faults: String) -> String
    private(set) var replays = 0

    init(seed: UInt64, code: Int32, scratch: String, arguments: @escaping (String?, String?) -> [String],
         reproduce: @escaping (String) -> String) {
        self.seed = seed
        self.code = code
        self.scratch = scratch
        self.arguments = arguments
        self.reproduce = reproduce
    }

    /// Shrinks and writes the result to `folder/seed-N.json`; an error says why it could not.
    mutating func shrink(into folder: String) throws -> ShrinkResult {
        let started = Date()
        let trace = "\(scratch)/seed-\(seed).trace.jsonl"
        _ = try SweepProcess.run(arguments(nil, trace), seed: seed, scratch: scratch)
        guard let schedule = Self.schedule(inTrace: trace) else {
            throw SweepError("seed \(seed): its trace has no chaos schedule (the script does not call mock.chaos{}), so there is nothing to shrink")
        }
        var faults = schedule.faults
        guard try fails(faults) else {
            throw SweepError("seed \(seed): replaying its own schedule with --faults does not fail with exit \(code); the failure does not come from the faults alone")
        }
        faults = try dropFaults(faults)
        faults = try shorten(faults)
        faults = try moveLater(faults)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = "\(folder)/seed-\(seed).json"
        try (ChaosSchedule(seed: seed, faults: faults).json(pretty: true) + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        return ShrinkResult(seed: seed, original: schedule.faults.count, faults: faults, file: file, command: reproduce(file),
                            replays: replays, seconds: Date().timeIntervalSince(started))
    }

    static func schedule(inTrace path: String) -> ChaosSchedule? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.contains("\"source\":\"chaos\",\"event\":\"schedule\"") {
            guard let json = (try? JSONValue.parse(line.utf8))?["values"]?["schedule"]?.string else { continue }
            return try? ChaosSchedule.read(Data(json.utf8), from: path)
        }
        return nil
    }

    /// Whether the seed still fails the same way under `faults`.
    private mutating func fails(_ faults: [ChaosFault]) throws -> Bool {
        replays += 1
        let file = "\(scratch)/seed-\(seed)-candidate.json"
        try ChaosSchedule(seed: seed, faults: faults).json().write(toFile: file, atomically: true, encoding: .utf8)
        return try SweepProcess.run(arguments(file, nil), seed: seed, scratch: scratch).code == code
    }

    /// ddmin: try halves, then complements, at ever finer granularity.
    private mutating func dropFaults(_ start: [ChaosFault]) throws -> [ChaosFault] {
        var faults = start
        if try fails([]) { return [] }
        var parts = 2
        while faults.count >= 2 {
            let chunks = Self.split(faults, into: parts)
            var reduced = false
            for chunk in chunks {
                guard try fails(chunk) else { continue }
                faults = chunk
                parts = 2
                reduced = true
                break
            }
            if !reduced {
                for index in chunks.indices {
                    let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
                    guard try fails(complement) else { continue }
                    faults = complement
                    parts = max(parts - 1, 2)
                    reduced = true
                    break
                }
            }
            if !reduced {
                guard parts < faults.count else { break }
                parts = min(faults.count, parts * 2)
            }
        }
        return faults
    }

    /// Halves each fault's duration while the failure holds (at most 8 times a fault).
    private mutating func shorten(_ start: [ChaosFault]) throws -> [ChaosFault] {
        var faults = start
        for index in faults.indices {
            for _ in 0..<8 {
                guard faults[index].duration >= 0.002 else { break }
                var candidate = faults
                candidate[index].duration = ChaosFault.rounded(faults[index].duration / 2)
                guard try fails(candidate) else { break }
                faults = candidate
            }
        }
        return faults
    }

    /// Moves each fault later, by half its distance to the next one (or to its own duration past the
    /// last), while the failure holds: a later fault leaves more of the run undisturbed.
    private mutating func moveLater(_ start: [ChaosFault]) throws -> [ChaosFault] {
        var faults = start
        for index in faults.indices.reversed() {
            for _ in 0..<4 {
                let limit = index + 1 < faults.count ? faults[index + 1].t : faults[index].t + max(faults[index].duration, 1)
                let step = ChaosFault.rounded((limit - faults[index].t) / 2)
                guard step >= 0.001 else { break }
                var candidate = faults
                candidate[index].t = ChaosFault.rounded(faults[index].t + step)
                guard try fails(candidate) else { break }
                faults = candidate
            }
        }
        return faults
    }

    private static func split(_ faults: [ChaosFault], into parts: Int) -> [[ChaosFault]] {
        let size = Int((Double(faults.count) / Double(parts)).rounded(.up))
        return stride(from: 0, to: faults.count, by: max(size, 1)).map { Array(faults[$0..<min($0 + size, faults.count)]) }
    }
}

struct SweepError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
