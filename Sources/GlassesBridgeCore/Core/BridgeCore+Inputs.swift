import DATInterface
import WearablesModel
import WearablesWire

/// DAT's Inputs as the wire's `input_event` and `inputs_error`: the bridge adds Inputs with
/// every source once a session starts (the wire has no command for it: a client's model adds
/// its own and keeps only the events its configuration asked for, as against `glasses serve`).
extension BridgeCore {
    func addInputs(to held: BridgeSession, on device: DeviceIdentifier) {
        guard held.inputs == nil else { return }
        let inputs: any DATInputs
        do throws(DeviceSessionError) {
            // Nil or a refusal: glasses without Inputs, whose events a client never sees.
            guard let added = try held.session.addInputs(configuration: InputsConfiguration()) else { return }
            inputs = added
        } catch {
            return
        }
        held.inputs = inputs
        let (mailbox, serial) = (mailbox!, held.serial)
        held.tokens.append(inputs.errorPublisher.listen { error in
            mailbox.enqueue { core in core.inputsReported(.inputsFailed(error), on: device, session: serial) }
        })
        held.inputsReader = Task {
            for await event in inputs.events {
                mailbox.enqueue { core in core.inputsReported(.input(event), on: device, session: serial) }
            }
        }
    }

    /// To every client, as `glasses serve` sends them; nothing from a session since closed.
    func inputsReported(_ report: CapabilityReport, on device: DeviceIdentifier, session serial: Int) {
        guard session(on: device, serial) != nil else { return }
        broadcast(.capability(device: device, report))
    }
}
