/// The files the server hands out (its OpenAPI document), compiled into the
/// binary as the built-in recipes are: an installed or copied `glasses` serves
/// them from anywhere, and no resource bundle (nor Foundation's `Bundle`, with
/// all of Foundation behind it) is needed at start-up. The build embeds `Resources/`
/// and docs/openapi.yaml (the EmbedResources plugin writes `files`).
enum ServerResources {
    /// The text of `path` under `Resources/`, or nil.
    static func text(_ path: String) -> String? {
        files.first { $0.path == path }?.text
    }
}
