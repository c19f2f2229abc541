/// What a userdata holds: a retained pointer to this box, which holds the
/// Swift object until Lua collects the userdata or the host invalidates it.
final class LuaObjectBox {
    private(set) var object: AnyObject?
    /// The host's message for uses after ``LuaState/invalidate(_:message:)``.
    private(set) var invalidation: String?
    weak var owner: LuaState?
    /// The object's identity, kept after invalidation so the state can forget the box.
    let key: ObjectIdentifier
    /// Host memory charged for the object until the userdata is collected or invalidated.
    private(set) var charged: Int

    init(object: AnyObject, owner: LuaState, charged: Int) {
        self.object = object
        self.owner = owner
        self.charged = charged
        key = ObjectIdentifier(object)
    }

    static func from(_ pointer: UnsafeMutableRawPointer) -> LuaObjectBox {
        Unmanaged<LuaObjectBox>.fromOpaque(pointer).takeUnretainedValue()
    }

    func invalidate(message: String) {
        object = nil
        invalidation = message
        if charged > 0 { owner?.credit(charged) }
        charged = 0
    }
}
