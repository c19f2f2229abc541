/// The "did you mean" of a refused field name: the known name closest to it, when one
/// is close enough to be a slip (a letter wrong, missing, extra or two swapped, or a
/// different case) rather than another word.
enum FieldSuggestion {
    static func closest(to word: String, among names: [String]) -> String? {
        let typed = Array(word.lowercased())
        let allowed = typed.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = editDistance(typed, Array(name.lowercased()))
            if distance <= allowed, distance < best?.distance ?? .max { best = (name, distance) }
        }
        return best?.name
    }

    /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`:
    /// the optimal string alignment distance.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
