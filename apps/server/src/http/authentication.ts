import type { IncomingMessage } from "node:http"
import { Authentication, Caller, RateLimited, Unauthorized } from "@boroughs/protocol"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import { Effect, Layer } from "effect"
import { HttpServerRequest } from "effect/http"
import type { App } from "../app.js"
import { addressOf, principalOf, tokenOf } from "./auth.js"
import { STREAMING, WRITES } from "./endpoints.js"
import { spend } from "./limits.js"

/** How long a client at its stream cap is told to wait before trying again. */
const STREAM_CAP_RETRY_MS = 5_000

/**
 * The {@link Authentication} middleware: the caller's token and its rate limits, the stream cap of its
 * address, then the endpoint with the {@link Caller} provided. The address's own buckets were charged before
 * routing, and a flood of made-up tokens stops at the peek below, without a lookup.
 */
export const authenticationLayer = (app: App) =>
  Layer.succeed(Authentication, (endpointEffect, { endpoint }) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const req = NodeHttpServerRequest.toIncomingMessage(request) as IncomingMessage
      const address = addressOf(app, req)
      const streaming = STREAMING.has(endpoint.identifier)
      const write = WRITES.has(endpoint.identifier)
      const token = tokenOf(req, new URL(request.url, "http://server").searchParams, streaming)
      const { limits } = app
      // A token-less request paid its address's anonymous bucket before routing (http/handler.ts).
      if (limits !== null && token !== null)
        yield* spend(limits.authFailures, address, "refused tokens from this address", { peek: true })
      const principal = yield* principalOf(app, token).pipe(
        Effect.tapError((e) =>
          e instanceof Unauthorized && limits !== null ? limits.authFailures.take(address) : Effect.void,
        ),
      )
      if (limits !== null && principal !== null)
        yield* spend(
          write ? limits.writes : limits.reads,
          principal.tokenId,
          `${write ? "writes" : "reads"} for this token`,
        )
      if (streaming) {
        const release = app.streams.admit(address)
        if (release === null)
          return yield* new RateLimited({
            message: `this address already holds ${app.streams.maxPerAddress} open streams, the most one client may; close one first`,
            retryAfterMs: STREAM_CAP_RETRY_MS,
          })
        NodeHttpServerRequest.toServerResponse(request).once("close", release)
      }
      return yield* Effect.provideService(endpointEffect, Caller, principal)
    }),
  )
