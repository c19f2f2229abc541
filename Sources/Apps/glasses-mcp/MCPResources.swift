import MCP

/// The texts compiled into this program (the EmbedResources plugin writes `files`): the
/// server's instructions and prompt (`Resources/`), and the generated docs it serves as MCP
/// resources, docs/llms.txt and docs/lua-reference.md as they were when it was built, so
/// they match the `glasses` built beside it.
enum MCPResources {
    /// The text of `path` (under `Resources/`, or `llms.txt`, `lua-reference.md`); empty when absent.
    static func text(_ path: String) -> String {
        files.first { $0.path == path }?.text ?? ""
    }

    /// The documents offered as resources, by URI.
    static let documents: [(resource: Resource, path: String)] = [
        (Resource(
            name: "llms.txt", uri: "glasses://docs/llms.txt", title: "GlassesScript Lua API (llms.txt)",
            description: "The whole Lua API in plain text: what the project is, the rules a script must know, every call with its signature and first sentence.",
            mimeType: "text/plain"), "llms.txt"),
        (Resource(
            name: "lua-reference.md", uri: "glasses://docs/lua-reference.md", title: "GlassesScript Lua reference",
            description: "Every module, class, method and field, with each parameter's type, default and allowed values, and examples.",
            mimeType: "text/markdown"), "lua-reference.md"),
    ]

    static func read(_ uri: String) throws -> ReadResource.Result {
        guard let document = documents.first(where: { $0.resource.uri == uri }) else {
            throw MCPError.invalidParams("no resource '\(uri)'; the resources are \(documents.map(\.resource.uri).joined(separator: ", "))")
        }
        return .init(contents: [.text(text(document.path), uri: uri, mimeType: document.resource.mimeType)])
    }
}
