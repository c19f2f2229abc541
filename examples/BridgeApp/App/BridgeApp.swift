// The app's entry point, and all of its target's code: everything else is the BridgeAppFeature
// package beside it (BridgeAppFeature/), which `xcodebuild` and CI build on their own. iOS only:
// Linux builds none of this (see README.md here).
import BridgeAppFeature
import SwiftUI

@main
struct BridgeApp: App {
    @Environment(\.scenePhase) private var scenePhase
    @State private var model: BridgeModel

    init() {
        // DAT wants `Wearables.configure()` once, before anything touches `Wearables.shared`. It runs
        // here, first: the model is made from its result (`State(initialValue:)`, not a property
        // initialiser, which would run before this line), and only a successful configuration
        // hands out the `MetaWearables` over `Wearables.shared`. A failure is shown, not swallowed.
        let configuration = ConfiguredWearables.configure()
        _model = State(initialValue: BridgeModel(configuration))
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
