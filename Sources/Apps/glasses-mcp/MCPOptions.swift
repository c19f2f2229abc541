#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `glasses mcp`'s command line: what the person who starts the server decides, never the client.
struct MCPOptions {
    /// The sandboxes `run_script` offers: strict, and standard only when the person who
    /// starts the server says so (`--allow-sandbox standard`): a standard script reads,
    /// writes and deletes any file the user can, and the client asking is not the user.
    var sandboxes = ["strict"]
    /// A world `glasses serve` serves, for the diagnostic tools (`--connect URL`).
    var connect: String?
    /// Its token (`--token`, else $GLASSES_TOKEN).
    var token: String?
    /// Where export_diagnostic_bundle writes (`--bundle-dir`, else the temporary folder).
    var bundleFolder: String?

    init(_ arguments: [String]) throws(MCPToolError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let (name, inline) = argument.hasPrefix("--") && argument.contains("=")
                ? (String(argument.prefix { $0 != "=" }), String(argument.drop { $0 != "=" }.dropFirst()))
                : (argument, nil)
            guard ["--allow-sandbox", "--connect", "--token", "--bundle-dir"].contains(name) else {
                throw MCPToolError("unknown argument '\(argument)'; see glasses mcp --help")
            }
            let value = inline ?? rest.popFirst()
            switch name {
            case "--allow-sandbox":
                switch value {
                case "strict": break
                case "standard": sandboxes = ["strict", "standard"]
                default:
                    throw MCPToolError("--allow-sandbox takes strict or standard (got \(value.map { "'\($0)'" } ?? "nothing")); trusted is never offered")
                }
            case "--connect": connect = try Self.required(value, name, "the served world's URL, e.g. ws://127.0.0.1:7878/v1/ws")
            case "--token": token = try Self.required(value, name, "the token glasses serve printed")
            default: bundleFolder = try Self.required(value, name, "a folder")
            }
        }
        if connect == nil, token != nil || bundleFolder != nil {
            throw MCPToolError("--token and --bundle-dir go with --connect URL (the served world the diagnostic tools read)")
        }
        token = token ?? ProcessInfo.processInfo.environment["GLASSES_TOKEN"]
    }

    private static func required(_ value: String?, _ name: String, _ what: String) throws(MCPToolError) -> String {
        guard let value, !value.isEmpty, !value.hasPrefix("--") else { throw MCPToolError("\(name) takes \(what)") }
        return value
    }
}
