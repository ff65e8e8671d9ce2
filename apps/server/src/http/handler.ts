import type { IncomingMessage, ServerResponse } from "node:http"
import { type ApiError, NotFound, RateLimited, ServerError, statusOf } from "@boroughs/protocol"
import { Cause, Effect } from "effect"
import type { App } from "../app.js"
import { principalOf, tokenOf } from "./auth.js"
import { CORS_HEADERS, errorReply, send } from "./respond.js"
import { match, type Route } from "./router.js"

const isApiError = (e: unknown): e is ApiError =>
  typeof e === "object" &&
  e !== null &&
  typeof (e as { _tag?: unknown })._tag === "string" &&
  (e as { _tag: string })._tag in statusOf

/**
 * The node:http request listener: CORS preflight, routing, the caller's token, rate limits, then the
 * route. Every failure becomes a JSON error with its status; a defect is logged and answered 500 — a bad
 * request never takes the process down.
 */
export const makeHandler =
  (app: App, routes: ReadonlyArray<Route>) =>
  (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now()
    const method = req.method ?? "GET"
    let url: URL
    try {
      url = new URL(req.url ?? "/", "http://server")
    } catch {
      send(res, errorReply(new NotFound({ message: "the request path is not a URL" })))
      return
    }
    if (method === "OPTIONS") {
      res.writeHead(204, { ...CORS_HEADERS, "access-control-max-age": "600" })
      res.end()
      return
    }
    const found = match(routes, method, url.pathname)
    const program: Effect.Effect<void, ApiError> = Effect.gen(function* () {
      if (!("route" in found))
        return yield* new NotFound({
          message:
            found.allowed.length > 0
              ? `${method} is not allowed on ${url.pathname} (allowed: ${found.allowed.join(", ")})`
              : `no route ${method} ${url.pathname}`,
        })
      const { route, params } = found
      const principal = yield* principalOf(app, tokenOf(req, url.searchParams, route.kind === "stream"))
      if (app.limits !== null) {
        const write = route.kind === "json" && route.write === true
        const wait = (write ? app.limits.writes : app.limits.reads).take(
          principal?.tokenId ?? `address:${req.socket.remoteAddress ?? "?"}`,
        )
        if (wait > 0)
          return yield* new RateLimited({
            message: `too many ${write ? "writes" : "reads"} for this ${principal === null ? "address" : "token"}; retry in ${wait} ms`,
            retryAfterMs: wait,
          })
      }
      const ctx = { app, req, res, params, query: url.searchParams, principal }
      if (route.kind === "json") send(res, yield* route.handle(ctx))
      else yield* route.handle(ctx)
    })
    void Effect.runPromiseExit(program).then((exit) => {
      let status = res.statusCode
      if (exit._tag === "Failure") {
        const error = Cause.findErrorOption(exit.cause)
        const reply =
          error._tag === "Some" && isApiError(error.value)
            ? errorReply(error.value)
            : (() => {
                console.error(
                  `boroughs server: ${method} ${url.pathname} failed:\n${Cause.pretty(exit.cause)}`,
                )
                return errorReply(
                  new ServerError({ message: "the server failed to answer; it has logged why" }),
                )
              })()
        // A body left unread (413) would be taken for the next request: close the connection after replying.
        const headers = req.complete ? reply.headers : { ...reply.headers, connection: "close" }
        send(res, { ...reply, headers: headers ?? {} })
        if (!req.complete) req.resume()
        status = reply.status
      }
      if (app.config.logRequests)
        console.error(`${method} ${url.pathname} ${status} ${(performance.now() - started).toFixed(1)}ms`)
    })
  }
