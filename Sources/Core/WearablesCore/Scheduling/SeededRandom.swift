/// The world's one random generator (SplitMix64): tiny, fast, and fully determined
/// by its seed, so a run's randomness is reproducible from `--seed`.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    /// A uniform Double in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A stateless hash of `value`: lets lazily computed content (noise pixels, scene
    /// segments) be random yet independent of when, or whether, it is computed.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `mix` mapped to [0, 1).
    public static func unit(_ value: UInt64) -> Double { Double(mix(value) >> 11) * 0x1.0p-53 }
}
