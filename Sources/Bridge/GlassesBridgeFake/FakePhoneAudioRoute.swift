import GlassesBridgeCore
import Locking
import WearablesAudio
import WearablesCore
import WearablesSimulator
import WearablesWire
import WireServer

/// The phone's audio route over the served world's simulated phone, as `glasses serve`
/// reports it: read on the world's thread, each change sent once the session settled (a
/// listener hears of it before activation has finished rerouting).
public struct FakePhoneAudioRoute: PhoneAudioRoute {
    let served: WorldThread

    public init(served: WorldThread) {
        self.served = served
    }

    public func current() async -> WireAudioRoute {
        (try? await served.perform { world in WireAudioRoute(world.audio) })
            ?? WireAudioRoute(inputs: [], outputs: [], active: false, interrupted: false)
    }

    public func listen(_ listener: @escaping @Sendable (WireAudioRoute) -> Void) -> any DATListenerToken {
        let tokens = Locked<[SchedulerBound<AudioListenerToken>]>([])
        served.post { world in
            let scheduler = world.scheduler
            let settled = { (reason: String) in
                _ = scheduler.schedule(after: 0) { listener(WireAudioRoute(world.audio, reason: reason)) }
            }
            let registered = [
                world.audio.onRouteChange { change in settled(change.reason.rawValue) },
                world.audio.onInterruption { kind in settled(kind == .began ? "interruptionBegan" : "interruptionEnded") },
            ]
            tokens.withLock { $0 = registered.map { SchedulerBound($0, on: scheduler) } }
        }
        return RouteListenerToken { [served] in
            let held = tokens.withLock { held in defer { held = [] }; return held }
            served.post { _ in for token in held { token.open().cancel() } }
        }
    }
}

/// DAT's `AnyListenerToken` for the route's listeners.
struct RouteListenerToken: DATListenerToken {
    let onCancel: @Sendable () -> Void
    func cancel() async { onCancel() }
}
