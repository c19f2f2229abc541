#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Hummingbird
import WireServing

/// What a browser opening the dashboard without its token (or with an old one)
/// gets: a short HTML page saying how to open it, rather than the API's JSON
/// refusal, which reads as a broken server to a person. Only `/` gets it; the API
/// routes keep their JSON errors for programs.
enum TokenHelpPage {
    /// Whether `request` is a page view that should get this page when refused for its token.
    static func applies(to request: Request, denial: ControlError) -> Bool {
        denial.code == "unauthorized" && request.method == .get && request.uri.path == "/"
    }

    /// The refusal as HTML, still a 401 so that programs see the same status.
    static func response(for denial: ControlError, authority: String?) -> Response {
        let address = "http://\(escape(authority ?? "127.0.0.1:PORT"))/?token=TOKEN"
        let body = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>glasses serve: token needed</title></head>
            <body>
            <h1>This dashboard needs its token</h1>
            <p>\(escape(denial.message)).</p>
            <p>When <code>glasses serve</code> starts, it prints the dashboard's address with its token, such as
            <code>\(address)</code>. Open that address as printed. A server started again without
            <code>--token</code> makes a new token each time: use the one from its latest start, or start it with
            <code>glasses serve --token YOURTOKEN</code> to keep one across restarts.</p>
            </body>
            </html>

            """
        return Response(status: denial.status,
                        headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                  .contentSecurityPolicy: "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"],
                        body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// Text made safe to place between HTML tags.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
