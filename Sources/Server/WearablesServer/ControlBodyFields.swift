import Spelling
import WearablesWire
import WireServing

/// The fields a control body may carry, read off `MockActionFields` itself so they
/// never drift from what is decoded, with the JSON each takes; and the check of a
/// body against them. A field no route takes is refused rather than ignored: a
/// misspelt `levle` would otherwise leave the battery as it was, silently.
enum ControlBodyFields {
    /// What a field takes.
    enum Expected: Equatable {
        case string, integer, number, boolean, stringMap

        init?(_ type: Any.Type) {
            if type == String?.self { self = .string }
            else if type == Int?.self { self = .integer }
            else if type == Double?.self { self = .number }
            else if type == Bool?.self { self = .boolean }
            else if type == [String: String]?.self { self = .stringMap }
            else { return nil }
        }

        var phrase: String {
            switch self {
            case .string: "a string"
            case .integer: "a whole number"
            case .number: "a number"
            case .boolean: "true or false"
            case .stringMap: "an object of strings"
            }
        }

        /// Every field is optional, so null is as good as leaving it out.
        func accepts(_ kind: JSONKind) -> Bool {
            switch (self, kind) {
            case (_, .null), (.string, .string), (.integer, .integer), (.number, .integer), (.number, .number),
                 (.boolean, .boolean), (.stringMap, .object):
                true
            default:
                false
            }
        }
    }

    /// Each field's name (its JSON key) and what it takes.
    static let known: [String: Expected] = Dictionary(
        uniqueKeysWithValues: Mirror(reflecting: MockActionFields()).children.compactMap { child in
            guard let name = child.label, let expected = Expected(type(of: child.value)) else { return nil }
            return (name, expected)
        })

    /// Refuses the first field (by name) that no route takes or whose value is of the wrong type.
    static func check(_ object: [String: JSONKind]) throws(ControlError) {
        for (name, kind) in object.sorted(by: { $0.key < $1.key }) {
            guard let expected = known[name] else {
                let hint = NameSuggestion.closest(to: name, in: known.keys.sorted()).map { " (did you mean '\($0)'?)" }
                throw ControlError.badRequest("unknown field '\(name)'\(hint ?? ": /v1/openapi.yaml lists each route's fields")")
            }
            guard expected.accepts(kind) else {
                throw ControlError.badRequest("field '\(name)' must be \(expected.phrase), got \(kind.phrase)")
            }
            guard case .object(let entries) = kind else { continue }
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) where value != .string {
                throw ControlError.badRequest("field '\(name).\(key)' must be a string, got \(value.phrase)")
            }
        }
    }
}
