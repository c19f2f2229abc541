import LuaHost
import WearablesDisplay

/// The display tree as the binding registry's types, made from `DisplaySchema` (the one
/// declaration the decoder also reads): a ``LuaRecordType`` per component (`DisplayText`,
/// ...) and their union, `DisplayComponent`, which `Display:show` takes. From these come the
/// reference's and llms.txt's component sections, the LuaLS classes and REPL help.
package enum DisplayTreeType {
    package static let unionName = "DisplayComponent"

    package static let records: [LuaRecordType] = DisplaySchema.components.map(record)

    /// What `Display:show` takes.
    package static let type = LuaType.alias(unionName, .union(records.map { .named($0.name) }))

    /// `DisplayFlexbox`, `DisplayButtonGroup`.
    package static func recordName(_ kind: ComponentKind) -> String {
        "Display" + kind.rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func record(_ component: DisplayComponentSchema) -> LuaRecordType {
        let tag = LuaRecordType.Field(LuaParameter("type", .strings([component.name])), doc: "Names the component.")
        return LuaRecordType(
            name: recordName(component.kind), tag: component.name, doc: component.doc,
            fields: [tag] + component.fields.map { field in
                LuaRecordType.Field(
                    LuaParameter(field.name, type(of: field), optional: !field.isRequired, in: field.range, default: defaultText(field.defaultValue)),
                    doc: field.doc, limit: limit(field))
            })
    }

    private static func type(of field: DisplayField) -> LuaType {
        switch field.kind {
        case .string: .string
        case .number: .number
        case .boolean: .boolean
        case .enumeration(let type, let names): .alias("Display" + type, .strings(names))
        case .padding: .union([.number, .record(DisplaySchema.paddingEdges.map { .optional($0, .number) })])
        case .pixels: .union([.named("Photo"), .named("Frame")])
        case .children(let only): .array(.named(only.map(recordName) ?? unionName))
        case .onTap: .fun([LuaParameter("id", .string)])
        }
    }

    private static func defaultText(_ value: SpecValue?) -> String? {
        switch value {
        case .string(let text)?: "\"\(text)\""
        case .number(let number)?: number == number.rounded() ? String(Int(number)) : String(number)
        case .bool(let flag)?: String(flag)
        default: nil
        }
    }

    private static func limit(_ field: DisplayField) -> String? {
        guard let bytes = field.maxBytes else { return nil }
        return field.name == "id" ? "1 to \(bytes) characters" : "at most \(bytes) bytes (\(DisplayLimits.maxTotalTextBytes) in the whole tree)"
    }
}
