import WearablesModel

/// A DAT case crossing by its name; any other name is refused naming the cases.
struct Named<Case: NamedCase>: Codable, Sendable {
    var value: Case

    init(_ value: Case) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let value = Case(name: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(name)' is not one of \(Case.allNames.joined(separator: ", "))")
        }
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.name)
    }
}
