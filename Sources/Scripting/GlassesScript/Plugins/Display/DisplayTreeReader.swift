import LuaHost
import WearablesCore
import WearablesDisplay

/// A component tree as a script writes it, read into a `ComponentSpec` and its callbacks:
/// plain tables, `{type = "flexbox", direction = "column", children = {...}}`, with `on_tap`
/// functions on buttons and flexboxes. Hostile input is refused while reading, before a spec
/// is built: more than `DisplayLimits.maxNodes` components, nesting past `maxDepth` (a table
/// that contains itself ends there), a table with more keys than any component has, a string
/// longer than a component's text may be.
package struct DisplayTreeReader {
    /// What the script's tree holds besides the spec: `on_tap` functions by component id.
    private(set) var handlers: [(id: String, function: LuaRef)] = []
    private let state: LuaState
    private var count = 0

    /// More keys than any component declares (`flexbox` has the most) with room to spare.
    static let maxKeys = 32

    init(state: LuaState) { self.state = state }

    /// Reads the root (a table) into a spec.
    mutating func root(_ value: LuaValue) throws -> ComponentSpec {
        guard case .ref(let ref) = value, ref.typeName == "table" else {
            throw DisplayReadError.shape("root", Words.rootExpected(Self.typeName(value)))
        }
        return try component(ref, path: "root", depth: 1)
    }

    private mutating func component(_ table: LuaRef, path: String, depth: Int) throws -> ComponentSpec {
        count += 1
        guard count <= DisplayLimits.maxNodes else {
            throw DisplayReadError.tooLarge(path, "a tree holds at most \(DisplayLimits.maxNodes) components")
        }
        guard depth <= DisplayLimits.maxDepth else {
            throw DisplayReadError.tooLarge(path, "components nest at most \(DisplayLimits.maxDepth) deep (does a table contain itself?)")
        }
        guard let (entries, truncated) = try state.rawEntries(table, limit: Self.maxKeys) else {
            throw DisplayReadError.shape(path, "a component table expected")
        }
        if truncated { throw DisplayReadError.shape(path, "a component has at most \(Self.maxKeys) fields") }
        var type: String?
        var properties: [String: SpecValue] = [:]
        var childrenTable: LuaRef?
        var onTap: LuaRef?
        for (key, value) in entries {
            guard case .string(let name) = key else {
                throw DisplayReadError.shape(path, Words.positionalItem(Self.describe(key)))
            }
            switch name {
            case "type":
                switch value {
                case .string(let kind): type = kind
                case .bytes(let bytes): type = String(decoding: bytes, as: UTF8.self)  // not UTF-8: no component's name
                default: throw DisplayReadError.shape(path, Words.typeExpected(Self.typeName(value)))
                }
            case "children":
                guard case .ref(let ref) = value, ref.typeName == "table" else {
                    throw DisplayReadError.shape(path, Words.childrenExpected(Self.typeName(value)))
                }
                childrenTable = ref
            case "on_tap":
                guard case .ref(let ref) = value, ref.typeName == "function" else {
                    throw DisplayReadError.shape(path, Words.onTapExpected(Self.typeName(value)))
                }
                onTap = ref
            default:
                properties[name] = try Self.property(value, name: name, path: path, state: state)
            }
        }
        guard let type else {
            throw DisplayReadError.shape(path, Words.typeMissing)
        }
        if let onTap {
            if let problem = Words.notTappable(type) { throw DisplayReadError.shape(path, problem) }
            if case .success(let component) = DisplaySchema.component(named: type), component.field("tappable") != nil {
                properties["tappable"] = .bool(true)
            }
            let id: String
            if case .string(let explicit)? = properties["id"] { id = explicit } else { id = path }
            handlers.append((id, onTap))
        }
        var children: [ComponentSpec] = []
        if let childrenTable {
            guard let (items, truncated) = try state.rawEntries(childrenTable, limit: DisplayLimits.maxNodes - count + 1) else {
                throw DisplayReadError.shape(path, "field 'children': a list of components expected")
            }
            if truncated {
                throw DisplayReadError.tooLarge(path, "a tree holds at most \(DisplayLimits.maxNodes) components")
            }
            var byIndex: [Int: LuaRef] = [:]
            for (key, value) in items {
                guard case .integer(let index) = key, index >= 1, index <= Int64(items.count) else {
                    throw DisplayReadError.shape(path, "field 'children': a list (1, 2, 3, ...) expected, got key [\(Self.describe(key))]")
                }
                guard case .ref(let ref) = value, ref.typeName == "table" else {
                    throw DisplayReadError.shape("\(path).\(index)", Words.childExpected(Self.typeName(value)))
                }
                byIndex[Int(index)] = ref
            }
            for index in 1...max(1, byIndex.count) where byIndex.count > 0 {
                children.append(try component(byIndex[index]!, path: "\(path).\(index)", depth: depth + 1))
            }
        }
        return ComponentSpec(type, properties, children: children)
    }

    /// A property: a string, number or boolean, or (padding) a table of numbers.
    private static func property(_ value: LuaValue, name: String, path: String, state: LuaState) throws -> SpecValue {
        switch value {
        case .string(let string): return .string(string)
        case .bytes(let bytes): return .string(String(decoding: bytes, as: UTF8.self))
        case .integer(let number): return .number(Double(number))
        case .number(let number): return .number(number)
        case .boolean(let flag): return .bool(flag)
        case .ref(let ref) where ref.typeName == "table":
            guard let (entries, truncated) = try state.rawEntries(ref, limit: 8), !truncated else {
                throw DisplayReadError.shape(path, "field '\(name)': a table of at most 8 edges expected")
            }
            var table: [String: SpecValue] = [:]
            for (key, item) in entries {
                guard case .string(let edge) = key else {
                    throw DisplayReadError.shape(path, "field '\(name)': edges are named (top, bottom, leading, trailing, horizontal, vertical, all)")
                }
                switch item {
                case .integer(let number): table[edge] = .number(Double(number))
                case .number(let number): table[edge] = .number(number)
                default: throw DisplayReadError.shape(path, Words.edgeExpected(name, edge, typeName(item)))
                }
            }
            return .table(table)
        case .object(let object) where name == "pixels":
            return .pixels(try pixels(object, path: path, state: state))
        default:
            throw DisplayReadError.shape(path, Words.propertyExpected(name, typeName(value)))
        }
    }

    /// An image's `pixels`: a photo or a frame, fitted into the lens (600x600) at its
    /// aspect, so a full-size photo costs the tree no more than the lens can show, and
    /// rounded through JPEG as it would be over a connection (``DisplayPixels``).
    /// A photo's decoded size (read from its header first) is charged to the memory cap while
    /// it is decoded and fitted, and one over the pixel limit is refused before decoding.
    private static func pixels(_ object: AnyObject, path: String, state: LuaState) throws -> RGBImage {
        let image: RGBImage
        if let frame = object as? ScriptFrame {
            image = frame.frame.rgbImage()
        } else if let photo = object as? ScriptPhoto {
            var decoding: LuaMemoryCharge?
            if let size = ImageCodecs.dimensions(photo.photo.data) {
                if let refusal = ImageCodecs.pixelLimitError(width: size.width, height: size.height) {
                    throw DisplayReadError.tooLarge(path, "field 'pixels': \(refusal.message)")
                }
                let bytes = size.width * size.height * 6
                decoding = try state.chargeMemory(bytes, for: "a \(size.width)x\(size.height) photo decoded for the display (about \(bytes >> 20) MB)")
            }
            defer { withExtendedLifetime(decoding) {} }
            do { image = try ImageCodecs.decode(photo.photo.data) } catch {
                throw DisplayReadError.shape(path, "field 'pixels': the photo cannot be decoded (\(error)); capture it as jpeg")
            }
        } else {
            throw DisplayReadError.shape(path, "field 'pixels': a Photo or a Frame expected")
        }
        do { return try DisplayPixels.prepared(image) } catch {
            throw DisplayReadError.shape(path, "field 'pixels': the picture cannot be prepared for the lens (\(error))")
        }
    }

    static func typeName(_ value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string, .bytes: "string"
        case .array, .table: "table"
        case .object: "userdata"
        case .ref(let ref): ref.typeName
        }
    }

    private static func describe(_ key: LuaValue) -> String {
        switch key {
        case .integer(let n): String(n)
        case .number(let n): String(n)
        case .string(let s): "\"\(s.prefix(40))\""
        default: typeName(key)
        }
    }
}

