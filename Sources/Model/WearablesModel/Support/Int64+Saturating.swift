extension Int64 {
    /// `value` rounded to the nearest whole number and held to Int64's range (NaN is 0): for a
    /// count of nanoseconds or milliseconds made from a run's clock, which a script can move as
    /// far as it likes (`after(1e10, fn)`). `Int64(_:)` would trap past Int64.max and end the host.
    public init(saturating value: Double) {
        let rounded = value.rounded()
        if rounded.isNaN {
            self = 0
        } else if rounded >= 0x1p63 {
            self = .max
        } else if rounded < -0x1p63 {
            self = .min
        } else {
            self = Int64(rounded)
        }
    }
}
