// An iOS app that lets `glasses run --connect` drive real glasses: DAT registration, the
// bridge started in debug builds only, and streams stopped whenever the app leaves the
// foreground. iOS source only: Linux builds none of this (see README.md here).
import GlassesBridge
import MWDATCore
import SwiftUI

@main
struct BridgeApp: App {
    @Environment(\.scenePhase) private var scenePhase
    @State private var model = BridgeModel()

    init() {
        // DAT wants this once, before anything else touches `Wearables.shared`.
        try? Wearables.configure()
    }

    var body: some Scene {
        WindowGroup {
            BridgeView(model: model)
                // The Meta AI app returns here after registration and permission prompts.
                .onOpenURL { url in Task { await model.handle(url) } }
        }
        .onChange(of: scenePhase) { _, phase in
            // iOS suspending the app mid-stream leaves the glasses stuck broadcasting until
            // they are closed in their case (facebook/meta-wearables-dat-ios#231): stop first.
            if phase == .background { model.enteredBackground() }
        }
    }
}

@MainActor @Observable
final class BridgeModel {
    let wearables = MetaWearables()
    var registration = "unknown"
    var status = "not serving"
    var token = ""
    var relay = ""
    private var registrationToken: (any DATListenerToken)?
    private var running: RunningBridge?

    init() {
        registrationToken = wearables.addRegistrationStateListener { state in
            Task { @MainActor [weak self] in self?.registration = state.name }
        }
    }

    func register() async {
        do { try await wearables.startRegistration() } catch { status = "\(error)" }
    }

    func handle(_ url: URL) async {
        _ = try? await Wearables.shared.handleUrl(url)
    }

    func requestCamera() async {
        do { _ = try await wearables.requestPermission(.camera) } catch { status = "\(error)" }
    }

    /// Debug builds only: the bridge serves the phone's glasses to anyone holding the token.
    func start() async {
        #if DEBUG
        await running?.stop()
        running = await GlassesBridge.start(token: token, relay: relay.isEmpty ? nil : relay, wearables: wearables) { error in
            Task { @MainActor [weak self] in self?.status = "\(error)" }
        }
        status = relay.isEmpty ? "serving on port \(GlassesBridge.defaultPort)" : "dialling \(relay)"
        #else
        status = "the bridge is for debug builds"
        #endif
    }

    /// Streams stop before iOS suspends the app (ios#231); clients can start them again later.
    func enteredBackground() {
        wearables.stopStreams()
    }
}

struct BridgeView: View {
    @Bindable var model: BridgeModel

    var body: some View {
        Form {
            Section("Meta AI") {
                LabeledContent("Registration", value: model.registration)
                Button("Register") { Task { await model.register() } }
                Button("Allow the camera") { Task { await model.requestCamera() } }
            }
            Section("Bridge") {
                TextField("Token", text: $model.token)
                TextField("Relay (ws://host:port, or empty to serve)", text: $model.relay)
                Button("Start") { Task { await model.start() } }
                Text(model.status).font(.footnote)
            }
        }
    }
}
