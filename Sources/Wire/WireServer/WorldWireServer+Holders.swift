import WearablesCore
import WearablesWire

/// What each client holds on each device, for the clients that show it (the dashboard):
/// read from what the server already tracks to release a departed client's hold (session
/// owners, feeds, displays, Motion watches, voice streams) plus the session's state and the
/// Inputs and Speech each client asked for. Every change is sent as a `holders` event and
/// recorded in the trace (so `GET /v1/events` has it); the hello carries them all, so a page
/// opened late still sees a script's session.
extension WorldWireServer {
    /// The clients holding anything on `device`, by client number.
    func holders(of device: DeviceIdentifier) -> [WireHolder] {
        clients.keys.sorted().compactMap { id -> WireHolder? in
            guard let client = clients[id] else { return nil }
            let ownsSession = sessionOwners[device] == id
            let holder = WireHolder(
                client: id, name: client.name,
                session: ownsSession ? sessionStates[device] ?? "running" : nil,
                streams: client.feedDevices.filter { $0.value == device && !endedStreams.contains($0.key) }.keys.sorted(),
                display: displayOwners[device] == id,
                inputs: ownsSession && client.inputsDevices.contains(device),
                motion: motionWatches[id]?[device] != nil,
                speech: client.speechDevices.contains(device),
                voice: client.voiceDevices.contains(device))
            return holder.holdsAnything ? holder : nil
        }
    }

    /// Every device some client holds something on, for the hello.
    var held: [WireDeviceHolders] {
        backend.devices.map(\.identifier).compactMap { device in
            let holders = holders(of: device)
            return holders.isEmpty ? nil : WireDeviceHolders(device: device, holders: holders)
        }
    }

    /// Sends `holders` for each device whose holders differ from what clients were last sent.
    func publishHolderChanges() {
        for device in backend.devices.map(\.identifier) {
            let now = holders(of: device)
            guard (holdersSent[device] ?? []) != now else { continue }
            holdersSent[device] = now
            broadcast(.holders(device: device, now))
            world.trace.record(source: "serve", event: "holders", values: [
                "device": .string(device),
                "holders": .string(now.isEmpty ? "nobody" : now.map(Self.summary).joined(separator: "; ")),
            ])
        }
    }

    /// A holder in words, for the trace: `client 3 (glasses): session running, streams 2, display, inputs`.
    static func summary(_ holder: WireHolder) -> String {
        var held: [String] = []
        if let session = holder.session { held.append("session \(session)") }
        if !holder.streams.isEmpty { held.append("streams " + holder.streams.map(String.init).joined(separator: " ")) }
        for (name, holds) in [("display", holder.display), ("inputs", holder.inputs), ("motion", holder.motion),
                              ("speech", holder.speech), ("voice", holder.voice)] where holds {
            held.append(name)
        }
        return "client \(holder.client) (\(holder.name)): " + held.joined(separator: ", ")
    }

    /// The session's state as interruptions change it; an ended session ends its streams
    /// and the capabilities added to it (Inputs, Speech).
    func trackSession(_ interruption: SessionInterruption, on device: DeviceIdentifier) {
        switch interruption {
        case .paused: if sessionOwners[device] != nil { sessionStates[device] = "paused" }
        case .resumed: if sessionOwners[device] != nil { sessionStates[device] = "running" }
        case .streamEnded: endStreams(on: device)
        case .ended:
            sessionStates[device] = nil
            endStreams(on: device)
            for id in clients.keys {
                clients[id]?.inputsDevices.remove(device)
                clients[id]?.speechDevices.remove(device)
            }
        case .warning: break
        }
        publishHolderChanges()
    }

    private func endStreams(on device: DeviceIdentifier) {
        for client in clients.values {
            for (stream, streamDevice) in client.feedDevices where streamDevice == device { endedStreams.insert(stream) }
        }
    }
}
