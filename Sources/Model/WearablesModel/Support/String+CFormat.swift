#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// `printf`-style formatting (`%.3f`, `%02x`, `%g`) through the C library.
    ///
    /// Foundation's `String(format:)` would link all of Foundation into the binary,
    /// and start-up pays for every protocol conformance it brings (the runtime scans
    /// them all on each first lookup), so the host formats numbers with `vsnprintf`.
    public init(cFormat format: String, _ arguments: CVarArg...) {
        self = Self.formatted(format, arguments)
    }

    private static func formatted(_ format: String, _ arguments: [CVarArg]) -> String {
        let needed = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
        guard needed > 0 else { return "" }
        var bytes = [CChar](repeating: 0, count: needed + 1)
        _ = withVaList(arguments) { list in vsnprintf(&bytes, bytes.count, format, list) }
        return String(decoding: bytes.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
