#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATCore
import WearablesModel

/// DAT's `VoiceInvocationsStream` (main-actor bound) as the bridge's: it is made, started
/// and stopped on the main actor; its publishers are read there once, at creation, and
/// DAT's untyped throws become the core's `VoiceInvocationError`.
final class MetaVoiceInvocationsStream: DATVoiceInvocationsStream {
    let stream: MWDATCore.VoiceInvocationsStream
    let invocationsPublisher: any DATAnnouncer<DATLaunchApp>
    let errorPublisher: any DATAnnouncer<WearablesModel.VoiceInvocationError>

    @MainActor
    private init(_ stream: MWDATCore.VoiceInvocationsStream) {
        self.stream = stream
        self.invocationsPublisher = MetaLaunchApps(source: stream.invocationsPublisher)
        self.errorPublisher = MetaAnnouncer(source: stream.errorPublisher) { .init($0) }
    }

    static func make(wearables: any WearablesInterface) async throws -> MetaVoiceInvocationsStream {
        try await MainActor.run {
            do { return MetaVoiceInvocationsStream(try MWDATCore.VoiceInvocationsStream(wearables: wearables)) } catch {
                throw coreError(error)
            }
        }
    }

    func start(deviceIdentifier: WearablesModel.DeviceIdentifier) async throws {
        let stream = stream
        try await MainActor.run {
            do { try stream.start(deviceIdentifier: deviceIdentifier) } catch { throw Self.coreError(error) }
        }
    }

    func stop() async {
        let stream = stream
        await MainActor.run { stream.stop() }
    }

    /// DAT throws `VoiceInvocationError` untyped; anything else reads as a channel error.
    private static func coreError(_ error: any Error) -> WearablesModel.VoiceInvocationError {
        (error as? MWDATCore.VoiceInvocationError).map { .init($0) } ?? .channelError
    }
}

/// The invocations publisher, passing on the `LaunchApp`s (all DAT 1.0 delivers) and
/// nothing else. `@unchecked Sendable` as `MetaAnnouncer` is.
struct MetaLaunchApps: DATAnnouncer, @unchecked Sendable {
    let source: any MWDATCore.Announcer<any MWDATCore.VoiceInvocation>

    func listen(_ listener: @escaping @Sendable (DATLaunchApp) -> Void) -> any DATListenerToken {
        MetaListenerToken(token: source.listen { invocation in
            if let launch = DATLaunchApp(invocation) { listener(launch) }
        })
    }
}

extension DATLaunchApp {
    /// A `LaunchApp`, the only invocation DAT 1.0 delivers; nil for any other.
    init?(_ invocation: any MWDATCore.VoiceInvocation) {
        guard let launch = invocation as? MWDATCore.LaunchApp else { return nil }
        self.init(responseHandle: MetaResponseHandle(handle: launch.responseHandle), deviceIdentifier: launch.deviceIdentifier)
    }
}

/// DAT's response handle as the bridge's.
struct MetaResponseHandle: DATResponseHandle {
    let handle: any MWDATCore.ResponseHandle

    func sendSuccess(actionOutput: String?) async -> Bool { await handle.sendSuccess(actionOutput: actionOutput) }
    func sendFailure(actionOutput: String?) async -> Bool { await handle.sendFailure(actionOutput: actionOutput) }
}
#endif
