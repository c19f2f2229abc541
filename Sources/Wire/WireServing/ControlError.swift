#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Hummingbird

/// An HTTP refusal: a 4xx status and `{"error":{"code":...,"message":...}}`, the
/// message saying how to fix the request.
public struct ControlError: Error, HTTPResponseError, Equatable, CustomStringConvertible {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    /// Headers the refusal carries besides its type (a 405's `Allow`).
    public let headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers,
                        body: .init(byteBuffer: ByteBuffer(bytes: JSONBody.encode(["error": ["code": code, "message": message]]))))
    }

    public static func badRequest(_ message: String) -> ControlError { ControlError(.badRequest, "bad_request", message) }
}

/// JSON for the control routes, keys sorted so responses are stable.
public enum JSONBody {
    public static func encode<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // Control bodies are plain values: encoding cannot fail.
        return ((try? encoder.encode(value)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    public static func response<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"],
                 body: .init(byteBuffer: ByteBuffer(bytes: encode(value))))
    }
}
