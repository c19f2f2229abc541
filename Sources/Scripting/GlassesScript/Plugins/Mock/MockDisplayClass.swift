#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
import WearablesDisplay
import WearablesMock
import RecipeLockFile

/// `MockDisplay`: the lens of the display glasses `id` (MockDisplayKit).
final class MockDisplayHandle {
    let id: DeviceIdentifier
    init(id: DeviceIdentifier) { self.id = id }
}

/// The ways a mock video ends (`glasses.display:video(how)`).
enum MockVideoEnd: String, CaseIterable, LuaEnum {
    case ended, stopped, error
}

extension VideoErrorType: LuaEnum {}

enum MockDisplayClass {
    static func luaClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockDisplayHandle> {
        /// The lens as the mock knows it now.
        func lens(_ handle: MockDisplayHandle) -> MockDisplayState {
            mock.control.state(of: handle.id)?.display ?? MockDisplayState()
        }
        return LuaClass(
            MockDisplayHandle.self, name: "MockDisplay",
            doc: "The lens of simulated Meta Ray-Ban Display glasses (MockDisplayKit): what it shows, clicks, video endings, snapshots.",
            methods: [
                .method(
                    "click", .string("id"), returns: [.boolean],
                    doc: "MockDisplayKit sendClick: click the shown button (or flexbox with on_tap) of this id (explicit id=, or its path root.2.1); "
                        + "its on_tap runs. False when no started display shows a clickable component of that id, or the session is paused."
                ) { [unowned runtime] handle, id, call in
                    try mock.perform(runtime, call, "click", .device(handle.id, .displayClick(id)),
                                     recover: { $0.code == .noTarget ? [false] : nil }) { _ in [true] }
                },
                .method(
                    "video", .enum("how", MockVideoEnd.self), .optionalEnum("error", VideoErrorType.self),
                    doc: "End the playing video: ended, stopped, or error (with a VideoErrorType, default playbackFailed); \"video\" listeners hear it."
                ) { [unowned runtime] handle, how, error, call in
                    try mock.perform(runtime, call, "video", .device(handle.id, .displayVideo(how.rawValue, errorType: error?.name)))
                },
                .method(
                    "set_photo_transfer_interrupts", LuaArgument<Bool>(LuaParameter("on", .boolean)) { try $0.boolean($1) },
                    doc: "Whether a standalone-photo transfer takes the display down (reported from the field for DAT 1.0; off by default)."
                ) { [unowned runtime] handle, on, call in
                    try mock.perform(runtime, call, "set_photo_transfer_interrupts", .device(handle.id, .displayPhotoTransferInterrupts(on)))
                },
                .method(
                    "set_video_size", .integer("width", in: 1...65536), .integer("height", in: 1...65536),
                    doc: "The pixel size of the videos the glasses fetch (the simulator opens no URL). Under the videoPlayerSize "
                        + "field report a video over 400 px a side or 70,000 px in total fails to play (playbackFailed); unset, none is refused."
                ) { [unowned runtime] handle, width, height, call in
                    try mock.perform(runtime, call, "set_video_size", .device(handle.id, .displayVideoSize(width: width, height: height)))
                },
                .method(
                    "snapshot", .string("path"), returns: [.string],
                    doc: "Write what the lens shows as a 600x600 PNG (black when nothing is); returns the path written. "
                        + "Text in DejaVu Sans through FreeType. The trace records the picture's SHA-256, a reference for later runs."
                ) { [unowned runtime] handle, path, _ in
                    let content = lens(handle).content
                    var digest = ""
                    let written = try runtime.writeFile(path, what: .frame) {
                        let png = try DisplaySnapshot.png(content)
                        digest = SHA256.hex(png)
                        return png
                    }
                    // The picture's hash in the trace: a reference a later run's trace can be compared with.
                    runtime.trace.record(source: "display", event: "snapshot", orderedValues: [
                        ("device", .string(handle.id)), ("path", .string(path)), ("sha256", .string(digest)),
                        ("components", .int(content?.ids.count ?? 0)),
                    ])
                    return written
                },
            ],
            fields: [
                LuaField(name: "on", type: .boolean, doc: "Whether an app's display is started on the glasses.") { .boolean(lens($0).isOn) },
                LuaField(name: "focus", type: .optional(.string),
                         doc: "The id that has focus: the first button with action_role=\"primary\" of the content shown (DAT 1.0: the first "
                             + "primary action takes focus when content first renders); nil when none is shown.") {
                    lens($0).focus.map { .string($0) } ?? .nil
                },
                LuaField(name: "lens", type: .strings(MockDisplayState.Lens.allNames),
                         doc: "How lit the lens is: awake, or dimmed (20 s) and asleep (25 s) without interaction under the displaySleep field report.") {
                    .string(lens($0).lens.name)
                },
                LuaField(name: "ids", type: .array(.string), doc: "The ids of the components shown, in tree order; empty when nothing is.") {
                    .array((lens($0).content?.ids ?? []).map { .string($0) })
                },
                LuaField(name: "clickable", type: .array(.string), doc: "The ids a click reaches: buttons and flexboxes with on_tap.") {
                    .array(lens($0).clickable.map { .string($0) })
                },
                LuaField(name: "texts", type: .array(.string), doc: "The texts and button labels shown, in tree order.") {
                    .array(texts(lens($0).content).map { .string($0) })
                },
                LuaField(name: "video_url", type: .optional(.string), doc: "The URL of the video shown, if the root is a video.") {
                    guard case .videoPlayer(let video)? = lens($0).content?.root.component else { return .nil }
                    return .string(video.url)
                },
                LuaField(name: "playing", type: .boolean, doc: "Whether the shown video is playing.") { .boolean(lens($0).playingVideo) },
            ],
            describe: { handle in
                let state = lens(handle)
                return "MockDisplay \(state.isOn ? "on" : "off")" + (state.content.map { " showing \($0.ids.count) components" } ?? "")
            })
    }

    /// The texts and labels of `tree`, in tree order.
    static func texts(_ tree: DisplayTree?) -> [String] {
        var texts: [String] = []
        tree?.forEachNode { node, _ in
            switch node.component {
            case .text(let text): texts.append(text.content)
            case .button(let button): texts.append(button.label)
            default: break
            }
        }
        return texts
    }
}
