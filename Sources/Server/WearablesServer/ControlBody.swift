#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import WearablesWire
import WireServing

/// A control body: the mock action's fields (`MockActionFields`), read with the size
/// limit and checked field by field before they are decoded, so that a refusal names
/// the field at fault in plain words (a field no route takes, a value of the wrong
/// type) rather than passing on a decoder's text about its coding path.
enum ControlBody {
    static func read(_ request: Request) async throws -> MockActionFields {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: ControlRoutes.maxBodyBytes) } catch {
            throw ControlError(.contentTooLarge, "too_large", "a control body is at most \(ControlRoutes.maxBodyBytes) bytes")
        }
        guard buffer.readableBytes > 0 else { return MockActionFields() }
        let data = Data(buffer.readableBytesView)
        guard let object = try? JSONDecoder().decode([String: JSONKind].self, from: data) else {
            throw ControlError.badRequest(#"the body must be a JSON object, e.g. {"device":"rayBanMeta-1"}"#)
        }
        try ControlBodyFields.check(object)
        do {
            return try JSONDecoder().decode(MockActionFields.self, from: data)
        } catch {
            // The check above accepts only what decodes; this is the last guard, not a path a body takes.
            throw ControlError.badRequest("the body's fields could not be read: \(error)")
        }
    }
}
