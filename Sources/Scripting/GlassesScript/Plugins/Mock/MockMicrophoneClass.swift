#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
import WearablesMock

/// `MockMicrophone`: the microphone of the glasses `id`.
final class MockMicrophoneHandle {
    let id: DeviceIdentifier
    init(id: DeviceIdentifier) { self.id = id }
}

/// `MockMicrophone`'s methods: what the simulated microphone hears.
enum MockMicrophoneClass {
    static func luaClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockMicrophoneHandle> {
        LuaClass(
            MockMicrophoneHandle.self, name: "MockMicrophone", doc: "What the simulated microphone hears.",
            methods: [
                LuaFunction(
                    name: "feed",
                    parameters: [LuaParameter("source", .union([.string, .record([.optional("tone", .number), .optional("silence", .boolean), .optional("noise", .boolean), .optional("speech", .string)])]))],
                    doc: "Microphone feed: a sound file (looped), a tone in Hz, silence, noise, or speech=TEXT said by espeak-ng, again after each 1 s pause. "
                        + "A path is read in this process, so over --connect only a tone, silence, noise or speech works."
                ) { [unowned runtime] call in
                    let handle = try call.userdata(1, as: MockMicrophoneHandle.self)
                    let feed: MicrophoneFeed
                    if let table = try? call.table(2) {
                        if let hertz = try table.optionalNumber("tone") {
                            guard hertz.isFinite, hertz > 0 else { throw LuaArgumentError(argument: 2, message: "field 'tone': Hz must be a finite number > 0") }
                            feed = .tone(hertz: hertz)
                        } else if try table.optionalBoolean("noise") == true {
                            feed = .noise()
                        } else if try table.optionalBoolean("silence") == true {
                            feed = .silence
                        } else if let text = try table.optionalString("speech") {
                            guard text.utf8.count <= MicrophoneFeed.maxSpokenTextBytes else {
                                throw LuaArgumentError(argument: 2, message: "field 'speech': \(text.utf8.count) bytes; at most \(MicrophoneFeed.maxSpokenTextBytes) are spoken")
                            }
                            feed = .speech(text: text)
                        } else {
                            throw LuaArgumentError(argument: 2, message: "expected a path or a table with tone=, noise=true, silence=true or speech=")
                        }
                    } else {
                        // The checked file itself, held by the feed: the renderer reads it later
                        // and never opens the path again.
                        let checked = try runtime.reading(try call.string(2), as: "a microphone feed")
                        feed = .file(path: checked.path, checked: checked.checked)
                    }
                    return try mock.perform(runtime, call, "feed", .device(handle.id, .microphoneFeed(feed)))
                }
            ])
    }
}
