import HTTPTypes
import Hummingbird

/// A router that records every route added through it in a ``RouteTable``.
final class RouteRecorder<Context: RequestContext>: RouterMethods {
    let router: Router<Context>
    private(set) var table = RouteTable()

    init(_ router: Router<Context>) {
        self.router = router
    }

    @discardableResult
    func on<Responder: HTTPResponder>(_ path: RouterPath, method: HTTPRequest.Method, responder: Responder) -> Self
    where Responder.Context == Context {
        table.add(path, method)
        router.on(path, method: method, responder: responder)
        return self
    }

    @discardableResult
    func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        router.add(middleware: middleware)
        return self
    }
}
