import LuaHost
import WearablesCore

/// `Device`: the app's view of a pair of glasses, with DAT 1.0's fields.
enum DeviceClass {

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<Device> {
        LuaClass(
            Device.self, name: "Device", doc: "A pair of glasses linked to the Meta AI app.",
            methods: [
                .method("name_or_id", returns: [.string], doc: "The name, or the identifier when unnamed.") { device, _ in
                    .value(.string(device.nameOrId()))
                },
                .method(
                    "supports_display", returns: [.boolean], doc: "Whether the glasses have a display (Meta Ray-Ban Display)."
                ) { device, _ in .value(.boolean(device.supportsDisplay)) },
                .method(
                    "on", .enum("event", DeviceEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to link state, any state change (fn gets the device) or compatibility, first with the current value, "
                        + "at the caller's next wait; or to the wearer's inputs (fn gets \(LuaType.strings(DeviceInput.allNames).text))."
                ) { [unowned runtime] device, event, function, call in
                    let handle = runtime.listen(function, event: event.luaName, label: "device \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .link: device.addLinkStateListener { deliver([.string($0.name)], nil) }
                        case .state: device.addStateListener { deliver([.object($0)], nil) }
                        case .input: device.addInputListener { deliver([.string($0.name)], nil) }
                        case .compatibility: device.addCompatibilityListener { deliver([.string($0.name)], nil) }
                        }
                    }
                    return .value(.object(handle))
                },
            ],
            fields: [
                LuaField(name: "id", type: .string, doc: "The device identifier.") { .string($0.identifier) },
                LuaField(name: "name", type: .string, doc: "The human-readable name (may be empty).") { .string($0.name) },
                LuaField(name: "type", type: .strings(DeviceType.allNames), doc: "The model.") { .string($0.type.name) },
                LuaField(name: "link", type: .strings(LinkState.allNames), doc: "Bluetooth link state.") { .string($0.linkState.name) },
                LuaField(name: "battery", type: .optional(.integer), doc: "Battery level 0-100, nil when unknown.") {
                    $0.batteryLevel.map { .integer(Int64($0)) } ?? .nil
                },
                LuaField(name: "charging", type: .strings(ChargingState.allNames), doc: "Charging state.") { .string($0.chargingState.name) },
                LuaField(name: "don", type: .strings(DonState.allNames), doc: "Whether the glasses are worn.") { .string($0.donState.name) },
                LuaField(name: "hinge", type: .strings(HingeState.allNames), doc: "Whether the hinges are open.") { .string($0.hingeState.name) },
                LuaField(name: "thermal", type: .strings(ThermalLevel.allNames), doc: "Thermal level.") { .string($0.thermalLevel.name) },
                LuaField(name: "compatibility", type: .strings(Compatibility.allNames), doc: "Compatibility with this SDK version.") {
                    .string($0.compatibility.name)
                },
            ],
            describe: describe)
    }

    /// One line with the key state: `Device rayBanMeta "Ray-Ban Meta" connected donned battery 80%`.
    static func describe(_ device: Device) -> String {
        let battery = device.batteryLevel.map { " battery \($0)%" } ?? ""
        return "Device \(device.type.name) \"\(device.name)\" \(device.linkState.name) \(device.donState.name)\(battery)"
    }

    /// A device argument given as a Device or its identifier.
    static let device = LuaArgument<DeviceIdentifier>(LuaParameter("device", .union([.named("Device"), .string]))) { call, n in
        if call.typeName(n) == "string" { return try call.string(n) }
        guard call.typeName(n) == "userdata" else { throw LuaArgumentError(argument: n, message: "Device or string expected, got \(call.typeName(n))") }
        return try call.userdata(n, as: Device.self).identifier
    }
}

/// What `:on` listens to on a device: checked, documented and typed from these cases.
enum DeviceEvent: String, LuaEnum {
    case link
    case state
    case compatibility
    case input
}
