/// A source that could not be fetched (a network error, a git failure, a download
/// over a limit): exit code 1, where a bad source or recipe is a usage error (2).
public struct FetchFailure: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
