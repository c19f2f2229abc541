import HTTPTypes
import Hummingbird

/// The paths the server routes and the methods each takes, recorded as the routes
/// are added (``RouteRecorder``), so a request that matches no route can be told
/// apart: an unknown path (404) from a known path asked with another method (405).
struct RouteTable: Sendable {
    private var routes: [(path: RouterPath, method: HTTPRequest.Method)] = []

    mutating func add(_ path: RouterPath, _ method: HTTPRequest.Method) {
        routes.append((path, method))
    }

    /// The methods the routes matching `path` take, in the order they were added; empty
    /// when no route matches it. As Hummingbird's trie prefers a literal component to a
    /// capture, only the routes matching the most components literally count: POST
    /// `/v1/devices/pair` hides GET `/v1/devices/:device` at that path.
    func methods(at path: String) -> [HTTPRequest.Method] {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        let matching = routes.compactMap { route in
            Self.literalMatches(of: route.path, in: components).map { (route.method, $0) }
        }
        let best = matching.map(\.1).max()
        var methods: [HTTPRequest.Method] = []
        for (method, literal) in matching where literal == best && !methods.contains(method) {
            methods.append(method)
        }
        return methods
    }

    /// Nil when `pattern` does not match `components`, else how many of them it names
    /// literally: Hummingbird's matching for the patterns the server uses (a component
    /// each, `:device` capturing one, and `**` the rest, at least one component).
    private static func literalMatches(of pattern: RouterPath, in components: [Substring]) -> Int? {
        var literal = 0
        for (index, element) in pattern.enumerated() {
            if element.description == "**" { return components.count > index ? literal : nil }
            guard index < components.count, element ~= components[index] else { return nil }
            if element == components[index] { literal += 1 }
        }
        return pattern.count == components.count ? literal : nil
    }
}
