import WearablesModel

/// The server's own messages (its events are `Events`), one struct per `type`.
enum ServerMessages {
    struct Hello: ServerPayload {
        static let type = "hello"
        static let summary = "The server's answer to the client's `hello`: the world as it is at that moment; every event after it is a change to that state."
        static let fieldDocs = [
            "protocol": "The protocol version the server speaks.",
            "server": "What the server is (`glasses serve`, a bridge).",
            "world": "`simulator` when the world is simulated (its mock controls are served), else what it is.",
            "speed": "Run seconds per wall second: the client runs its clock at this pace (absent: 1).",
            "time": "The world's run time in seconds (absent: 0).",
            "registration": "The app's registration state.",
            "permissions": "Each permission's status, by name (`{\"camera\":\"granted\"}`).",
            "devices": "The glasses the app sees, each with the fields of a `device` event's `info`.",
            "bandwidth": "Each device's link bandwidth in kbps, by id.",
            "mock": "A simulator's glasses as its mock knows them, in pairing order: the device's fields plus `powered`, `stuck` and `bandwidth_kbps` (absent elsewhere).",
            "held": "What each client holds on each device, as `holders` events list them: `[{\"device\":\"rayBanMeta-1\",\"holders\":[...]}]` (absent when nobody holds anything).",
            "client_id": "The number the server gave this client, as a holder's `client` names it (absent: not told).",
        ]
        var protocolVersion: Int
        var server, world: String?
        var speed, time: Double?
        var registration: Named<RegistrationState>
        var permissions: [String: String]?
        var devices: [WireDevice]?
        var bandwidth: [String: Double]?
        var mock: [WireMockGlasses]?
        var held: [WireDeviceHolders]?
        var clientID: Int?

        enum CodingKeys: String, CodingKey {
            case server, world, speed, time, registration, permissions, devices, bandwidth, mock, held
            case protocolVersion = "protocol"
            case clientID = "client_id"
        }

        init?(_ message: ServerMessage) {
            guard case .hello(let hello) = message else { return nil }
            protocolVersion = hello.protocolVersion
            server = hello.server
            world = hello.world
            speed = hello.speed
            time = hello.time
            registration = Named(hello.registration)
            permissions = Dictionary(uniqueKeysWithValues: hello.permissions.map { ($0.key.name, $0.value.name) })
            devices = hello.devices.map(WireDevice.init)
            bandwidth = hello.bandwidth
            mock = hello.mock.isEmpty ? nil : hello.mock
            held = hello.held.isEmpty ? nil : hello.held
            clientID = hello.clientID
        }

        func message() -> ServerMessage {
            var grants: [Permission: PermissionStatus] = [:]
            for (key, value) in permissions ?? [:] {
                if let permission = Permission(name: key), let status = PermissionStatus(name: value) { grants[permission] = status }
            }
            return .hello(ServerHello(
                protocolVersion: protocolVersion, server: server ?? "", world: world ?? "", speed: speed ?? 1, time: time ?? 0,
                registration: registration.value, permissions: grants, devices: (devices ?? []).map(\.snapshot),
                bandwidth: bandwidth ?? [:], mock: mock ?? [], held: held ?? [], clientID: clientID))
        }
    }

    struct Reply: ServerPayload {
        static let type = "reply"
        static let summary = "A command's answer, repeating its `id`; a success carries at most one of the value fields, a failure `error`."
        static let fieldDocs = [
            "id": "The command's id.",
            "ok": "Whether the command succeeded.",
            "error": "A failure: the DAT error type as `domain`, its case as `code`, our `message`, and `device` for errors that name one.",
            "status": "`request_permission`: the permission's status.",
            "stream": "`start_camera`: the number the stream's frames carry.",
            "glasses": "`mock`: the pair's mock state after the action, as in hello's `mock`.",
            "output": "`console`: what the input printed (its values, `print`).",
            "error_output": "`console`: a Lua error with its traceback.",
            "completions": "`complete`: the candidates, sorted, each replacing the word.",
            "audio": "`audio_route`: the phone's route, `{\"inputs\":[{\"type\":\"bluetoothHFP\",\"name\":\"Ray-Ban Meta\",\"sample_rate\":8000}],\"outputs\":[...],\"active\":true,\"interrupted\":false}`.",
            "taken": "`voice_answer`: false when Meta AI stopped waiting.",
        ]
        var id: Int
        var ok: Bool
        var error: WireError?
        var status: Named<PermissionStatus>?
        var stream: Int?
        var glasses: WireMockGlasses?
        var output, errorOutput: String?
        var completions: [String]?
        var audio: WireAudioRoute?
        var taken: Bool?

        enum CodingKeys: String, CodingKey {
            case id, ok, error, status, stream, glasses, output
            case errorOutput = "error_output"
            case completions, audio, taken
        }

        init?(_ message: ServerMessage) {
            guard case .reply(let id, let result) = message else { return nil }
            self.id = id
            switch result {
            case .failure(let error):
                ok = false
                self.error = error
            case .success(let value):
                ok = true
                switch value {
                case .done: break
                case .permission(let status): self.status = Named(status)
                case .stream(let stream): self.stream = stream
                case .mockGlasses(let state): glasses = state
                case .console(let output, let errorOutput):
                    self.output = output
                    self.errorOutput = errorOutput
                case .completions(let candidates): completions = candidates
                case .audioRoute(let route): audio = route
                case .taken(let taken): self.taken = taken
                }
            }
        }

        func message() throws(WireDecodingError) -> ServerMessage {
            guard ok else {
                guard let error else { throw WireDecodingError("'reply' needs the field 'error'") }
                return .reply(id: id, .failure(error))
            }
            let value: WireReplyValue =
                if let status { .permission(status.value) }
                else if let stream { .stream(stream) }
                else if let glasses { .mockGlasses(glasses) }
                else if let output { .console(output: output, errorOutput: errorOutput ?? "") }
                else if let completions { .completions(completions) }
                else if let audio { .audioRoute(audio) }
                else if let taken { .taken(taken) }
                else { .done }
            return .reply(id: id, .success(value))
        }
    }

    struct Refusal: ServerPayload {
        static let type = "error"
        static let summary = "The client's message was refused (see Errors about messages); the connection goes on unless the error says otherwise."
        static let fieldDocs = ["error": "Domain `protocol`, the code and a message naming the fix."]
        var error: WireError
        init?(_ message: ServerMessage) {
            guard case .error(let error) = message else { return nil }
            self.error = error
        }
        func message() -> ServerMessage { .error(error) }
    }
}
