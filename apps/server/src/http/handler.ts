import { createHash, randomUUID, timingSafeEqual } from "node:crypto"
import type { IncomingMessage } from "node:http"
import { BadRequest, NotFound, RateLimited, ServerError, Unauthorized } from "@boroughs/protocol"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import { Cause, Effect, Metric, Scope } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiError } from "effect/http-api"
import type { App } from "../app.js"
import {
  httpRequests,
  httpSeconds,
  metricsText,
  openStreams,
  projectionLag,
} from "../observability/metrics.js"
import { apiLayer } from "./api.js"
import { addressOf, tokenOf } from "./auth.js"
import { type Endpoint, endpointsOn, STREAMING, WRITES } from "./endpoints.js"
import { outageOf } from "./engineErrors.js"
import { spend } from "./limits.js"
import { logSafe } from "./logSafe.js"
import { CORS_HEADERS, errorReply, type Reply } from "./respond.js"

const json = (reply: Reply): HttpServerResponse.HttpServerResponse =>
  reply.body === undefined
    ? HttpServerResponse.empty({ status: reply.status })
    : HttpServerResponse.text(JSON.stringify(reply.body), {
        status: reply.status,
        contentType: "application/json; charset=utf-8",
      })

/**
 * What a request that did not end in an encoded response gets: a route that does not exist (404, naming the
 * methods its path has), a path or query that does not decode (400, saying where and why), the database
 * away (503), else a logged fault (500). The cause may quote the request: it is escaped line by line, so
 * it cannot forge log lines.
 */
const failureReply = (method: string, path: string, cause: Cause.Cause<unknown>): Reply => {
  const failure = Cause.squash(cause)
  if (typeof failure === "object" && failure !== null && "reason" in failure) {
    const reason = (failure as { reason?: { _tag?: string } }).reason
    if (reason?._tag === "RouteNotFound") {
      const allowed = endpointsOn(path).map((e) => e.method)
      return errorReply(
        new NotFound({
          message:
            allowed.length > 0
              ? `${method} is not allowed on ${path} (allowed: ${allowed.join(", ")})`
              : `no route ${method} ${path}`,
        }),
      )
    }
  }
  if (
    HttpApiError.HttpApiSchemaError.is(failure) &&
    (failure.kind === "Params" || failure.kind === "Query")
  ) {
    const where = failure.kind === "Params" ? "path" : "query"
    const why = (failure.cause as { readonly message?: unknown }).message
    return errorReply(new BadRequest({ message: `invalid ${where}: ${String(why)}` }))
  }
  // A database call that died rather than failed is still an outage (503), not a fault.
  const outage = outageOf(failure)
  if (outage !== undefined) return errorReply(outage)
  return errorReply(new ServerError({ message: "the server failed to answer; it has logged why" }))
}

/**
 * What an address pays before routing, for every request (unknown routes too) and before any token is
 * looked up: its own bucket, and without a token the anonymous reads or writes of that address.
 */
const chargeAddress = (
  app: App,
  req: IncomingMessage,
  address: string,
  endpoint: Endpoint | undefined,
): Effect.Effect<void, RateLimited> => {
  const limits = app.limits
  if (limits === null) return Effect.void
  const url = new URL(req.url ?? "/", "http://server")
  const write = endpoint !== undefined && WRITES.has(endpoint.name)
  const streaming = endpoint !== undefined && STREAMING.has(endpoint.name)
  return Effect.andThen(spend(limits.perAddress, address, "requests from this address"), () =>
    tokenOf(req, url.searchParams, streaming) === null
      ? spend(
          write ? limits.writes : limits.reads,
          `address:${address}`,
          `${write ? "writes" : "reads"} from this address`,
        )
      : Effect.void,
  )
}

/** The request metrics of a route (and status), made once each: requests are many, routes few. */
const requestCounters = new Map<string, Metric.Metric<number, unknown>>()
const requestsOf = (route: string, status: number) => {
  const key = `${route} ${status}`
  let metric = requestCounters.get(key)
  if (metric === undefined) {
    metric = Metric.withAttributes(httpRequests, { route, status: String(status) })
    requestCounters.set(key, metric)
  }
  return metric
}
const requestTimers = new Map<string, Metric.Metric<number, unknown>>()
const secondsOf = (route: string) => {
  let metric = requestTimers.get(route)
  if (metric === undefined) {
    metric = Metric.withAttributes(httpSeconds, { route })
    requestTimers.set(route, metric)
  }
  return metric
}

/** A caller's own `X-Request-Id` when it is a plain token, else a new one: every answer carries it back. */
const requestIdOf = (req: IncomingMessage): string => {
  const given = req.headers["x-request-id"]
  return typeof given === "string" && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID()
}

/** The game a request is about, for its log line. */
const gameIdOf = (path: string): { readonly gameId?: string } => {
  const m = /^\/api\/(?:admin\/)?games\/([^/]+)/.exec(path)
  return m === null ? {} : { gameId: logSafe(decodeURIComponentSafe(m[1] as string)) }
}

const decodeURIComponentSafe = (s: string): string => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** `GET /metrics`: Prometheus's text exposition, with the gauges read at the scrape. */
const metricsResponse = (app: App) =>
  Effect.map(
    metricsText(
      Effect.all(
        [
          Metric.update(openStreams, app.streams.size),
          Effect.flatMap(
            app.projections.lagSeconds.pipe(
              // The database away: NaN (unknown) rather than a failed scrape.
              Effect.catch(() =>
                Effect.succeed(app.projections.ids.map((id): [string, number] => [id, Number.NaN])),
              ),
            ),
            (lags) =>
              Effect.forEach(lags, ([projection, lag]) =>
                Metric.update(Metric.withAttributes(projectionLag, { projection }), lag),
              ),
          ),
        ],
        { discard: true },
      ),
    ),
    (text) => HttpServerResponse.text(text, { contentType: "text/plain; version=0.0.4; charset=utf-8" }),
  )

