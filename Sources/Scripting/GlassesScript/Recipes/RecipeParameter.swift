import LuaHost
import RecipeLockFile

/// One typed parameter a recipe declares (OBS-style properties): checked and
/// converted before `start` runs, so a recipe never sees a malformed value.
public struct RecipeParameter: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case number, integer, string, boolean, `enum`, duration
    }

    public let name: String
    public let kind: Kind
    /// As written in the recipe (a duration stays "30s"); nil when the parameter is required.
    public let defaultText: String?
    public let minimum: Double?
    public let maximum: Double?
    /// The allowed values of an enum.
    public let values: [String]
    /// An enum declared with whole numbers only (`values = {2, 7, 15}`): the
    /// recipe gets the chosen value as an integer, as it wrote them.
    public let integerValues: Bool
    public let doc: String

    public init(
        name: String, kind: Kind, defaultText: String?, minimum: Double? = nil, maximum: Double? = nil,
        values: [String] = [], integerValues: Bool = false, doc: String = ""
    ) {
        self.name = name
        self.kind = kind
        self.defaultText = defaultText
        self.minimum = minimum
        self.maximum = maximum
        self.values = values
        self.integerValues = integerValues
        self.doc = doc
    }

    /// The value `start` receives for `text` (from `--param` or the default); durations become seconds.
    public func value(from text: String) throws(RecipeError) -> LuaValue {
        switch kind {
        case .string:
            return .string(text)
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "1", "on": return .boolean(true)
            case "false", "no", "0", "off": return .boolean(false)
            default: throw invalid(text, "use true or false")
            }
        case .enum:
            guard values.contains(text) else { throw invalid(text, "use one of \(values.joined(separator: ", "))") }
            if integerValues, let number = Int64(text) { return .integer(number) }
            return .string(text)
        case .integer:
            guard let number = Int64(text) else { throw invalid(text, "use a whole number, e.g. 3") }
            try checkBounds(Double(number), text)
            return .integer(number)
        case .number:
            guard let number = Double(text), number.isFinite else { throw invalid(text, "use a number, e.g. 0.5") }
            try checkBounds(number, text)
            return .number(number)
        case .duration:
            guard let seconds = DurationParser.seconds(text) else {
                throw invalid(text, "use a duration such as 30s, 500ms, 5m or 2h")
            }
            try checkBounds(seconds, text)
            return .number(seconds)
        }
    }

    /// "duration, default 30s, 1s..3600s" for `recipe info`.
    public var summary: String {
        var parts = [kind == .enum ? values.joined(separator: "|") : kind.rawValue]
        parts.append(defaultText.map { "default \($0)" } ?? "required")
        if minimum != nil || maximum != nil {
            parts.append("\(minimum.map(bound) ?? "")..\(maximum.map(bound) ?? "")")
        }
        return parts.joined(separator: ", ")
    }

    private func checkBounds(_ number: Double, _ text: String) throws(RecipeError) {
        if let minimum, number < minimum { throw invalid(text, "it must be at least \(bound(minimum))") }
        if let maximum, number > maximum { throw invalid(text, "it must be at most \(bound(maximum))") }
    }

    /// A bound as the user writes the value: durations are bounded in seconds,
    /// and a bare "1" next to "500ms" would read as one millisecond or one minute.
    private func bound(_ number: Double) -> String {
        kind == .duration ? Self.format(number) + "s" : Self.format(number)
    }

    private func invalid(_ text: String, _ fix: String) -> RecipeError {
        RecipeError("parameter '\(name)' (\(kind.rawValue)): '\(text)' is not valid: \(fix)")
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
