import WearablesMock

extension Commands {
    /// A change to a simulated world's mock: `action` and that action's fields
    /// (`MockActionFields`, the HTTP control body's), read from and written to the same object.
    struct Mock: CommandPayload {
        static let type = "mock"
        static let summary = "A change to a simulator's mock (the actions and fields of the HTTP control routes, see Mock commands); `ok`, and `glasses` for `pair` and the device actions."
        static let fieldDocs = MockActionFields.fieldDocs.merging(["action": "The mock action (Mock commands lists them)."]) { $1 }
        var action: String
        var fields: MockActionFields

        private enum CodingKeys: String, CodingKey { case action }

        init?(_ command: WireCommand) {
            guard case .mock(let action) = command else { return nil }
            self.action = action.name
            fields = MockActionFields(action)
        }

        init(from decoder: any Decoder) throws {
            action = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .action)
            fields = try MockActionFields(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(action, forKey: .action)
            try fields.encode(to: encoder)
        }

        func command() throws(WireDecodingError) -> WireCommand {
            do { return .mock(try fields.action(action)) } catch { throw WireDecodingError(error.message) }
        }
    }
}
