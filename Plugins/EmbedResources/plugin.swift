import Foundation
import PackagePlugin

/// Compiles a target's `Resources` folder into it at build time (see the
/// embed-resources tool): the built-in recipes, the server's page and OpenAPI
/// document, and `glasses mcp`'s instructions and prompt with the generated docs
/// it serves. A build-tool plugin rather than `.embedInCode` because several
/// resources share a name (every recipe has an `init.lua`) and the code wants
/// them by path.
@main
struct EmbedResources: BuildToolPlugin {
    /// Which folder each target embeds, the type its files extend, and files from
    /// elsewhere in the package it embeds too (by the name the code asks for).
    static let embedded: [String: (folder: String, typeName: String, extras: [String: String])] = [
        "WearablesServer": ("Resources", "ServerResources", ["openapi.yaml": "docs/openapi.yaml"]),
        "GlassesScript": ("Recipes/Resources", "RecipeResources", [:]),
        "glasses-mcp": ("Resources", "MCPResources", ["llms.txt": "docs/llms.txt", "lua-reference.md": "docs/lua-reference.md"]),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget, let (folder, typeName, extras) = Self.embedded[target.name] else { return [] }
        let root = target.directoryURL.appending(path: folder)
        let extraFiles = extras.sorted { $0.key < $1.key }.map { ($0.key, context.package.directoryURL.appending(path: $0.value)) }
        let inputs = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } + extraFiles.map(\.1)
        let output = context.pluginWorkDirectoryURL.appending(path: "\(typeName)+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(target.name)/\(folder)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: [typeName, root.path(), String(root.path().dropFirst(context.package.directoryURL.path().count)), output.path()]
                    + extraFiles.map { "\($0.0)=\($0.1.path())" },
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
