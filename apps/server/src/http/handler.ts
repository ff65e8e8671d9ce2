import type { IncomingMessage, ServerResponse } from "node:http"
import { type ApiError, NotFound, RateLimited, ServerError, statusOf } from "@boroughs/protocol"
import { Cause, Effect } from "effect"
import type { App } from "../app.js"
import { principalOf, tokenOf } from "./auth.js"
import { clientAddress } from "./clientAddress.js"
import { outageOf } from "./engineErrors.js"
import { logSafe } from "./logSafe.js"
import type { RateLimiter } from "./rateLimit.js"
import { CORS_HEADERS, errorReply, send } from "./respond.js"
import { match, type Route } from "./router.js"

/** How long a client at its stream cap is told to wait before trying again. */
const STREAM_CAP_RETRY_MS = 5_000

/** Spends one call from `key`'s bucket (or, with `peek`, only checks there is one left); 429 when empty. */
const spend = (
  limiter: RateLimiter,
  key: string,
  what: string,
  options: { readonly peek?: boolean } = {},
): Effect.Effect<void, RateLimited> => {
  const wait = options.peek === true ? limiter.peek(key) : limiter.take(key)
  return wait > 0
    ? Effect.fail(new RateLimited({ message: `too many ${what}; retry in ${wait} ms`, retryAfterMs: wait }))
    : Effect.void
}

const isApiError = (e: unknown): e is ApiError =>
  typeof e === "object" &&
  e !== null &&
  typeof (e as { _tag?: unknown })._tag === "string" &&
  (e as { _tag: string })._tag in statusOf

/**
 * The node:http request listener: CORS preflight, routing, the client address's limits, the caller's
 * token and its limits, the stream cap, then the route. Every failure becomes a JSON error with its status; a defect is logged and answered 500 — a bad
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
    const route = "route" in found ? found.route : undefined
    const address = clientAddress(
      req.socket.remoteAddress,
      req.headers["x-forwarded-for"],
      app.config.trustedProxies,
    )
    const program: Effect.Effect<void, ApiError> = Effect.gen(function* () {
      const write = route?.kind === "json" && route.write === true
      const token = tokenOf(req, url.searchParams, route?.kind === "stream")
      const { limits } = app
      // The address pays first, for every request (unknown routes too), before any token is looked up: a
      // flood of made-up tokens costs the database nothing once its address's refusals are spent.
      if (limits !== null) {
        yield* spend(limits.perAddress, address, "requests from this address")
        if (token === null)
          yield* spend(
            write ? limits.writes : limits.reads,
            `address:${address}`,
            `${write ? "writes" : "reads"} from this address`,
          )
        else yield* spend(limits.authFailures, address, "refused tokens from this address", { peek: true })
      }
      if (route === undefined || !("route" in found))
        return yield* new NotFound({
          message:
            "allowed" in found && found.allowed.length > 0
              ? `${method} is not allowed on ${url.pathname} (allowed: ${found.allowed.join(", ")})`
              : `no route ${method} ${url.pathname}`,
        })
      const { params } = found
      const principal = yield* principalOf(app, token).pipe(
        Effect.tapError((e) =>
          Effect.sync(() => {
            if (e._tag === "Unauthorized") limits?.authFailures.take(address)
          }),
        ),
      )
      if (limits !== null && principal !== null)
        yield* spend(
          write ? limits.writes : limits.reads,
          principal.tokenId,
          `${write ? "writes" : "reads"} for this token`,
        )
      if (route.kind === "stream") {
        const release = app.streams.admit(address)
        if (release === null)
          return yield* new RateLimited({
            message: `this address already holds ${app.streams.maxPerAddress} open streams, the most one client may; close one first`,
            retryAfterMs: STREAM_CAP_RETRY_MS,
          })
        res.once("close", release)
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
                // A database call that died rather than failed is still an outage (503), not a fault.
                const outage = outageOf(Cause.squash(exit.cause))
                if (outage !== undefined) return errorReply(outage)
                // The cause may quote the request: escaped line by line, so it cannot forge log lines.
                const cause = Cause.pretty(exit.cause).split("\n").map(logSafe).join("\n")
                console.error(`boroughs server: ${logSafe(`${method} ${url.pathname}`)} failed:\n${cause}`)
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
        console.error(
          `${logSafe(`${method} ${url.pathname}`)} ${status} ${(performance.now() - started).toFixed(1)}ms`,
        )
    })
  }
