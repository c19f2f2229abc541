import FoundationEssentials

/// Every DAT error type conforms: a case name as its domain's code, a sentence as its description.
public protocol DatError: LocalizedError {
    var description: String { get }
}

extension DatError {
    public var errorDescription: String? { description }
}
