#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `mock.chaos{...}` asks for: a rate per hour for each fault kind, how
/// long each lasts, the calm between faults, and which glasses.
struct ChaosPlan {
    /// Faults per hour of run time, by kind.
    var rates: [ChaosKind: Double] = [:]
    /// Durations by kind, overriding the kind's default range.
    var durations: [ChaosKind: ClosedRange<Double>] = [:]
    /// Seconds from one fault clearing to the next starting.
    var minimumGap: Double = 0
    /// Glasses ids to pick from (all paired glasses when empty).
    var devices: [String] = []
    /// Run-time window faults are drawn in.
    var window: ClosedRange<Double>

    /// Draws the schedule: each kind is a Poisson process at its rate (exponential
    /// gaps), then faults closer than `minimumGap` to the previous one's end are
    /// dropped. The generator is the chaos stream of the run's seed, separate from
    /// the world's, so turning chaos on does not change the rest of the run's randomness.
    /// More faults than a run could use: drawing stops there with an error, so a rate or span
    /// typed with a few zeros too many is refused instead of hanging the run.
    static let maximumFaults = 100_000

    func draw(seed: UInt64) throws -> ChaosSchedule {
        var random = SeededRandom(seed: SeededRandom.mix(seed ^ 0xC4A0_5C4E_D01E_0001))
        var candidates: [ChaosFault] = []
        for kind in ChaosKind.allCases {
            guard let rate = rates[kind], rate > 0, !devices.isEmpty else { continue }
            let range = durations[kind] ?? kind.defaultDurations
            var t = window.lowerBound
            while true {
                t += -log(1 - random.unit()) * 3600 / rate
                guard t <= window.upperBound else { break }
                guard candidates.count < Self.maximumFaults else {
                    throw ChaosPlanError(message: "rates and span ask for more than \(Self.maximumFaults) faults; lower the rates (per hour) or the span (seconds)")
                }
                let device = devices[Int(random.next() % UInt64(devices.count))]
                candidates.append(ChaosFault(t: ChaosFault.rounded(t), kind: kind, device: device,
                                             duration: ChaosFault.rounded(Self.logUniform(range, &random))))
            }
        }
        candidates.sort { ($0.t, $0.kind.rawValue) < ($1.t, $1.kind.rawValue) }
        var faults: [ChaosFault] = []
        var calmFrom = -Double.infinity
        for fault in candidates where fault.t >= calmFrom {
            faults.append(fault)
            calmFrom = fault.t + fault.duration + minimumGap
        }
        return ChaosSchedule(seed: seed, faults: faults)
    }

    /// Log-uniform in `range`: short faults are common, long ones rare, as drops are.
    private static func logUniform(_ range: ClosedRange<Double>, _ random: inout SeededRandom) -> Double {
        guard range.lowerBound > 0, range.upperBound > range.lowerBound else {
            return range.lowerBound + (range.upperBound - range.lowerBound) * random.unit()
        }
        return exp(log(range.lowerBound) + (log(range.upperBound) - log(range.lowerBound)) * random.unit())
    }
}

struct ChaosPlanError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
