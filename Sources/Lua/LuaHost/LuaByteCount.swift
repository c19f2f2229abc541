/// Sizes as people write them on command lines: `64M`, `512K`, `1G`, `1000`.
public enum LuaByteCount {
    /// Parses a size with an optional K, M or G suffix (powers of 1024), case-insensitive.
    public static func parse(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text.uppercased())
        if digits.hasSuffix("B") { digits = digits.dropLast() }
        var multiplier = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }

    /// The inverse of ``parse(_:)`` for round sizes, else bytes.
    public static func format(_ bytes: Int) -> String {
        for (unit, size) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes >= size && bytes % size == 0 {
            return "\(bytes / size)\(unit)"
        }
        return "\(bytes) bytes"
    }
}
