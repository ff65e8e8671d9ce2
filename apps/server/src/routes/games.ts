import { setupProblem } from "@boroughs/core"
import { type GameSettings, holderOf } from "@boroughs/engine"
import {
  BadRequest,
  BoroughsApi,
  Caller,
  Conflict,
  CreateGameRequest,
  DEFAULT_DECISION_MS,
  INVITE,
  RuleViolation,
  ServerError,
} from "@boroughs/protocol"
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { requireOrganiser } from "../http/auth.js"
import { bodyOf } from "../http/body.js"
import { apiFailures, notFoundIsFault } from "../http/engineErrors.js"
import { contextOf, redacted } from "../redaction.js"
import { checkResumePoint } from "../resumePoint.js"
import { readerOf, visibleVersion } from "../viewers.js"
import { unknownBuiltinOf } from "./builtins.js"
import { detailOf } from "./detail.js"
import { lobbyRowFor } from "./lobbyRow.js"
import { createWithSeatTokens } from "./seatTokens.js"

export const randomId = (bytes: number): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("")

/** A game listed that cannot then be read: a fault of the server, not the caller's. */
const lost = (e: { readonly message: string }) =>
  Effect.fail(new ServerError({ message: `a listed game could not be read: ${e.message}` }))

/** `POST /api/games`: an organiser creates a game (201 with its detail as an organiser sees it, and its invites). */
export const createGame =
  (app: App) =>
  ({ request }: { readonly request: HttpServerRequest.HttpServerRequest }) =>
    Effect.gen(function* () {
      const organiser = yield* requireOrganiser(yield* Caller)
      const body = yield* bodyOf(app, request, CreateGameRequest)
      const def = app.config.findGame(body.game)
      if (def === undefined)
        return yield* new BadRequest({
          message: `this server hosts no game "${body.game}"; it hosts: ${app.config.knownGames().join(", ")}`,
        })
      const requested = body.players ?? Array.from({ length: body.seats }, () => null)
      if (requested.length !== body.seats)
        return yield* new BadRequest({
          message: `players names ${requested.length} seat holders for ${body.seats} seats`,
        })
      // An invited seat is held by nobody until the server mints its holder (with its token) below.
      const invited = requested.flatMap((holder, seat) => (holder === INVITE ? [seat] : []))
      const players = requested.map((holder) => (holder === INVITE ? null : holder))
      const unknownBuiltin = unknownBuiltinOf(app.config, def.id, players)
      if (unknownBuiltin !== null) return yield* new BadRequest({ message: unknownBuiltin })
      if (body.names !== undefined && body.names.length !== body.seats)
        return yield* new BadRequest({
          message: `names gives ${body.names.length} display names for ${body.seats} seats (null for a seat that goes by its holder's name)`,
        })
      // Refused before any seat token is minted for it (the engine would refuse it the same way).
      const setup = invited.length === 0 ? null : setupProblem(def, body.options, body.seats)
      if (setup !== null) return yield* new RuleViolation({ rule: setup.rule, message: setup.message })
      // The names given, and the register's where a seat has none (recorded: a later rename leaves this game be).
      const names = yield* app.names
        .seatNames(
          players,
          body.names?.map((name) => (name === null ? null : name.trim())),
        )
        .pipe(apiFailures)
      const gameId = body.gameId ?? `g${randomId(8)}`
      const settings: GameSettings = {
        players,
        spectators: body.spectators ?? { mode: "live" },
        decisionMs: body.decisionMs === undefined ? DEFAULT_DECISION_MS : body.decisionMs,
        createdBy: `organiser:${organiser.name}`,
        // Recorded only when some seat has a name, so such a game records the settings it always did.
        ...(names === undefined ? {} : { names }),
      }
      // A repeat of a creation mints no seat tokens: its seats were given the first time.
      const repeated =
        body.gameId !== undefined &&
        invited.length > 0 &&
        (yield* app.live.get(gameId).pipe(
          Effect.as(true),
          Effect.catchTag("GameNotFound", () => Effect.succeed(false)),
          apiFailures,
        ))
      const { seatTokens } = yield* createWithSeatTokens(app, {
        create: {
          gameId,
          game: def.id,
          ...(body.options === undefined ? {} : { options: body.options }),
          seats: body.seats,
          seed: body.seed ?? randomId(16),
          commandId: `create:${gameId}`,
          actor: `organiser:${organiser.name}`,
          time: new Date().toISOString(),
        },
        settings,
        minted: repeated ? [] : invited,
      }).pipe(
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
      const game = yield* app.live.get(gameId).pipe(apiFailures)
      const detail = yield* detailOf(app, game, { viewer: { kind: "organiser" }, held: [] })
      return { ...detail, invites: seatTokens }
    }).pipe(notFoundIsFault)

/** `GET /api/games`: the lobby, newest first, as the caller may see it. */
export const listGamesHandler = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "games", "listGames", ({ query: q }) =>
    Effect.gen(function* () {
      const principal = yield* Caller
      const page = yield* app.lobby
        .games({
          ...q,
          limit: q.limit ?? 50,
          includePrivate: principal?.kind === "organiser",
          visibleTo: principal === null || principal.kind === "organiser" ? undefined : holderOf(principal),
        })
        .pipe(apiFailures)
      const last = page[page.length - 1]
      // A page reached with `after` always has older games: at least the one its cursor names.
      const more = q.after !== undefined || page.length === (q.limit ?? 50)
      const next = last !== undefined && more ? `${last.createdAt}|${last.gameId}` : null
      const games = yield* Effect.forEach(page, (row) => lobbyRowFor(app, principal, row), {
        concurrency: 8,
      }).pipe(Effect.catchTags({ NotFound: lost, Forbidden: lost }))
      return { games, next }
    }),
  )

/** `GET /api/games/:gameId`: the game as the caller (or the seat it asks for) may see it. */
export const getGame = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "games", "getGame", ({ params, query }) =>
    Effect.gen(function* () {
      const game = yield* app.live.get(params.gameId).pipe(apiFailures)
      const reader = yield* readerOf(yield* Caller, game, query.seat)
      return yield* detailOf(app, game, reader)
    }),
  )

/** `GET /api/games/:gameId/events`: a page of the events the caller may see, after `after`. */
export const events = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "games", "events", ({ params, query: q }) =>
    Effect.gen(function* () {
      const game = yield* app.live.get(params.gameId).pipe(apiFailures)
      const { viewer } = yield* readerOf(yield* Caller, game, q.seat)
      const after = q.after ?? 0
      yield* checkResumePoint(app, game, after)
      const visible = visibleVersion(game, viewer)
      const to = Math.min(visible, after + (q.limit ?? 500))
      const envelopes = after >= to ? [] : game.envelopes.slice(after, to)
      return {
        gameId: game.gameId,
        events: redacted(contextOf(game.match), envelopes, viewer),
        version: visible,
        ended: game.match.ended !== null,
      }
    }),
  )
