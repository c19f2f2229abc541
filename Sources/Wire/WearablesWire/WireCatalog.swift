#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every text message type, by direction: a new message is its payload struct and its line
/// here. Encoding finds the payload that takes a message; decoding reads `type`, then that
/// type's payload from the same decoder.
enum WireCatalog {
    /// What a client sends after its hello, in docs/protocol.md's order.
    static let commands: [any CommandPayload.Type] = [
        Commands.Register.self, Commands.Unregister.self, Commands.RequestPermission.self, Commands.OpenFirmwareUpdate.self,
        Commands.OpenGlassesAppUpdate.self, Commands.OpenSession.self, Commands.CloseSession.self, Commands.PrepareCamera.self,
        Commands.StartCamera.self, Commands.StopCamera.self, Commands.Capture.self, Commands.DisplayStart.self,
        Commands.DisplaySend.self, Commands.DisplayClear.self, Commands.DisplayStopVideo.self, Commands.DisplayStop.self,
        Commands.Mock.self, Commands.Console.self, Commands.Complete.self, Commands.AudioRoute.self, Commands.VoiceListen.self,
        Commands.SpeechListen.self, Commands.VoiceAnswer.self, Commands.WatchMotion.self, Commands.WatchInputs.self,
        Commands.WatchPreviews.self,
    ]

    /// What a server sends of its own: its hello, replies and refusals.
    static let serverMessages: [any ServerPayload.Type] = [ServerMessages.Hello.self, ServerMessages.Reply.self, ServerMessages.Refusal.self]

    /// What happened in the served world.
    static let events: [any ServerPayload.Type] = [
        Events.Registration.self, Events.DeviceChanged.self, Events.DeviceRemoved.self, Events.PermissionChanged.self,
        Events.Bandwidth.self, Events.Session.self, Events.Input.self, Events.InputsEvent.self, Events.InputsFailed.self,
        Events.Transcription.self, Events.SpeechFailed.self, Events.SpeechComplete.self, Events.SpeechLocale.self,
        Events.VoiceInvocation.self, Events.VoiceFailed.self, Events.Display.self, Events.FramesDropped.self, Events.A2DPPaused.self,
        Events.CaptureStarted.self, Events.CaptureProgress.self, Events.AudioRouteChanged.self, Events.FileSaved.self,
        Events.MotionSamples.self, Events.MotionFailed.self, Events.Holders.self, Events.MockGlasses.self,
    ]

    static let server = serverMessages + events

    static let commandsByType = Dictionary(uniqueKeysWithValues: commands.map { ($0.type, $0) })
    static let serverByType = Dictionary(uniqueKeysWithValues: server.map { ($0.type, $0) })

    static func payload(of command: WireCommand) -> any CommandPayload {
        for type in commands { if let payload = type.init(command) { return payload } }
        preconditionFailure("no type in WireCatalog.commands takes \(command): add its payload struct there")
    }

    static func payload(of message: ServerMessage) -> any ServerPayload {
        for type in server { if let payload = type.init(message) { return payload } }
        preconditionFailure("no type in WireCatalog.server takes \(message): add its payload struct there")
    }
}

extension ClientMessage {
    public func encoded() -> Data {
        switch self {
        case .hello(let version, let client): WireFrame.encode(ClientHello(protocolVersion: version, client: client))
        case .command(let id, let command): WireCatalog.payload(of: command).framed(id: id)
        }
    }

    public static func decode(_ data: Data) throws(WireDecodingError) -> ClientMessage {
        try WireFrame.decode(data, as: Frame.self).message
    }

    private struct Frame: Decodable {
        let message: ClientMessage

        init(from decoder: any Decoder) throws {
            message = try WireFrame.read(decoder) { type, frame in
                if type == ClientHello.type {
                    let hello = try ClientHello(from: decoder)
                    return .hello(protocolVersion: hello.protocolVersion, client: hello.client ?? "")
                }
                guard let payload = WireCatalog.commandsByType[type] else {
                    throw WireDecodingError("unknown message type '\(type)' (commands: hello, \(WireCatalog.commands.map { $0.type }.joined(separator: ", ")))")
                }
                let id = try frame.decode(Int.self, forKey: .id)
                return .command(id: id, try payload.init(from: decoder).command())
            }
        }
    }
}

extension ServerMessage {
    public func encoded() -> Data { WireCatalog.payload(of: self).framed() }

    public static func decode(_ data: Data) throws(WireDecodingError) -> ServerMessage {
        try WireFrame.decode(data, as: Frame.self).message
    }

    private struct Frame: Decodable {
        let message: ServerMessage

        init(from decoder: any Decoder) throws {
            message = try WireFrame.read(decoder) { type, _ in
                guard let payload = WireCatalog.serverByType[type] else { throw WireDecodingError("unknown message type '\(type)'") }
                return try payload.init(from: decoder).message()
            }
        }
    }
}
