import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP/1.1 request on a fresh loopback connection, for the tests: NIO's own
/// HTTP codec, so the test build needs no client library (and no TLS).
enum PlainHTTP {
    struct Response {
        let status: Int
        let headers: HTTPFields
        let body: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func send(
        port: Int, method: HTTPRequest.Method, path: String, authority: String, headers fields: HTTPFields, body: String?
    ) async throws -> Response {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        var headers = HTTPHeaders([("Host", authority), ("Connection", "close")])
        for field in fields { headers.add(name: field.name.rawName, value: field.value) }
        headers.add(name: "Content-Length", value: String(body?.utf8.count ?? 0))
        let head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method.rawValue), uri: path, headers: headers)
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(.head(head))
            if let body { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body)))) }
            try await outbound.write(.end(nil))
            var response: (status: Int, headers: HTTPHeaders)?
            var collected = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let head): response = (Int(head.status.code), head.headers)
                case .body(var chunk): collected.writeBuffer(&chunk)
                case .end:
                    guard let response else { throw Failure(description: "a response without a head") }
                    var fields = HTTPFields()
                    for (name, value) in response.headers {
                        if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
                    }
                    return Response(status: response.status, headers: fields, body: String(buffer: collected))
                }
            }
            throw Failure(description: "the server closed the connection before the response ended")
        }
    }
}
