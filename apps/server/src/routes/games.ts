import { type GameSettings, holderOf, listGames } from "@boroughs/engine"
import {
  BadRequest,
  Conflict,
  CreateGameRequest,
  DEFAULT_DECISION_MS,
  EventsQuery,
  GameListQuery,
  ViewerQuery,
} from "@boroughs/protocol"
import { Effect } from "effect"
import { requireOrganiser } from "../http/auth.js"
import { decodeBody, decodeQuery } from "../http/body.js"
import { fromEngine } from "../http/engineErrors.js"
import { ok } from "../http/respond.js"
import type { Route } from "../http/router.js"
import { contextOf, redacted } from "../redaction.js"
import { checkResumePoint } from "../resumePoint.js"
import { readerOf, visibleVersion } from "../viewers.js"
import { detailOf } from "./detail.js"
import { lobbyRowFor } from "./lobbyRow.js"

const randomId = (bytes: number): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("")

/** `POST /api/games`, `GET /api/games`, `GET /api/games/:gameId`, `GET /api/games/:gameId/events`. */
export const gameRoutes: ReadonlyArray<Route> = [
  {
    method: "POST",
    path: "/api/games",
    kind: "json",
    write: true,
    handle: ({ app, req, principal }) =>
      Effect.gen(function* () {
        const organiser = yield* requireOrganiser(principal)
        const body = yield* decodeBody(req, CreateGameRequest, app.config.maxBodyBytes)
        const def = app.config.findGame(body.game)
        if (def === undefined)
          return yield* new BadRequest({
            message: `this server hosts no game "${body.game}"; it hosts: ${app.config.knownGames().join(", ")}`,
          })
        const players = body.players ?? Array.from({ length: body.seats }, () => null)
        if (players.length !== body.seats)
          return yield* new BadRequest({
            message: `players names ${players.length} seat holders for ${body.seats} seats`,
          })
        const gameId = body.gameId ?? `g${randomId(8)}`
        const settings: GameSettings = {
          players,
          spectators: body.spectators ?? { mode: "live" },
          decisionMs: body.decisionMs === undefined ? DEFAULT_DECISION_MS : body.decisionMs,
          createdBy: `organiser:${organiser.name}`,
        }
        const created = yield* app.engine
          .create({
            gameId,
            game: def.id,
            ...(body.options === undefined ? {} : { options: body.options }),
            seats: body.seats,
            seed: body.seed ?? randomId(16),
            commandId: `create:${gameId}`,
            actor: `organiser:${organiser.name}`,
            time: new Date().toISOString(),
            metadata: { settings },
          })
          .pipe(
            Effect.mapError(fromEngine),
            // The same creation again is idempotent; a different one under a taken id reuses its command id.
            Effect.mapError((e) =>
              e._tag === "Conflict" && e.reason === "command-id-reused"
                ? new Conflict({
                    reason: "game-exists",
                    message: `game ${gameId} already exists (created differently)`,
                  })
                : e,
            ),
          )
        app.tail.publishAppended(created.appended)
        const game = yield* app.live.get(gameId).pipe(Effect.mapError(fromEngine))
        return ok(yield* detailOf(app, game, { viewer: { kind: "organiser" }, held: [] }), 201)
      }),
  },
  {
    method: "GET",
    path: "/api/games",
    kind: "json",
    handle: ({ app, query, principal }) =>
      Effect.gen(function* () {
        const q = yield* decodeQuery(query, GameListQuery)
        const page = yield* listGames(app.store.db, {
          ...q,
          limit: q.limit ?? 50,
          includePrivate: principal?.kind === "organiser",
          visibleTo: principal === null || principal.kind === "organiser" ? undefined : holderOf(principal),
        }).pipe(Effect.mapError(fromEngine))
        const last = page[page.length - 1]
        const next =
          last !== undefined && page.length === (q.limit ?? 50) ? `${last.createdAt}|${last.gameId}` : null
        const games = yield* Effect.forEach(page, (row) => lobbyRowFor(app, principal, row), {
          concurrency: 8,
        })
        return ok({ games, next })
      }),
  },
  {
    method: "GET",
    path: "/api/games/:gameId",
    kind: "json",
    handle: ({ app, params, query, principal }) =>
      Effect.gen(function* () {
        const { seat } = yield* decodeQuery(query, ViewerQuery)
        const game = yield* app.live.get(params.gameId as string).pipe(Effect.mapError(fromEngine))
        const reader = yield* readerOf(principal, game, seat)
        return ok(yield* detailOf(app, game, reader))
      }),
  },
  {
    method: "GET",
    path: "/api/games/:gameId/events",
    kind: "json",
    handle: ({ app, params, query, principal }) =>
      Effect.gen(function* () {
        const q = yield* decodeQuery(query, EventsQuery)
        const game = yield* app.live.get(params.gameId as string).pipe(Effect.mapError(fromEngine))
        const { viewer } = yield* readerOf(principal, game, q.seat)
        const after = q.after ?? 0
        yield* checkResumePoint(app, game, after)
        const visible = visibleVersion(game, viewer)
        const to = Math.min(visible, after + (q.limit ?? 500))
        const envelopes = after >= to ? [] : game.envelopes.slice(after, to)
        return ok({
          gameId: game.gameId,
          events: redacted(contextOf(game.match), envelopes, viewer),
          version: visible,
          ended: game.match.ended !== null,
        })
      }),
  },
]
