import Foundation
import GlassesBridge
import Observation

/// What the phone does with its glasses.
public enum BridgeMode: String, CaseIterable, Identifiable, Sendable {
    /// Serve them to `glasses run --connect` on a computer: the phone dials a relay
    /// (`glasses serve --relay`) or, with no relay given, listens on port 7878.
    case serveToDesktop
    /// Run scripts on the phone itself (GlassesEmbedding, docs/in-app.md, over a world on DAT in
    /// process, which is not built yet): the picker shows it, unavailable.
    case runOnPhone

    public var id: Self { self }

    public var title: String {
        switch self {
        case .serveToDesktop: "Serve to a desktop"
        case .runOnPhone: "Run on the phone"
        }
    }

    public var isAvailable: Bool { self == .serveToDesktop }

    /// What the app says about the mode.
    public var note: String {
        switch self {
        case .serveToDesktop:
            "Scripts run on your computer with glasses run --connect; this phone serves them its glasses (docs/ios-bridge.md)."
        case .runOnPhone:
            "Running scripts on the phone is coming in a later version (docs/ios-bridge.md). Serve to a desktop meanwhile."
        }
    }
}

/// The app's state: DAT's configuration, registration and permissions, and the bridge.
@MainActor @Observable
public final class BridgeModel {
    /// Why Meta's SDK did not start, shown instead of the controls; nil when it did.
    public let configurationProblem: String?
    public var mode: BridgeMode = .serveToDesktop
    public var registration = "unknown"
    public var status = "not serving"
    public var token = BridgeModel.newToken()
    /// `ws://HOST:PORT` of `glasses serve --relay` on the computer; empty: the phone listens instead.
    public var relay = ""
    public private(set) var isServing = false

    @ObservationIgnored private let configured: ConfiguredWearables?
    @ObservationIgnored private var registrationToken: (any DATListenerToken)?
    @ObservationIgnored private var running: RunningBridge?

    public init(_ configuration: Result<ConfiguredWearables, ConfigurationFailure>) {
        switch configuration {
        case .success(let configured):
            self.configured = configured
            configurationProblem = nil
        case .failure(let failure):
            configured = nil
            configurationProblem = failure.description
        }
        // Weakly held: the token lives in the model, and DAT holds the listener.
        registrationToken = configured?.wearables.addRegistrationStateListener { [weak self] state in
            Task { @MainActor in self?.registration = "\(state)" }
        }
    }

    /// Whether the controls may be used: DAT started and the mode exists.
    public var isReady: Bool { configured != nil && mode.isAvailable }

    /// Opens the Meta AI app, which returns through `handle(_:)`.
    public func register() async {
        guard let configured else { return }
        do { try await configured.wearables.startRegistration() } catch { status = "registration: \(error)" }
    }

    public func requestCamera() async {
        guard let configured else { return }
        do {
            let answer = try await configured.wearables.requestPermission(.camera)
            status = "camera: \(answer)"
        } catch { status = "camera permission: \(error)" }
    }

    public func requestMicrophone() async {
        guard let configured else { return }
        do {
            let answer = try await configured.wearables.requestPermission(.microphone)
            status = "microphone: \(answer)"
        } catch { status = "microphone permission: \(error)" }
    }

    /// The Meta AI app's callback; a failure is shown.
    public func handle(_ url: URL) async {
        guard let configured else { return }
        do {
            if try await !configured.handle(url) { status = "not a Meta AI callback: \(url.absoluteString)" }
        } catch {
            status = "the Meta AI app's answer: \(error)"
        }
    }

    /// Debug builds only: the bridge serves the phone's glasses to anyone holding the token.
    public func start() async {
        guard let configured, mode.isAvailable else { return }
        #if DEBUG
        await running?.stop()
        let relay = relay.trimmingCharacters(in: .whitespaces)
        running = await GlassesBridge.start(token: token, relay: relay.isEmpty ? nil : relay, wearables: configured.wearables) { [weak self] error in
            Task { @MainActor in
                self?.isServing = false
                self?.status = "stopped: \(error)"
            }
        }
        isServing = true
        status = relay.isEmpty ? "listening on port \(GlassesBridge.defaultPort)" : "dialling \(relay)"
        #else
        status = "the bridge is for debug builds"
        #endif
    }

    public func stop() async {
        await running?.stop()
        running = nil
        isServing = false
        status = "not serving"
    }

    /// Streams stop before iOS suspends the app (ios#231); clients can start them again later.
    public func enteredBackground() {
        configured?.wearables.stopStreams()
    }

    public func renewToken() {
        token = Self.newToken()
    }

    /// 16 random bytes as hex: what `glasses serve --token` and `glasses run --token` are given.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
