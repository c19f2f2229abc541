#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Hummingbird
import WearablesCore

/// The dashboard: a page at `/` that is a client of the wire protocol like any other
/// (it connects to the WebSocket with the token), made of plain HTML, CSS and
/// JavaScript from this target's resources (compiled in, see ``ServerResources``): no
/// build step, nothing from the network.
///
/// The access middleware guards these routes as it guards the API. The page's own
/// requests (its stylesheet, its script, the WebSocket) carry the token in the query,
/// so `/` writes it into the page: whoever got the page already holds it.
struct DashboardRoutes: Sendable {
    let token: String

    /// The page's files: name, content type. Only these are served.
    static let files: [(name: String, type: String)] = [
        ("index.html", "text/html; charset=utf-8"), ("app.css", "text/css; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"), ("display-css.js", "text/javascript; charset=utf-8"),
        ("display.js", "text/javascript; charset=utf-8"), ("handsfree.js", "text/javascript; charset=utf-8"),
    ]
    /// Where the page may load from and connect to: this server only (no CDN, no other site).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    func add(to router: some RouterMethods<BasicRequestContext>) {
        let page = Self.page(token: token)
        router.get("/") { _, _ in Self.response(page, type: Self.files[0].type) }
        for (name, type) in Self.files.dropFirst() {
            let body = Self.resource(name)
            router.get(RouterPath("/dashboard/\(name)")) { _, _ in Self.response(body, type: type) }
        }
    }

    /// `index.html` with the token in place of `__TOKEN__`, percent-encoded for URLs, which
    /// also makes it safe inside an HTML attribute.
    static func page(token: String) -> String {
        let encoded = token.utf8.map { byte in
            byte.isASCIIAlphanumeric ? String(UnicodeScalar(byte)) : String(cFormat: "%%%02X", byte)
        }.joined()
        return resource("index.html").replacing("__TOKEN__", with: encoded)
    }

    static func resource(_ name: String) -> String {
        ServerResources.text("dashboard/" + name) ?? ""
    }

    static func response(_ body: String, type: String) -> Response {
        Response(status: .ok,
                 headers: [.contentType: type, .cacheControl: "no-store", .contentSecurityPolicy: contentSecurityPolicy,
                           HTTPField.Name("X-Content-Type-Options")!: "nosniff"],
                 body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
