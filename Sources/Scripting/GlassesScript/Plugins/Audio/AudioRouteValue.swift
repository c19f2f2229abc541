import LuaHost
import WearablesAudio

/// An audio route as scripts see it: `{inputs={{port=, name=, rate=}}, outputs={...}}`,
/// as `audio.route()` and the "route" event hand it out.
enum AudioRouteValue {
    static let type = LuaType.alias(
        "AudioRoute", .record([LuaParameter("inputs", .array(portType)), LuaParameter("outputs", .array(portType))]))

    static let portType = LuaType.alias(
        "AudioPort",
        .record([
            LuaParameter("port", .strings(AudioPortType.allCases.map(\.rawValue))), LuaParameter("name", .string),
            LuaParameter("rate", .integer),
        ]))

    static func value(_ route: AudioRoute) -> LuaValue {
        func ports(_ list: [AudioPortDescription]) -> LuaValue {
            .array(list.map {
                .table(["port": .string($0.type.rawValue), "name": .string($0.name), "rate": .integer(Int64($0.sampleRate))])
            })
        }
        return .table(["inputs": ports(route.inputs), "outputs": ports(route.outputs)])
    }
}
