import type { IncomingMessage, ServerResponse } from "node:http"
import type { LiveGame, Principal } from "@boroughs/engine"
import { BadRequest, type GameStreamMessage, gameStreamFrame, SSE_KEEP_ALIVE } from "@boroughs/protocol"
import { Effect } from "effect"
import type { App } from "../app.js"
import { fromEngine } from "../http/engineErrors.js"
import { CORS_HEADERS } from "../http/respond.js"
import { eventFrame } from "../payloads.js"
import { readerOf, visibleVersion } from "../viewers.js"
import type { StreamConnection } from "./registry.js"

/** A client that has not read this much of its stream is dropped: it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024

/** Where to resume: `Last-Event-ID` (what EventSource sends on reconnection) or `?after=`. */
const resumeAfter = (req: IncomingMessage, query: URLSearchParams): number | BadRequest => {
  const raw = req.headers["last-event-id"] ?? query.get("after") ?? "0"
  const text = Array.isArray(raw) ? (raw[0] as string) : raw
  const n = Number(text)
  if (text.trim() === "" || !Number.isInteger(n) || n < 0)
    return new BadRequest({
      message: `Last-Event-ID / after must be a version (an integer ≥ 0), not "${text}"`,
    })
  return n
}

/**
 * `GET /api/games/:gameId/stream` (ARCHITECTURE.md §6): the game's events as the caller may see them, from
 * after the resume point, then live as the node's bus delivers them, each redacted by core's one function.
 * Spectators of a delayed game get each event once the game is `events` further on. Ends with `end` when
 * the game is over and everything was sent.
 */
export const gameStream = (
  app: App,
  req: IncomingMessage,
  res: ServerResponse,
  gameId: string,
  query: URLSearchParams,
  principal: Principal | null,
) =>
  Effect.gen(function* () {
    const after = resumeAfter(req, query)
    if (after instanceof BadRequest) return yield* after
    const seatParam = query.get("seat")
    const seat = seatParam === null ? undefined : Number(seatParam)
    if (seat !== undefined && !(Number.isInteger(seat) && seat >= 0))
      return yield* new BadRequest({ message: `seat must be an integer ≥ 0, not "${seatParam}"` })
    const current = yield* app.live.get(gameId).pipe(Effect.mapError(fromEngine))
    const { viewer } = yield* readerOf(principal, current, seat)
    // A finished game the client has read to the end: 204 tells EventSource to stop reconnecting.
    if (current.match.ended && after >= current.match.events) {
      res.writeHead(204, CORS_HEADERS)
      res.end()
      return
    }

    let sent = after
    let ready = false
    let closed = false
    const write = (text: string) => {
      if (closed) return
      connection.lastWrite = Date.now()
      res.write(text)
      if (res.writableLength > MAX_BUFFERED_BYTES) close()
    }
    const message = (m: GameStreamMessage) => write(gameStreamFrame(m))
    const flush = (game: LiveGame) => {
      const visible = visibleVersion(game, viewer)
      for (let v = sent + 1; v <= visible; v++) {
        const envelope = game.envelopes[v - 1]
        if (envelope === undefined) break
        write(eventFrame(game, envelope, viewer))
        sent = v
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
      keepAlive: () => write(SSE_KEEP_ALIVE),
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
    const watched = yield* app.live.watch(gameId, (game) => flush(game)).pipe(Effect.mapError(fromEngine))
    stop = watched.stop
    app.streams.add(connection)
    req.on("close", close)
    res.on("error", close)
    flush(watched.game)
  })