/**
 * `GET /metrics`: to anyone without a metrics token, else only to that bearer token (compared in constant
 * time, as digests of one length); a 401 saying what is missing or wrong otherwise.
 */
const metricsFor = (app: App, req: IncomingMessage) => {
  const expected = app.config.metricsToken
  if (expected === undefined) return metricsResponse(app)
  const given = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1]
  const digest = (text: string) => createHash("sha256").update(text).digest()
  if (given !== undefined && timingSafeEqual(digest(given), digest(expected))) return metricsResponse(app)
  const refused = new Unauthorized(
    given === undefined
      ? {
          reason: "missing",
          message: "GET /metrics needs this server's metrics token: Authorization: Bearer <token>",
        }
      : { reason: "unknown", message: "that is not this server's metrics token" },
  )
  return Effect.succeed(
    HttpServerResponse.setHeader(json(errorReply(refused)), "www-authenticate", 'Bearer realm="metrics"'),
  )
}

/** How soon a client is asked to retry while the database is unreachable. */
const UNAVAILABLE_RETRY_SECONDS = 2

/** Retry-After for a 429 (from the body's `retryAfterMs`, which its schema encoded) or a 503. */
const retryAfterOf = (response: HttpServerResponse.HttpServerResponse): string | undefined => {
  if (response.status === 503) return String(UNAVAILABLE_RETRY_SECONDS)
  if (response.status !== 429 || response.body._tag !== "Uint8Array") return undefined
  try {
    const body = JSON.parse(new TextDecoder().decode(response.body.body)) as { retryAfterMs?: unknown }
    return typeof body.retryAfterMs === "number" ? String(Math.ceil(body.retryAfterMs / 1000)) : undefined
  } catch {
    return undefined
  }
}

/**
 * The request listener around the API's router: CORS preflight, the client address's own bucket (every
 * request, unknown routes too, before any token is looked up), then the router, whose endpoints
 * authenticate (http/authentication.ts) and answer typed errors with the statuses their schemas declare.
 * Every response carries CORS headers; a failure is answered as JSON, never by taking the process down.
 */
const listener = (
  app: App,
  router: Effect.Effect<
    HttpServerResponse.HttpServerResponse,
    unknown,
    HttpServerRequest.HttpServerRequest | Scope.Scope
  >,
) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const req = NodeHttpServerRequest.toIncomingMessage(request) as IncomingMessage
    const started = performance.now()
    const method = request.method
    const path = (req.url ?? "/").split("?")[0] as string
    if (method === "OPTIONS")
      return HttpServerResponse.empty({
        status: 204,
        headers: { ...CORS_HEADERS, "access-control-max-age": "600" },
      })
    const endpoint = endpointsOn(path).find((e) => e.method === method)
    const route = endpoint?.name ?? (path === "/metrics" ? "metrics" : "unknown")
    const requestId = requestIdOf(req)
    const address = addressOf(app, req)
    const served = path === "/metrics" && method === "GET" ? metricsFor(app, req) : router
    const answered =
      app.limits === null ? served : Effect.andThen(chargeAddress(app, req, address, endpoint), served)
    let response = yield* answered.pipe(
      Effect.withSpan(`http ${method} ${endpoint?.path ?? route}`, {
        kind: "server",
        attributes: { "http.request.method": method, "http.route": endpoint?.path ?? route, requestId },
      }),
      Effect.catchCause((cause) => {
        if (Cause.hasInterruptsOnly(cause)) return Effect.succeed(HttpServerResponse.empty({ status: 499 }))
        // The address's buckets fail before the router runs: a typed error the router never encoded.
        const failure = Cause.findErrorOption(cause)
        if (failure._tag === "Some" && failure.value instanceof RateLimited)
          return Effect.succeed(json(errorReply(failure.value)))
        const reply = failureReply(method, path, cause)
        const logged =
          reply.status >= 500 && reply.status !== 503
            ? Effect.logError("request failed", Cause.pretty(cause).split("\n").map(logSafe).join("\n"))
            : Effect.void
        return Effect.as(logged, json(reply))
      }),
    )
    response = HttpServerResponse.setHeaders(response, { ...CORS_HEADERS, "x-request-id": requestId })
    const retryAfter = retryAfterOf(response)
    if (retryAfter !== undefined) response = HttpServerResponse.setHeader(response, "retry-after", retryAfter)
    // A refused body left unread (413) would be taken for the next request: close the connection after replying.
    if (response.status >= 400 && !req.complete) {
      response = HttpServerResponse.setHeader(response, "connection", "close")
      req.resume()
    }
    const seconds = (performance.now() - started) / 1000
    yield* Metric.update(requestsOf(route, response.status), 1)
    yield* Metric.update(secondsOf(route), seconds)
    if (app.config.logRequests || response.status >= 500)
      yield* Effect.log(`${method} ${logSafe(path)} ${response.status}`).pipe(
        Effect.annotateLogs({
          requestId,
          route,
          status: response.status,
          durationMs: Math.round(seconds * 10_000) / 10,
          ...gameIdOf(path),
        }),
      )
    return response
  }).pipe(Effect.annotateLogs({ node: app.config.node }))

/** The node:http request listener serving the API, living as long as `scope`. */
export const makeHandler = (app: App) =>
  Effect.gen(function* () {
    const scope = yield* Scope.Scope
    const router = yield* HttpRouter.toHttpEffect(apiLayer(app))
    return yield* NodeHttpServer.makeHandler(listener(app, router), { scope })
  })
