/// A semantic version (semver.org): `MAJOR.MINOR.PATCH`, an optional `-prerelease`,
/// build metadata (`+...`) ignored. `1.2` reads as `1.2.0`, as in LuaRocks and npm ranges.
public struct SemanticVersion: Sendable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int
    public let prerelease: [String]

    public init(major: Int, minor: Int, patch: Int, prerelease: [String] = []) {
        (self.major, self.minor, self.patch, self.prerelease) = (major, minor, patch, prerelease)
    }

    public init?(_ text: String) {
        let core = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let parts = core.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(numbers.count), numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }) else { return nil }
        let values = numbers.compactMap { Int($0) }
        guard values.count == numbers.count, values.allSatisfy({ $0 >= 0 }) else { return nil }
        let prerelease = parts.count > 1 ? parts[1].split(separator: ".", omittingEmptySubsequences: false).map(String.init) : []
        guard !prerelease.contains(where: \.isEmpty) else { return nil }
        self.init(major: values[0], minor: values.count > 1 ? values[1] : 0, patch: values.count > 2 ? values[2] : 0, prerelease: prerelease)
    }

    public var description: String {
        "\(major).\(minor).\(patch)" + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: "."))
    }

    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        // A prerelease comes before its release; identifiers compare numerically when both are numbers.
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        default: break
        }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (Int(left), Int(right)) {
            case (let l?, let r?): return l < r
            case (_?, nil): return true
            case (nil, _?): return false
            default: return left < right
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch) && lhs.prerelease == rhs.prerelease
    }
}

/// A version requirement: comparators that must all hold (`>=1.2, <2`), or `*`.
/// `^1.2` allows what is compatible with 1.2 (below 2.0; below 0.3 for `^0.2`),
/// `~1.2` allows patches (below 1.3), a bare version means exactly it.
public struct VersionRange: Sendable, CustomStringConvertible {
    private enum Operator: String { case atLeast = ">=", above = ">", atMost = "<=", below = "<", exactly = "=" }
    private let comparators: [(Operator, SemanticVersion)]
    public let description: String

    public static let syntax = "a version range such as ^1.2, ~1.2.3, \">=1.0, <2\" (each must hold), 1.2.3 or *"

    public init(_ text: String) throws(RecipeError) {
        description = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        var comparators: [(Operator, SemanticVersion)] = []
        for raw in description.split(whereSeparator: { $0 == "," || $0 == " " }) where raw != "*" {
            var term = String(raw)
            let op: String
            if term.hasPrefix("^") || term.hasPrefix("~") {
                op = String(term.removeFirst())
            } else {
                let prefix = [">=", "<=", ">", "<", "="].first { term.hasPrefix($0) } ?? ""
                term.removeFirst(prefix.count)
                op = prefix.isEmpty ? "=" : prefix
            }
            guard let version = SemanticVersion(term) else {
                throw RecipeError("'\(text)' is not a version range: '\(raw)' has no version; use \(Self.syntax)")
            }
            switch op {
            case "^":
                comparators.append((.atLeast, version))
                let next = version.major > 0 ? SemanticVersion(major: version.major + 1, minor: 0, patch: 0)
                    : version.minor > 0 ? SemanticVersion(major: 0, minor: version.minor + 1, patch: 0)
                    : SemanticVersion(major: 0, minor: 0, patch: version.patch + 1)
                comparators.append((.below, next))
            case "~":
                comparators.append((.atLeast, version))
                comparators.append((.below, SemanticVersion(major: version.major, minor: version.minor + 1, patch: 0)))
            default:
                comparators.append((Operator(rawValue: op)!, version))
            }
        }
        guard !description.isEmpty else { throw RecipeError("an empty version range; use \(Self.syntax)") }
        self.comparators = comparators
    }

    public func contains(_ version: SemanticVersion) -> Bool {
        comparators.allSatisfy { op, bound in
            switch op {
            case .atLeast: version >= bound
            case .above: version > bound
            case .atMost: version <= bound
            case .below: version < bound
            case .exactly: version == bound
            }
        }
    }
}
