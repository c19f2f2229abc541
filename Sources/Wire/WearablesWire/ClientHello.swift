/// The client's first message.
struct ClientHello: WirePayload {
    static let type = "hello"
    static let summary = "The client's first message; the server answers with its own `hello`."
    static let fieldDocs = [
        "protocol": "The protocol version the client speaks (`WireProtocol.version`).",
        "client": "What the client is, for logs (`glasses run demo.lua`).",
    ]
    var protocolVersion: Int
    var client: String?

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case client
    }
}
