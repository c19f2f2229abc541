/// A recipe problem the user can fix: bad metadata, a bad parameter, an unknown name.
public struct RecipeError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
