#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Durations as users write them: `90`, `1.5`, `500ms`, `30s`, `5m`, `2h`.
public enum DurationParser {
    /// Seconds, or nil when `text` is not a duration.
    public static func seconds(_ text: String) -> Double? {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let trimmed = text.trimmingWhitespace()
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            guard let value = Double(trimmed.dropLast(suffix.count)), value.isFinite, value >= 0 else { return nil }
            return value * scale
        }
        guard let value = Double(trimmed), value.isFinite, value >= 0 else { return nil }
        return value
    }
}
