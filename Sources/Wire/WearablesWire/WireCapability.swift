import WearablesModel

/// An Inputs event as the wire carries it (the `input_event` event's `input` field):
/// DAT `InputEvent`'s case as `kind`, its fields by DAT's labels in snake_case.
public struct WireInputEvent: Codable, Sendable, Equatable {
    public var kind: String
    public var source: String
    public var timestampMs: Int64
    public var direction, button, pressType, action: String?
    public var x, y, dx, dy: Float?

    enum CodingKeys: String, CodingKey {
        case kind, source, direction, button, action, x, y, dx, dy
        case timestampMs = "timestamp_ms"
        case pressType = "press_type"
    }

    public init(_ event: InputEvent) {
        kind = event.kind.name
        source = event.source.name
        timestampMs = event.timestampMs
        switch event.action {
        case .nav(let direction): self.direction = direction.name
        case .select, .back: break
        case .button(let button): self.button = button.name
        case .capture(let press): pressType = press.name
        case .drag(let action, let x, let y, let dx, let dy):
            self.action = action.name
            (self.x, self.y, self.dx, self.dy) = (x, y, dx, dy)
        }
    }

    public func event() throws(WireDecodingError) -> InputEvent {
        func named<T: NamedCase>(_ value: String?, _ field: String, as _: T.Type) throws(WireDecodingError) -> T {
            guard let value, let parsed = T(name: value) else {
                throw WireDecodingError("field 'input.\(field)': expected one of \(T.allNames.joined(separator: ", "))")
            }
            return parsed
        }
        let action: InputEvent.Action = switch try named(kind, "kind", as: InputEventKind.self) {
        case .nav: .nav(try named(direction, "direction", as: NavDirection.self))
        case .select: .select
        case .back: .back
        case .button: .button(try named(button, "button", as: ButtonType.self))
        case .capture: .capture(try named(pressType, "press_type", as: CapturePressType.self))
        case .drag: .drag(try named(self.action, "action", as: DragAction.self), x: x ?? 0, y: y ?? 0, dx: dx ?? 0, dy: dy ?? 0)
        }
        return InputEvent(action, source: try named(source, "source", as: InputSource.self), timestampMs: timestampMs)
    }
}
