/// What a JSON value is, read without knowing what it should be: lets a refusal say
/// what a request sent ("got a string") beside what the field takes.
indirect enum JSONKind: Decodable, Equatable {
    case null, boolean, integer, number, string, array
    case object([String: JSONKind])

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if (try? value.decode(Bool.self)) != nil {
            self = .boolean
        } else if (try? value.decode(Int.self)) != nil {
            self = .integer
        } else if (try? value.decode(Double.self)) != nil {
            self = .number
        } else if (try? value.decode(String.self)) != nil {
            self = .string
        } else if (try? value.decode([JSONKind].self)) != nil {
            self = .array
        } else {
            self = .object(try value.decode([String: JSONKind].self))
        }
    }

    /// "a string", "an object": for "got ..." in a message.
    var phrase: String {
        switch self {
        case .null: "null"
        case .boolean: "true or false"
        case .integer: "a whole number"
        case .number: "a number with a fraction"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
