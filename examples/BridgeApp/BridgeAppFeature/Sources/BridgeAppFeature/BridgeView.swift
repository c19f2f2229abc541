import SwiftUI

/// The app's one screen: DAT's state, the mode, and the bridge's token, relay and status.
public struct BridgeView: View {
    @Bindable var model: BridgeModel

    public init(model: BridgeModel) {
        self.model = model
    }

    public var body: some View {
        Form {
            if let problem = model.configurationProblem {
                Section("Meta's SDK did not start") {
                    Text(problem).foregroundStyle(.red)
                }
            }
            Section("Mode") {
                Picker("Mode", selection: $model.mode) {
                    ForEach(BridgeMode.allCases) { mode in Text(mode.title).tag(mode) }
                }
                .pickerStyle(.segmented)
                Text(model.mode.note).font(.footnote)
            }
            Section("Meta AI") {
                LabeledContent("Registration", value: model.registration)
                Button("Register") { Task { await model.register() } }
                Button("Allow the camera") { Task { await model.requestCamera() } }
                Button("Allow the microphone") { Task { await model.requestMicrophone() } }
            }
            .disabled(model.configurationProblem != nil)
            Section("Bridge") {
                LabeledContent("Token") {
                    Text(model.token).font(.footnote.monospaced()).textSelection(.enabled)
                }
                Button("New token") { model.renewToken() }.disabled(model.isServing)
                TextField("Relay: ws://COMPUTER:7878 (empty: this phone listens)", text: $model.relay)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .keyboardType(.URL)
                if model.isServing {
                    Button("Stop", role: .destructive) { Task { await model.stop() } }
                } else {
                    Button("Start") { Task { await model.start() } }
                }
                Text(model.status).font(.footnote)
            }
            .disabled(!model.isReady)
        }
    }
}
