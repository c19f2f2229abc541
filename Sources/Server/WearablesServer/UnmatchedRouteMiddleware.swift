import HTTPTypes
import Hummingbird
import WireServing

/// Answers a request no route takes with the server's JSON error instead of the
/// framework's empty 404: `not_found` for a path no route has, and 405
/// `method_not_allowed` with an `Allow` header for a path routed for other methods.
///
/// Added to the router after every route, it wraps only the router's not-found
/// responder (Hummingbird applies a middleware to the routes added after it, and
/// to the not-found responder always); after ``AccessMiddleware``, so a request
/// without the token learns nothing about which paths exist.
struct UnmatchedRouteMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path
            let allowed = routes.methods(at: path)
            guard !allowed.isEmpty else {
                throw ControlError(.notFound, "not_found", "no route \(request.method) \(path): /v1/openapi.yaml lists the routes")
            }
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw ControlError(.methodNotAllowed, "method_not_allowed", "\(path) takes \(names), not \(request.method)",
                               headers: [.allow: names])
        }
    }
}
