#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesDisplayModel
import WearablesMock
import WearablesModel

/// How an image's pixels cross the wire: as JPEG, coded by the platform's codec (libjpeg in
/// this package, `WirePictures`; the phone's in an app), so the wire's vocabulary is portable Swift.
public protocol WirePictureCoding: Sendable {
    func jpeg(_ image: RGBImage) throws -> Data
    func pixels(_ jpeg: Data) throws -> RGBImage
}

/// A display component as JSON (`display_send`'s `tree`, a mock state's `display.tree`):
/// `{"type": "flexbox", "props": {...}, "children": [...]}`, the `ComponentSpec` of a checked
/// tree. An image's pixels cross as JPEG (``WireSpecValue``).
public struct WireComponent: Codable, Sendable, Equatable {
    public var type: String
    public var props: [String: WireSpecValue]?
    public var children: [WireComponent]?

    public init(_ spec: ComponentSpec, pictures: some WirePictureCoding) {
        type = spec.type
        let values = spec.properties.compactMapValues { WireSpecValue($0, pictures: pictures) }
        props = values.isEmpty ? nil : values
        children = spec.children.isEmpty ? nil : spec.children.map { WireComponent($0, pictures: pictures) }
    }

    public func spec(pictures: some WirePictureCoding) -> ComponentSpec {
        ComponentSpec(type, (props ?? [:]).mapValues { $0.spec(pictures: pictures) }, children: (children ?? []).map { $0.spec(pictures: pictures) })
    }

    /// The checked tree it holds (a peer checks what it receives as it checks what a script sends).
    public func tree(pictures: some WirePictureCoding) throws(DisplayTreeError) -> DisplayTree {
        try DisplayTree(spec: spec(pictures: pictures))
    }
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

    init?(_ value: SpecValue, pictures: some WirePictureCoding) {
        switch value {
        case .string(let string): self = .string(string)
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .table(let table): self = .table(table.compactMapValues { WireSpecValue($0, pictures: pictures) })
        case .pixels(let image):
            guard let data = try? pictures.jpeg(image) else { return nil }
            self = .jpeg(data)
        }
    }

    func spec(pictures: some WirePictureCoding) -> SpecValue {
        switch self {
        case .string(let string): .string(string)
        case .number(let number): .number(number)
        case .bool(let flag): .bool(flag)
        case .table(let table): .table(table.mapValues { $0.spec(pictures: pictures) })
        // Undecodable bytes leave a string, which the tree's check refuses as not pixels.
        case .jpeg(let data): (try? pictures.pixels(data)).map(SpecValue.pixels) ?? .string("")
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
    /// How lit the lens is (`dimmed`, `asleep`); absent while awake.
    public var lens: String?

    public init(_ state: MockDisplayState, pictures: some WirePictureCoding) {
        on = state.isOn
        playing = state.playingVideo
        tree = state.content.map { WireComponent(ComponentSpec($0.root), pictures: pictures) }
        lens = state.lens == .awake ? nil : state.lens.name
    }

    public func state(pictures: some WirePictureCoding) -> MockDisplayState {
        MockDisplayState(isOn: on, content: tree.flatMap { try? $0.tree(pictures: pictures) }, playingVideo: playing,
                         lens: lens.flatMap(MockDisplayState.Lens.init(name:)) ?? .awake)
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
