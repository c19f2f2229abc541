/// "Did you mean" for misspelled names: the closest candidate by edit distance,
/// if it is close enough to be a likely typo. Run-time argument checks and
/// `glasses check` share it, so both suggest the same name.
public enum NameSuggestion {
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, name.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(name), Array(candidate))
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Edits (insert, delete, replace, or swap two neighbours: `fsp` is one edit from `fps`)
    /// between `a` and `b`, the optimal string alignment distance.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}

extension NameSuggestion {
    /// `" (did you mean 'x'?)"`, or "" when no candidate is close.
    public static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
