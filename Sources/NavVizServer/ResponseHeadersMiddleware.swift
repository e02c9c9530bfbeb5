import Hummingbird

/// Headers every answer carries, refusals included (the outermost middleware, so it sees what the others throw):
/// - `Cache-Control: no-store` unless the route set its own (the viewer page and an event stream say `no-cache`):
///   sessions name an app's screens, and a browser kept them on disk after the daemon was gone (a security review);
/// - `Cross-Origin-Resource-Policy: same-origin`: no other site's page may embed an answer (an `<img>` of a diagram);
/// - `Cross-Origin-Opener-Policy: same-origin`: a page that opened the viewer keeps no handle on its window;
/// - `Referrer-Policy: no-referrer`: a link followed from the viewer tells nobody where it was;
/// - `X-Content-Type-Options: nosniff` on every answer, redirects, `204`s and the event stream included (the routes set it
///   on theirs; a security probe found those without it);
/// - `X-Frame-Options: DENY`, and a `Content-Security-Policy` of `frame-ancestors 'none'` that runs nothing where the route
///   set none (a diagram opened in a tab at the daemon's address): no page frames an answer (the viewer's own policy said
///   so for the page alone, a security review).
struct ResponseHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            // Any other error is the 500 Hummingbird would answer, with these headers too (the handlers throw typed errors:
            // a review found the gap, not a route through it). The log middleware, inside this one, has logged it.
            response = Response(status: .internalServerError)
        }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = answerPolicy }
        for field in fixedResponseHeaders { response.headers[field.name] = field.value }
        return response
    }
}

/// The headers `ResponseHeadersMiddleware` sets on every answer, made once (a generic type holds no stored static).
let fixedResponseHeaders: HTTPFields = [
    .init("Cross-Origin-Resource-Policy")!: "same-origin", .init("Cross-Origin-Opener-Policy")!: "same-origin",
    .init("Referrer-Policy")!: "no-referrer", .xContentTypeOptions: "nosniff", .init("X-Frame-Options")!: "DENY",
]

/// The `Content-Security-Policy` of an answer whose route set none: nothing loads or runs, styles in the document aside (a
/// diagram's), and no page may frame it.
let answerPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
