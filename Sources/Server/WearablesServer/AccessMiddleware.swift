import Hummingbird
import WireServing

/// Refuses every request the policy refuses, before any route runs (the dashboard's
/// page view with a help page, everything else with a JSON error).
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: AccessPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let denial = policy.denial(of: request) {
            if TokenHelpPage.applies(to: request, denial: denial) {
                return TokenHelpPage.response(for: denial, authority: request.head.authority)
            }
            throw denial
        }
        return try await next(request, context)
    }
}
