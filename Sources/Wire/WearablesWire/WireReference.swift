/// docs/protocol.md's message reference, generated from the payload types (`WireCatalog`):
/// each message's `type`, what it is, and its fields with their JSON types, whether they may
/// be absent, and a line each. The page's hand-written prose is the template: the generator
/// fills only the blocks between its markers, so regenerating keeps everything else.
public enum WireReference {
    /// The generated blocks, each between `<!-- BEGIN generated: NAME -->` and `<!-- END generated: NAME -->`.
    static var blocks: [(name: String, payloads: [any WirePayload.Type])] {
        [
            ("client messages", [ClientHello.self] + WireCatalog.commands.map { $0 }),
            ("server messages", WireCatalog.serverMessages.map { $0 }),
            ("events", WireCatalog.events.map { $0 }),
        ]
    }

    /// `template` with every generated block filled anew (and nothing else changed).
    public static func filled(_ template: String) throws(WireReferenceError) -> String {
        var text = template
        for block in blocks {
            let begin = "<!-- BEGIN generated: \(block.name) -->\n", end = "<!-- END generated: \(block.name) -->"
            guard let start = text.firstRange(of: begin), let stop = text[start.upperBound...].firstRange(of: end) else {
                throw WireReferenceError(description: "docs/protocol.md lacks the markers `\(begin.dropLast())` ... `\(end)`: "
                    + "put them where the \(block.name)' reference goes")
            }
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: markdown(block.payloads))
        }
        return text
    }

    static func markdown(_ payloads: [any WirePayload.Type]) -> String {
        payloads.map { payload in
            var section = "#### `\(payload.type)`\n\n\(payload.summary)\n\n"
            let fields = WireSchema(payload).fields
            guard !fields.isEmpty else { return section + "No fields.\n\n" }
            section += "| field | type | | |\n|---|---|---|---|\n"
            for field in fields {
                let doc = payload.fieldDocs[field.name] ?? ""
                section += "| `\(field.name)` | \(field.type.replacing("|", with: "\\|")) | \(field.optional ? "optional" : "required") | \(doc.replacing("|", with: "\\|")) |\n"
            }
            return section + "\n"
        }.joined()
    }
}

/// docs/protocol.md cannot be filled (its markers are gone); says which to put back.
public struct WireReferenceError: Error, CustomStringConvertible {
    public let description: String
}
