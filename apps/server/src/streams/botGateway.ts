import type { IncomingMessage, ServerResponse } from "node:http"
import { holderOf, type LiveGame, seatsHeldBy } from "@boroughs/engine"
import { BoroughsApi, type BotStreamMessage, Caller, Forbidden } from "@boroughs/protocol"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import { Effect, FiberSet, Schedule } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { requireToken, tokenOf } from "../http/auth.js"
import { logSafe } from "../http/logSafe.js"
import { CORS_HEADERS } from "../http/respond.js"
import { gameEndedMessage, gameStartedMessage, yourTurns } from "../payloads.js"
import type { StreamConnection } from "./registry.js"
import { untilClosed } from "./untilClosed.js"

/** What the gateway has told a bot about one game. */
interface Followed {
  stop: () => void
  started: boolean
  /** `seat@version` of every yourTurn sent: a turn is announced once per position. */
  readonly turns: Set<string>
}

/**
 * The bot gateway, `GET /api/bot/stream` (Lichess-style, ARCHITECTURE.md §6): one NDJSON stream per bot or
 * player token. For every live game where the token holds a seat it sends `gameStarted`, then a `yourTurn`
 * each time one of its seats owes a decision at a new version (the seat's own view, its exact legal
 * commands, the clock's deadline), and `gameEnded`. Games created later are picked up as they start, on
 * whichever replica. Opening a second stream with the same token closes the first.
 */
export const botStream = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "streams", "botStream", ({ request }) =>
    Effect.gen(function* () {
      const req = NodeHttpServerRequest.toIncomingMessage(request) as IncomingMessage
      const res = NodeHttpServerRequest.toServerResponse(request) as ServerResponse
      const caller = yield* requireToken(yield* Caller)
      if (caller.kind === "organiser")
        return yield* new Forbidden({
          message: "the bot stream is for bot and player tokens, which hold seats",
        })
      const holder = holderOf(caller)
      const games = new Map<string, Followed>()
      let closed = false

      const line = (m: BotStreamMessage) => {
        if (closed) return
        connection.lastWrite = Date.now()
        res.write(`${JSON.stringify(m)}\n`)
      }

      const update = (game: LiveGame) => {
        const f = games.get(game.gameId)
        if (f === undefined || closed) return
        const seats = seatsHeldBy(game.settings, holder)
        if (!f.started) {
          f.started = true
          line(gameStartedMessage(game, seats))
        }
        const ended = gameEndedMessage(game)
        if (ended !== null) {
          line(ended)
          f.stop()
          games.delete(game.gameId)
          return
        }
        for (const turn of yourTurns(game, seats)) {
          const key = `${turn.seat}@${turn.version}`
          if (f.turns.has(key)) continue
          f.turns.add(key)
          line(turn)
        }
      }

      const follow = (gameId: string) => {
        if (games.has(gameId) || closed) return Effect.void
        const f: Followed = { stop: () => {}, started: false, turns: new Set() }
        games.set(gameId, f)
        return app.live.watch(gameId, update).pipe(
          Effect.tap((w) =>
            Effect.sync(() => {
              if (closed || games.get(gameId) !== f) w.stop()
              else {
                f.stop = w.stop
                update(w.game)
              }
            }),
          ),
          Effect.catch((error) =>
            Effect.andThen(
              Effect.sync(() => games.delete(gameId)),
              Effect.logWarning(`bot stream cannot follow ${gameId}: ${logSafe(error.message)}`),
            ),
          ),
        )
      }

      const close = (reason?: "shutdown" | "replaced" | "revoked") => {
        if (closed) return
        if (reason !== undefined)
          line({
            type: "streamClosed",
            reason,
            message:
              reason === "replaced"
                ? "another stream was opened with this token"
                : reason === "revoked"
                  ? "the token is no longer valid"
                  : "the server is shutting down; reconnect",
          })
        closed = true
        stopStarted()
        for (const f of games.values()) f.stop()
        games.clear()
        app.streams.remove(connection)
        res.end()
      }
      const connection: StreamConnection = {
        lastWrite: Date.now(),
        keepAlive: () => line({ type: "keepAlive", time: new Date().toISOString() }),
        close,
      }

      res.writeHead(200, {
        ...CORS_HEADERS,
        "content-type": "application/x-ndjson; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      })
      res.flushHeaders()
      app.streams.add(connection)
      app.streams.claim(caller.tokenId, connection)
      req.on("close", () => close())
      res.on("error", () => close())
      // Work for this stream runs in fibers of the request's scope, which ends when the stream does.
      const fork = yield* FiberSet.makeRuntime()
      // A token revoked (or expired) while its stream is open: the stream ends too.
      const secret = tokenOf(req, new URL(req.url ?? "/", "http://server").searchParams, true)
      if (secret !== null)
        fork(
          app.tokens.verify(secret).pipe(
            Effect.catchTag("TokenRejected", () => Effect.sync(() => close("revoked"))),
            Effect.ignore,
            Effect.repeat(Schedule.spaced(app.config.keepAliveMs * 2)),
            Effect.delay(app.config.keepAliveMs * 2),
          ),
        )

      // A sign of life for the ladder, which pairs only bots with a stream open: now and every keep-alive.
      // When the stream ends, its last mark is cleared, after any mark still being written (a mark is never
      // cut off half-way), so none lands after the clearing; a newer stream's mark is left alone. A node that
      // dies leaves its marks to expire.
      if (caller.kind === "bot") {
        let mark: string | null = null
        const node = app.config.node
        fork(
          app.ladder.markPresent(holder, node).pipe(
            Effect.tap((seenAt) => Effect.sync(() => (mark = seenAt))),
            Effect.catch((error) =>
              Effect.logWarning(`bot presence of ${holder}: ${logSafe(error.message)}`),
            ),
            Effect.uninterruptible,
            Effect.repeat(Schedule.spaced(app.config.keepAliveMs)),
            Effect.ensuring(
              Effect.suspend(() =>
                mark === null
                  ? Effect.void
                  : app.ladder.markGone(holder, node, mark).pipe(Effect.timeout("5 seconds"), Effect.ignore),
              ),
            ),
          ),
        )
      }

      // Games that start from now on (on any replica: every node's tailer sees them)...
      const stopStarted = app.live.onGameStarted((game) => {
        if (seatsHeldBy(game.settings, holder).length > 0) fork(follow(game.gameId))
      })
      // ...and those already running: recent ones this node follows, and the lobby's.
      for (const game of app.live.followed())
        if (!game.match.ended && seatsHeldBy(game.settings, holder).length > 0) yield* follow(game.gameId)
      let before: string | undefined
      for (;;) {
        const page = yield* app.lobby
          .games({
            status: "live",
            player: holder,
            includePrivate: true,
            limit: 500,
            before,
          })
          .pipe(Effect.orElseSucceed(() => []))
        for (const g of page) yield* follow(g.gameId)
        const last = page[page.length - 1]
        if (page.length < 500 || last === undefined) break
        before = `${last.createdAt}|${last.gameId}`
      }
      // The response is written line by line above; the request ends when the stream does.
      yield* untilClosed(res)
      return HttpServerResponse.empty()
    }),
  )
