#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MCP

/// The prompts `glasses mcp` offers: `write_script`, the workflow for a goal (api_help, write,
/// check_script, run_script) with the API attached, so an assistant need not find it first.
enum MCPPrompts {
    static let list = [
        Prompt(
            name: "write_script", title: "Write a GlassesScript",
            description: "Write, check and run a Lua script for Meta's smart glasses on the simulator, for a goal.",
            arguments: [
                .init(name: "goal", description: "What the script should do, e.g. 'show a counter card that counts taps'.", required: true),
                .init(name: "world", description: "The glasses the world holds, as run_script's world (JSON), e.g. {\"glasses\": [{\"model\": \"metaRayBanDisplay\"}]}; default: the ready world.", required: false),
            ]),
    ]

    static func get(_ name: String, _ arguments: [String: String]) throws -> GetPrompt.Result {
        guard name == "write_script" else {
            throw MCPError.invalidParams("no prompt '\(name)'; the prompts are \(list.map(\.name).joined(separator: ", "))")
        }
        guard let goal = arguments["goal"]?.trimmingCharacters(in: .whitespacesAndNewlines), !goal.isEmpty else {
            throw MCPError.invalidParams("write_script needs 'goal': what the script should do")
        }
        let world = arguments["world"].flatMap { $0.isEmpty ? nil : "\($0) (pass it to run_script as world)" }
            ?? "the default ready world: one Ray-Ban Meta pair, worn, registered, camera granted, no display"
        let text = MCPResources.text("write-script.md")
            .replacingOccurrences(of: "{{goal}}", with: goal)
            .replacingOccurrences(of: "{{world}}", with: world)
        let api = MCPResources.documents[0]
        return .init(
            description: "Write a GlassesScript: \(goal)",
            messages: [
                .user(.text(text: text)),
                .user(.resource(resource: .text(MCPResources.text(api.path), uri: api.resource.uri, mimeType: api.resource.mimeType))),
            ])
    }
}
