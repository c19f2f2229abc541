import FoundationEssentials
import WearablesCore
import WearablesDisplay
import WearablesMock

/// A display component as JSON (`display_send`'s `tree`, a mock state's `display.tree`):
/// `{"type": "flexbox", "props": {...}, "children": [...]}`, the `ComponentSpec` of a checked
/// tree. An image's pixels cross as JPEG (``WireSpecValue``).
public struct WireComponent: Codable, Sendable, Equatable {
    public var type: String
    public var props: [String: WireSpecValue]?
    public var children: [WireComponent]?

    public init(_ spec: ComponentSpec) {
        type = spec.type
        let values = spec.properties.compactMapValues(WireSpecValue.init)
        props = values.isEmpty ? nil : values
        children = spec.children.isEmpty ? nil : spec.children.map(WireComponent.init)
    }

    public var spec: ComponentSpec {
        ComponentSpec(type, (props ?? [:]).mapValues(\.spec), children: (children ?? []).map(\.spec))
    }

    /// The checked tree it holds (a peer checks what it receives as it checks what a script sends).
    public func tree() throws(DisplayTreeError) -> DisplayTree { try DisplayTree(spec: spec) }
}

/// One property value: a string, number, boolean, a table of them (padding's edges), or
/// an image's pixels as `{"jpeg": BASE64}` (scripts' pixels are JPEG-rounded before they
/// are shown, in process too, so both ends show the same picture).
public enum WireSpecValue: Codable, Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case table([String: WireSpecValue])
    case jpeg(Data)

    init?(_ value: SpecValue) {
        switch value {
        case .string(let string): self = .string(string)
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .table(let table): self = .table(table.compactMapValues(WireSpecValue.init))
        case .pixels(let image):
            guard let data = try? ImageCodecs.encode(image, as: .jpeg, quality: DisplayPixels.jpegQuality) else { return nil }
            self = .jpeg(data)
        }
    }

    var spec: SpecValue {
        switch self {
        case .string(let string): .string(string)
        case .number(let number): .number(number)
        case .bool(let flag): .bool(flag)
        case .table(let table): .table(table.mapValues(\.spec))
        // Undecodable bytes leave a string, which the tree's check refuses as not pixels.
        case .jpeg(let data): (try? ImageCodecs.decode(data)).map(SpecValue.pixels) ?? .string("")
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let string = try? container.decode(String.self) { self = .string(string) }
        else if let image = try? container.decode([String: String].self), image.count == 1, let text = image["jpeg"],
                let data = Data(base64Encoded: text) {
            self = .jpeg(data)
        } else { self = .table(try container.decode([String: WireSpecValue].self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let string): try container.encode(string)
        case .number(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .table(let table): try container.encode(table)
        case .jpeg(let data): try container.encode(["jpeg": data.base64EncodedString()])
        }
    }
}

/// The lens in a mock state (`WireMockGlasses.display`).
public struct WireMockDisplay: Codable, Sendable, Equatable {
    public var on: Bool
    public var playing: Bool
    public var tree: WireComponent?

    public init(_ state: MockDisplayState) {
        on = state.isOn
        playing = state.playingVideo
        tree = state.content.map { WireComponent(ComponentSpec($0.root)) }
    }

    public var state: MockDisplayState {
        MockDisplayState(isOn: on, content: tree.flatMap { try? $0.tree() }, playingVideo: playing)
    }
}

extension DisplayError {
    /// The display error a wire error names (`DisplayError.displayError` keeps its message).
    public init?(_ error: WireError) {
        guard error.domain == "DisplayError" else { return nil }
        switch error.code {
        case "deviceDisconnected": self = .deviceDisconnected
        case "invalidVideoURL": self = .invalidVideoURL
        default: self = .displayError(error.message)
        }
    }
}
