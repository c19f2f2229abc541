/// An enum whose cases have stable names spelled exactly like DAT's Swift cases, so
/// bindings can expose them as strings and parse them back.
public protocol NamedCase: CaseIterable, RawRepresentable, Sendable, CustomStringConvertible
where RawValue == String {}

extension NamedCase {
    /// The DAT case name, e.g. `"waitingForDevice"`.
    public var name: String { rawValue }
    public var description: String { rawValue }

    /// Parses a DAT case name; nil when `name` is not one of `allNames`.
    public init?(name: String) { self.init(rawValue: name) }

    /// Every valid name, in declaration order (for error messages and type stubs).
    // A closure, not `\.rawValue`: in this generic context a key path is built at run time
    // on every call (a tenth of `glasses run`'s start-up, scripts/bench section 3).
    public static var allNames: [String] { allCases.map { $0.rawValue } }
}