extension DisplayTreeReader {
    /// What the reader says of a shape it cannot read: `glasses check` says the same of a
    /// literal tree (GlassesTooling's `DisplayTreeLiteralCheck`).
    package enum Words {
        package static func rootExpected(_ got: String) -> String { "a component table ({type = \"flexbox\", ...}) expected, got \(got)" }
        package static func childExpected(_ got: String) -> String { "a component table expected, got \(got)" }
        package static func positionalItem(_ key: String) -> String { "unexpected item [\(key)]: put child components in children = {...}" }
        package static func typeExpected(_ got: String) -> String { "field 'type': string expected, got \(got)" }
        package static func childrenExpected(_ got: String) -> String { "field 'children': a list of components expected, got \(got)" }
        package static func onTapExpected(_ got: String) -> String { "field 'on_tap': function expected, got \(got)" }
        package static let typeMissing = "field 'type' missing; components: \(ComponentKind.allCases.map(\.rawValue).joined(separator: ", "))"

        /// `on_tap` on a component the schema gives none.
        package static func notTappable(_ type: String) -> String? {
            if case .success(let component) = DisplaySchema.component(named: type), component.isTappable { return nil }
            let tappable = DisplaySchema.components.filter(\.isTappable).map(\.name)
            return "field 'on_tap': only a \(tappable.joined(separator: " or a ")) can be tapped, not a \(type)"
        }

        /// A property the reader cannot carry (a function, a userdata that is no picture).
        package static func propertyExpected(_ name: String, _ got: String) -> String { "field '\(name)': string, number or boolean expected, got \(got)" }
        package static func edgeExpected(_ name: String, _ edge: String, _ got: String) -> String { "field '\(name).\(edge)': number expected, got \(got)" }
    }
}

/// Why a script's tree could not be read: a shape the components cannot have (an argument
/// error naming the path and field), or a size past the limits (`DisplayError.displayError`).
enum DisplayReadError: Error {
    case shape(String, String)
    case tooLarge(String, String)
}
