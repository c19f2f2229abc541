#if canImport(MWDATCore) && os(iOS)
import AVFAudio
import Foundation
import GlassesBridgeCore
import Locking
import WearablesWire

/// The phone's audio route from `AVAudioSession`, for the wire's `audio_route` (iOS only:
/// like the UIKit lines, never compiled on Linux). Port types and reasons cross by
/// AVAudioSession's Swift names, as `glasses serve` sends them. AVAudioSession has no getter
/// for whether the app's session is active, so `active` says whether the route has an input
/// (a recording category in use); `interrupted` follows the interruption notifications.
final class MetaPhoneAudioRoute: PhoneAudioRoute {
    private let interrupted = Locked(false)

    func current() async -> WireAudioRoute { route(reason: nil) }

    func listen(_ listener: @escaping @Sendable (WireAudioRoute) -> Void) -> any DATListenerToken {
        let center = NotificationCenter.default
        let observers = [
            center.addObserver(forName: AVAudioSession.routeChangeNotification, object: nil, queue: nil) { [self] note in
                let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt
                listener(route(reason: raw.flatMap(AVAudioSession.RouteChangeReason.init(rawValue:)).map(Self.name) ?? "unknown"))
            },
            center.addObserver(forName: AVAudioSession.interruptionNotification, object: nil, queue: nil) { [self] note in
                let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
                let began = raw.flatMap(AVAudioSession.InterruptionType.init(rawValue:)) == .began
                interrupted.withLock { $0 = began }
                listener(route(reason: began ? "interruptionBegan" : "interruptionEnded"))
            },
        ]
        return NotificationToken(observers: observers)
    }

    private func route(reason: String?) -> WireAudioRoute {
        let session = AVAudioSession.sharedInstance()
        let port = { (port: AVAudioSessionPortDescription) in
            WireAudioRoute.Port(type: Self.name(port.portType), name: port.portName, sampleRate: session.sampleRate)
        }
        let current = session.currentRoute
        return WireAudioRoute(inputs: current.inputs.map(port), outputs: current.outputs.map(port),
                              active: !current.inputs.isEmpty,
                              interrupted: interrupted.withLock { $0 }, reason: reason)
    }

    private static func name(_ port: AVAudioSession.Port) -> String {
        switch port {
        case .builtInMic: "builtInMic"
        case .builtInSpeaker: "builtInSpeaker"
        case .builtInReceiver: "builtInReceiver"
        case .bluetoothHFP: "bluetoothHFP"
        case .bluetoothA2DP: "bluetoothA2DP"
        case .bluetoothLE: "bluetoothLE"
        case .headphones: "headphones"
        case .headsetMic: "headsetMic"
        case .carAudio: "carAudio"
        default: port.rawValue
        }
    }

    private static func name(_ reason: AVAudioSession.RouteChangeReason) -> String {
        switch reason {
        case .newDeviceAvailable: "newDeviceAvailable"
        case .oldDeviceUnavailable: "oldDeviceUnavailable"
        case .categoryChange: "categoryChange"
        case .override: "override"
        case .wakeFromSleep: "wakeFromSleep"
        case .noSuitableRouteForCategory: "noSuitableRouteForCategory"
        case .routeConfigurationChange: "routeConfigurationChange"
        default: "unknown"
        }
    }
}

/// Removes the notification observers a listener added.
private struct NotificationToken: DATListenerToken, @unchecked Sendable {
    /// `NSObjectProtocol` tokens, which NotificationCenter takes back from any thread.
    let observers: [any NSObjectProtocol]

    func cancel() async {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }
}
#endif
