import type { IncomingMessage, ServerResponse } from "node:http"
import type { EventEnvelope, Viewer } from "@boroughs/core"
import type { LiveGame } from "@boroughs/engine"
import {
  BadRequest,
  BoroughsApi,
  Caller,
  DecimalInt,
  type GameStreamMessage,
  gameStreamFrame,
  SSE_KEEP_ALIVE,
} from "@boroughs/protocol"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import { Effect, FiberSet, Schedule, Schema } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { tokenOf } from "../http/auth.js"
import { apiFailures } from "../http/engineErrors.js"
import { CORS_HEADERS } from "../http/respond.js"
import { eventFrame } from "../payloads.js"
import { checkResumePoint } from "../resumePoint.js"
import { readerOf, viewerKey, visibleVersion } from "../viewers.js"
import type { StreamConnection } from "./registry.js"
import { untilClosed } from "./untilClosed.js"

/** A client that has not read this much of its stream is dropped: it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024

const CRLF = Buffer.from("\r\n")

/** A frame's bytes on the wire: an HTTP/1.1 chunk when the response is chunked (always, but to HTTP/1.0). */
const wire = (text: string, chunked: boolean): Buffer => {
  const body = Buffer.from(text)
  return chunked ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, CRLF]) : body
}

/**
 * The frames of versions [from, to] of a game as a viewer sees them, as the bytes of one write (one chunk).
 * A live append goes to every spectator of a game in one pass, each at the same version: a thousand streams
 * share one redaction, one buffer and one write each, however many events the command appended (frame by
 * frame, the first event of a four-event command reached the last stream after 3,999 writes). The last
 * range is kept per viewer key, named by its first version and the hash of its last envelope (which chains
 * every event before it, its stream id included) and whether the game has ended: the same name is the same
 * bytes, whichever server in the process (tests run several) and whichever game holds that id.
 */
const lastFrames = new Map<string, { key: string; bytes: Buffer }>()
const framesWire = (game: LiveGame, from: number, to: number, viewer: Viewer, chunked: boolean): Buffer => {
  const ended = game.match.ended !== null
  const perViewer = `${viewerKey(viewer)}|${ended}|${chunked}`
  const key = `${from}|${(game.envelopes[to - 1] as EventEnvelope).hash}`
  const last = lastFrames.get(perViewer)
  if (last?.key === key) return last.bytes
  let text = ""
  for (let v = from; v <= to; v++) text += eventFrame(game, game.envelopes[v - 1] as EventEnvelope, viewer)
  const bytes = wire(text, chunked)
  lastFrames.set(perViewer, { key, bytes })
  return bytes
}

/** Where to resume: `Last-Event-ID` (what EventSource sends on reconnection), else `?after=`, else 0. */
const resumeAfter = (req: IncomingMessage, after: number | undefined): number | BadRequest => {
  const header = req.headers["last-event-id"]
  if (header === undefined) return after ?? 0
  const decoded = Schema.decodeUnknownResult(DecimalInt)(header)
  return decoded._tag === "Success"
    ? decoded.success
    : new BadRequest({
        message: `Last-Event-ID must be a version (decimal digits): ${decoded.failure.message}`,
      })
}

/**
 * `GET /api/games/:gameId/stream` (ARCHITECTURE.md §6): the game's events as the caller may see them, from
 * after the resume point, then live as the node's bus delivers them, each redacted by core's one function.
 * Spectators of a delayed game get each event once the game is `events` further on. Ends with `end` when
 * the game is over and everything was sent.
 */
export const gameStream = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "streams", "gameStream", ({ params, query: q, request }) =>
    Effect.gen(function* () {
      const req = NodeHttpServerRequest.toIncomingMessage(request) as IncomingMessage
      const res = NodeHttpServerRequest.toServerResponse(request) as ServerResponse
      const { gameId } = params
      const principal = yield* Caller
      const after = resumeAfter(req, q.after)
      if (after instanceof BadRequest) return yield* after
      const current = yield* app.live.get(gameId).pipe(apiFailures)
      const { viewer } = yield* readerOf(principal, current, q.seat)
      yield* checkResumePoint(app, current, after)
      // A finished game the client has read to the end: 204 tells EventSource to stop reconnecting.
      if (current.match.ended && after >= current.match.events)
        return HttpServerResponse.empty({ status: 204 })

      let sent = after
      let ready = false
      let closed = false
      // Frames go straight to the socket, framed here as the response's chunks: ServerResponse.write corks
      // each write and sends it on the next tick, which doubled the cost of a fan-out to a thousand streams
      // (apps/server/bench, against a bare broadcaster). Every write of the body goes this one way, in order.
      let chunked = true
      const write = (bytes: Buffer) => {
        if (closed) return
        connection.lastWrite = Date.now()
        const socket = res.socket
        if (socket === null || socket.destroyed) return close()
        socket.write(bytes)
        if (socket.writableLength > MAX_BUFFERED_BYTES) close()
      }
      const message = (m: GameStreamMessage) => write(wire(gameStreamFrame(m), chunked))
      const flush = (game: LiveGame) => {
        const visible = Math.min(visibleVersion(game, viewer), game.envelopes.length)
        if (visible > sent) {
          write(framesWire(game, sent + 1, visible, viewer, chunked))
          sent = visible
        }
        if (!ready) {
          ready = true
          message({ type: "ready", gameId, version: sent, ended: game.match.ended !== null })
        }
        if (game.match.ended && sent >= game.match.events) {
          message({ type: "end", gameId, version: sent })
          close()
        }
      }
      const close = () => {
        if (closed) return
        closed = true
        stop()
        app.streams.remove(connection)
        res.end()
      }
      let stop = () => {}
      const connection: StreamConnection = {
        lastWrite: Date.now(),
        keepAlive: () => write(wire(SSE_KEEP_ALIVE, chunked)),
        close: () => close(),
      }

      res.writeHead(200, {
        ...CORS_HEADERS,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      })
      res.flushHeaders()
      // Node frames the body as chunks unless the client spoke HTTP/1.0 (then the body ends with the connection).
      chunked = (res as ServerResponse & { chunkedEncoding?: boolean }).chunkedEncoding !== false
      const watched = yield* app.live.watch(gameId, (game) => flush(game)).pipe(apiFailures)
      stop = watched.stop
      app.streams.add(connection)
      req.on("close", close)
      res.on("error", close)
      flush(watched.game)
      // A seat's secrets stop with its token: revoked (or expired) while the stream is open, the stream ends
      // too (within two keep-alives; this process's own revocations reach the check at once).
      if (principal !== null && viewer.kind === "seat") {
        const secret = tokenOf(req, new URL(req.url ?? "/", "http://server").searchParams, true)
        const fork = yield* FiberSet.makeRuntime()
        if (secret !== null)
          fork(
            app.tokens.verify(secret).pipe(
              Effect.catchTag("TokenRejected", () => Effect.sync(close)),
              Effect.ignore,
              Effect.repeat(Schedule.spaced(app.config.keepAliveMs * 2)),
              Effect.delay(app.config.keepAliveMs * 2),
            ),
          )
      }
      // The response is written above, frame by frame; the request ends when the stream does.
      yield* untilClosed(res)
      return HttpServerResponse.empty()
    }),
  )
