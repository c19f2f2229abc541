#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why one seed failed, as its stderr says: the check that failed and its message, or
/// the run's own last word (an uncaught error, a usage error).
struct SweepFailureCause: Equatable {
    /// The `expect` check that failed, or nil when the run failed otherwise.
    let check: String?
    let message: String

    /// Reads the cause from a failed run's stderr: the last `glasses: check 'NAME' failed at T s: MESSAGE`
    /// line, else the last `glasses: ` line, else the last line.
    init(stderr: String, code: Int32) {
        let lines = stderr.split(separator: "\n").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\r" }.reversed()) }
            .filter { !$0.isEmpty }
        for line in lines.reversed() {
            guard line.hasPrefix("glasses: check '"), let close = line.dropFirst(16).firstIndex(of: "'"),
                let colon = line[close...].firstRange(of: " s: ")
            else { continue }
            check = String(line[line.index(line.startIndex, offsetBy: 16)..<close])
            message = String(line[colon.upperBound...])
            return
        }
        check = nil
        if let line = lines.last(where: { $0.hasPrefix("glasses: ") }) {
            message = String(line.dropFirst(9))
        } else if let line = lines.last {
            message = line
        } else {
            message = code > 128 ? "ended by signal \(code - 128), with no output" : "exit \(code), with no output"
        }
    }

    init(check: String?, message: String) {
        self.check = check
        self.message = message
    }

    /// The message with its varying numbers (times, counts, device numbers) as `#`, so one cause met
    /// at different moments of different seeds is one group. A line number after `.lua:` is kept:
    /// two lines that raise are two causes.
    var pattern: String {
        var out = ""
        var index = message.startIndex
        while index < message.endIndex {
            let character = message[index]
            guard character.isASCII, character.isNumber else {
                out.append(character)
                index = message.index(after: index)
                continue
            }
            var end = message[index...].firstIndex { !($0.isASCII && $0.isNumber) } ?? message.endIndex
            if out.hasSuffix(".lua:") {
                out += message[index..<end]
                index = end
                continue
            }
            // A decimal fraction is part of the number.
            if end < message.endIndex, message[end] == ".", let next = message.index(end, offsetBy: 1, limitedBy: message.endIndex),
                next < message.endIndex, message[next].isASCII, message[next].isNumber {
                end = message[next...].firstIndex { !($0.isASCII && $0.isNumber) } ?? message.endIndex
            }
            out.append("#")
            index = end
        }
        return out
    }
}

/// Failed seeds that failed the same way: the same exit code, check and message pattern.
struct SweepFailureGroup {
    let code: Int32
    let check: String?
    let pattern: String
    /// The group's seeds, in order.
    let seeds: [UInt64]

    /// How a group is named in the summary: `check 'NAME'`, or `exit N`.
    var title: String { check.map { "check '\($0)'" } ?? "exit \(code)" }

    /// The failures, grouped; the largest group first, then by first seed.
    static func groups(_ failures: [SweepRun]) -> [SweepFailureGroup] {
        var order: [String] = []
        var members: [String: (code: Int32, cause: SweepFailureCause, seeds: [UInt64])] = [:]
        for run in failures.sorted(by: { $0.seed < $1.seed }) {
            let key = "\(run.code)\u{0}\(run.cause.check ?? "")\u{0}\(run.cause.pattern)"
            if members[key] == nil {
                order.append(key)
                members[key] = (run.code, run.cause, [])
            }
            members[key]?.seeds.append(run.seed)
        }
        let groups = order.compactMap { key in
            members[key].map { SweepFailureGroup(code: $0.code, check: $0.cause.check, pattern: $0.cause.pattern, seeds: $0.seeds) }
        }
        return groups.enumerated().sorted { ($0.element.seeds.count, -$0.offset) > ($1.element.seeds.count, -$1.offset) }.map(\.element)
    }

    /// The first few seeds, and how many more: `seeds 3, 7, 12, 19, 24 and 115 more`.
    func seedList(showing count: Int = 5) -> String {
        let shown = seeds.prefix(count).map(String.init).joined(separator: ", ")
        let rest = seeds.count - min(count, seeds.count)
        return (seeds.count == 1 ? "seed " : "seeds ") + shown + (rest > 0 ? " and \(rest) more" : "")
    }

    /// The first `count` seeds to shrink: the first seed of each group, then the second of each,
    /// and so on, so a few shrinks cover as many causes as they can. One group: its first seeds.
    static func firstSeeds(of groups: [SweepFailureGroup], count: Int) -> [UInt64] {
        var chosen: [UInt64] = []
        var round = 0
        while chosen.count < count, groups.contains(where: { $0.seeds.count > round }) {
            for group in groups where group.seeds.count > round && chosen.count < count { chosen.append(group.seeds[round]) }
            round += 1
        }
        return chosen.sorted()
    }
}
