import DATInterface
import WearablesModel
import WearablesWire

/// The Inputs the bridge added for `watch_inputs`: DAT's capability, the configuration the client
/// asked for (to add it again after a standalone photo), its listeners and event reader.
final class BridgeInputs {
    let inputs: any DATInputs
    let configuration: InputsConfiguration
    /// Which of the session's Inputs it is: reports from one since replaced are dropped.
    let number: Int
    var tokens: [any DATListenerToken] = []
    var reader: Task<Void, Never>?
    /// DAT published a terminal error, which went out as `inputs_error`: the client's Inputs ended with it.
    var failed = false

    init(_ inputs: any DATInputs, configuration: InputsConfiguration, number: Int) {
        self.inputs = inputs
        self.configuration = configuration
        self.number = number
    }

    /// Stops listening and reading; DAT's Inputs itself is the caller's to remove.
    func forget() {
        for token in tokens { Task { await token.cancel() } }
        reader?.cancel()
    }
}

/// `watch_inputs` over DAT's Inputs, and their events as the wire's `input_event` and `inputs_error`.
/// DAT's `sources` is a routing request: while an Inputs holds a surface the glasses' own handling of
/// it (the display's Neural Band scrolling, the system's Back) gives way to the app. So the bridge adds
/// Inputs only when the session's holder adds them, with the sources and the Back choice it asked for,
/// and removes them when it does; never on its own.
extension BridgeCore {
    func watchInputs(_ device: DeviceIdentifier, configuration: InputsConfiguration?, by clientID: Int, reply: @escaping Reply) {
        guard devices[device] != nil else {
            return reply(.failure(.protocolError("unknownDevice",
                "no glasses '\(device)' in this world; devices: \(deviceOrder.isEmpty ? "none" : deviceOrder.joined(separator: ", "))")))
        }
        guard let held = sessions[device], held.owner == clientID, held.wasStarted else {
            if configuration == nil { return reply(.success(.done)) }
            return reply(.failure(.protocolError("noSession",
                "watch_inputs needs this client's started session on '\(device)' (open_session first): DAT adds Inputs to a started session")))
        }
        // A new configuration replaces the old, as DAT has it: remove, then add.
        removeInputs(of: held)
        guard let configuration else { return reply(.success(.done)) }
        reply(addInputs(configuration, to: held, on: device).map { .failure($0) } ?? .success(.done))
    }

    /// DAT's `addInputs(configuration:)` on the held session. What keeps them from being added
    /// goes out as `inputs_error` too (a client's model ends its Inputs on it) and is returned.
    @discardableResult
    func addInputs(_ configuration: InputsConfiguration, to held: BridgeSession, on device: DeviceIdentifier) -> WireError? {
        let added: any DATInputs
        do throws(DeviceSessionError) {
            // Nil on a started session: glasses without Inputs.
            guard let inputs = try held.session.addInputs(configuration: configuration) else {
                inputsReported(.inputsFailed(.capabilityUnavailable), on: device, session: held.serial)
                return WireError(InputsError.capabilityUnavailable)
            }
            added = inputs
        } catch {
            inputsReported(.inputsFailed(.activationFailed), on: device, session: held.serial)
            return WireError(error)
        }
        held.inputsAdded += 1
        let watched = BridgeInputs(added, configuration: configuration, number: held.inputsAdded)
        held.inputs = watched
        let (mailbox, serial, number) = (mailbox!, held.serial, watched.number)
        watched.tokens.append(added.errorPublisher.listen { error in
            mailbox.enqueue { core in core.inputsFailed(error, on: device, session: serial, inputs: number) }
        })
        watched.reader = Task {
            for await event in added.events {
                mailbox.enqueue { core in core.inputsReported(.input(event), on: device, session: serial) }
            }
        }
        return nil
    }

    /// DAT's `removeInputs()`, if the bridge added some.
    func removeInputs(of held: BridgeSession) {
        guard let watched = held.inputs else { return }
        held.inputs = nil
        watched.forget()
        try? held.session.removeInputs()
    }

    private func inputsFailed(_ error: InputsError, on device: DeviceIdentifier, session serial: Int, inputs number: Int) {
        guard let watched = session(on: device, serial)?.inputs, watched.number == number else { return }
        watched.failed = true
        inputsReported(.inputsFailed(error), on: device, session: serial)
    }

    /// To every client, as `glasses serve` sends them; nothing from a session since closed.
    func inputsReported(_ report: CapabilityReport, on device: DeviceIdentifier, session serial: Int) {
        guard session(on: device, serial) != nil else { return }
        broadcast(.capability(device: device, report))
    }
}
