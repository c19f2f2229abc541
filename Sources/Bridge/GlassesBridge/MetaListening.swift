#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATCore
import Locking

/// DAT's listener token as the bridge's.
struct MetaListenerToken: DATListenerToken {
    let token: any MWDATCore.AnyListenerToken

    func cancel() async { await token.cancel() }
}

/// One of DAT's publishers, its values converted into the core's as they arrive.
///
/// `@unchecked Sendable`: DAT's `Announcer` protocol is not marked Sendable, but every
/// publisher comes from one of DAT's Sendable (or main-actor) classes, which hand them out
/// and take listeners from any thread.
struct MetaAnnouncer<Source: Sendable, Value: Sendable>: DATAnnouncer, @unchecked Sendable {
    let source: any MWDATCore.Announcer<Source>
    let convert: @Sendable (Source) -> Value

    func listen(_ listener: @escaping @Sendable (Value) -> Void) -> any DATListenerToken {
        let convert = convert
        return MetaListenerToken(token: source.listen { listener(convert($0)) })
    }
}

/// Hears a value at once and every change after it, as the bridge's `add…Listener`s
/// promise, over a DAT listener that hears only changes. Registered first, so no change
/// is missed; the current value is skipped when a change already arrived, so a stale
/// value never follows a newer one.
enum AtOnceListener {
    static func listen<Value: Sendable>(
        current: () -> Value, register: (@escaping @Sendable (Value) -> Void) -> any MWDATCore.AnyListenerToken,
        _ listener: @escaping @Sendable (Value) -> Void
    ) -> any DATListenerToken {
        let heardChange = Locked(false)
        let token = register { value in
            heardChange.withLock { $0 = true }
            listener(value)
        }
        let first = current()
        heardChange.withLock { heard in
            if !heard { listener(first) }
        }
        return MetaListenerToken(token: token)
    }
}
#endif
