import Hummingbird
import WireServing

/// A GET route's query string, checked the same way by every route that takes one:
/// a parameter the route does not take is refused with the names it does take (a
/// misspelt one would otherwise be ignored silently), and `seconds` is a bounded window.
struct QueryReader {
    private let parameters: Hummingbird.Parameters

    /// Refuses a parameter other than `names` and the access token (which the access check reads).
    init(_ parameters: Hummingbird.Parameters, takes names: [String]) throws(ControlError) {
        for (name, _) in parameters where String(name) != "token" && !names.contains(String(name)) {
            throw ControlError.badRequest("unknown query parameter '\(name)' (this route takes \(names.joined(separator: ", ")))")
        }
        self.parameters = parameters
    }

    /// The text given for `name`, or nil.
    subscript(name: String) -> String? { parameters[Substring(name)].map(String.init) }

    /// `seconds`: a number > 0 and at most `most`, or `fallback` when not given.
    func seconds(default fallback: Double, atMost most: Double) throws(ControlError) -> Double {
        guard let text = self["seconds"] else { return fallback }
        guard let value = Double(text), value > 0, value <= most else {
            throw ControlError.badRequest("'seconds' must be a number > 0 and at most \(Int(most)), got '\(text)'")
        }
        return value
    }
}
