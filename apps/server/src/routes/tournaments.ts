import { randomBytes } from "node:crypto"
import { type EventEnvelope, viewOf } from "@boroughs/core"
import {
  auditTournament,
  formatTournamentAudit,
  holderOf,
  Streams,
  seatControlOf,
  settingsOf,
  toNdjsonLine,
} from "@boroughs/engine"
import {
  BadRequest,
  BoroughsApi,
  Caller,
  Conflict,
  CreateTournamentRequest,
  GameActionRequest,
  TournamentActionRequest,
} from "@boroughs/protocol"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { requireOrganiser } from "../http/auth.js"
import { bodyOf } from "../http/body.js"
import { apiFailures, notFoundIsFault } from "../http/engineErrors.js"
import { unknownBuiltinOf } from "./builtins.js"
import { detailOf, gameTrail, tournamentTrail } from "./tournamentDetail.js"

/** Organisers' endpoints: tournaments, organiser actions on games, trails, audits, the signing key. */
export const tournamentsGroup = (app: App) =>
  HttpApiBuilder.group(BoroughsApi, "tournaments", (handlers) =>
    handlers
      .handleRaw("createTournament", ({ request }) =>
        Effect.gen(function* () {
          const organiser = yield* requireOrganiser(yield* Caller)
          const body = yield* bodyOf(app, request, CreateTournamentRequest)
          if (app.config.findGame(body.game) === undefined)
            return yield* new BadRequest({
              message: `this server hosts no game "${body.game}"; it hosts: ${app.config.knownGames().join(", ")}`,
            })
          const state = yield* app.tournaments
            .create(
              {
                tournamentId: body.tournamentId ?? `t${randomBytes(5).toString("hex")}`,
                name: body.name,
                game: body.game,
                ...(body.options === undefined ? {} : { options: body.options }),
                format: body.format,
                ...(body.rounds === undefined ? {} : { rounds: body.rounds }),
                tableSize: body.tableSize,
                entrants: body.entrants,
                pairingSeed: body.pairingSeed ?? randomBytes(8).toString("hex"),
                decisionMs: body.decisionMs ?? null,
                ...(body.spectators === undefined ? {} : { spectators: body.spectators }),
                ...(body.paceMs === undefined ? {} : { paceMs: body.paceMs }),
              },
              { actor: holderOf(organiser) },
            )
            .pipe(apiFailures)
          return detailOf(state)
        }).pipe(notFoundIsFault),
      )
      .handle("listTournaments", () =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          // The standings projection (it trails the log by a wake-up, like the lobby).
          const rows = yield* app.lobby.tournaments.pipe(apiFailures)
          return {
            tournaments: rows.map((r) => ({
              tournamentId: r.tournamentId,
              name: r.name,
              game: r.game,
              format: r.format,
              rounds: r.rounds,
              roundsPaired: r.roundsPaired,
              entrants: r.entrants,
              status: r.status,
            })),
          }
        }),
      )
      .handle("getTournament", ({ params }) =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          const { state } = yield* app.tournaments.read(params.tournamentId).pipe(apiFailures)
          return detailOf(state)
        }),
      )
      .handleRaw("tournamentAction", ({ params, request }) =>
        Effect.gen(function* () {
          const organiser = yield* requireOrganiser(yield* Caller)
          const body = yield* bodyOf(app, request, TournamentActionRequest)
          const state = yield* app.tournaments
            .act(params.tournamentId, body.action, {
              actor: holderOf(organiser),
              reason: body.reason,
            })
            .pipe(apiFailures)
          return detailOf(state)
        }),
      )
      .handle("tournamentTrail", ({ params }) =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          const { state } = yield* app.tournaments.read(params.tournamentId).pipe(apiFailures)
          const games = state.rounds.flatMap((r) => r.tables.map((t) => t.gameId))
          const perGame = yield* Effect.forEach(games, app.access.trailOf).pipe(apiFailures)
          const entries = [...tournamentTrail(state), ...perGame.flatMap((t) => gameTrail(t.game, t.access))]
          entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
          return { entries }
        }),
      )
      .handle("tournamentAudit", ({ params, query: q }) =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          const id = params.tournamentId
          const envelopes = yield* app.tournaments.exportEnvelopes(id).pipe(apiFailures)
          const report = auditTournament(envelopes, app.config.findGame, {
            tournamentId: id,
            trustedKey: app.signer.publicKey,
          })
          if (q.format === "text")
            return HttpServerResponse.text(formatTournamentAudit(report), {
              contentType: "text/plain; charset=utf-8",
            })
          return report
        }),
      )
      .handle("tournamentExport", ({ params }) =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          const id = params.tournamentId
          const envelopes = yield* app.tournaments.exportEnvelopes(id).pipe(apiFailures)
          const text = envelopes.map((e: EventEnvelope) => `${toNdjsonLine(e)}\n`).join("")
          return HttpServerResponse.text(text, {
            contentType: "application/x-ndjson; charset=utf-8",
            headers: { "content-disposition": `attachment; filename="${Streams.tournament(id)}.ndjson"` },
          })
        }),
      )
      .handleRaw("gameAction", ({ params, request }) =>
        Effect.gen(function* () {
          const organiser = yield* requireOrganiser(yield* Caller)
          const body = yield* bodyOf(app, request, GameActionRequest)
          const { gameId } = params
          const { action } = body
          if (action.type === "ReplaceSeat" && action.holder.startsWith("builtin:")) {
            const game = yield* app.engine.load(gameId).pipe(apiFailures)
            const players = Array.from({ length: action.seat + 1 }, (_, s) =>
              s === action.seat ? action.holder : null,
            )
            const unknown = unknownBuiltinOf(app.config, game.match.game.id, players)
            if (unknown !== null) return yield* new BadRequest({ message: unknown })
          }
          const time = new Date().toISOString()
          const handled = yield* app.engine
            .act({
              gameId,
              action: body.action,
              actor: holderOf(organiser),
              reason: body.reason,
              time,
              commandId: `org:${gameId}:${body.commandId ?? randomBytes(8).toString("hex")}`,
              ...(body.expectedVersion === undefined ? {} : { expectedVersion: body.expectedVersion }),
            })
            .pipe(apiFailures)
          app.tail.publishAppended(handled.appended)
          const last = handled.appended[handled.appended.length - 1]
          return { version: last?.version ?? handled.game.match.events, duplicate: handled.duplicate }
        }),
      )
      .handle("gameTrail", ({ params }) =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          const { gameId } = params
          const game = yield* app.engine.load(gameId).pipe(apiFailures)
          const access = yield* app.access.views(gameId).pipe(apiFailures)
          return { entries: gameTrail(game.envelopes, access) }
        }),
      )
      .handle("organiserGameView", ({ params }) =>
        Effect.gen(function* () {
          const organiser = yield* requireOrganiser(yield* Caller)
          const { gameId } = params
          const game = yield* app.engine.load(gameId).pipe(apiFailures)
          const at = new Date().toISOString()
          // Every organiser look at a game's secrets is on record: who, when, at which version. One record
          // covers the same organiser's looks at this game for ten minutes (AccessLog's VIEW_COVERS_MS), so
          // re-reading after each action does not clutter the trail; recordedAs names the covering record.
          const recorded = yield* app.access
            .recordView({
              gameId,
              gameVersion: game.match.events,
              actor: holderOf(organiser),
              at,
              reason: "full view in the admin app",
              commandId: `view:${gameId}:${randomBytes(8).toString("hex")}`,
            })
            .pipe(
              Effect.catchTag("ContentionExhausted", () => Effect.succeed(null)),
              apiFailures,
            )
          if (recorded === null)
            return yield* new Conflict({
              reason: "contention",
              message: `game ${gameId} is being viewed by many at once; retry`,
            })
          const settings = settingsOf(game.envelopes[0] as EventEnvelope)
          const control = seatControlOf(game.envelopes, settings.players)
          return {
            gameId,
            game: game.match.game.id,
            version: game.match.events,
            ended: game.match.ended !== null,
            players: control.holders,
            paused: control.paused,
            forfeited: control.forfeited,
            view: viewOf(game.match, { kind: "organiser" }),
            events: game.envelopes.map((e) => {
              // The seed stays hidden until the end, organisers included (it predicts every draw).
              if (e.type !== "GameStarted" || game.match.ended !== null) return e
              const { seed: _seed, ...data } = e.data
              return { ...e, data }
            }),
            recordedAs: recorded,
            at,
          }
        }),
      )
      .handle("signingKey", () =>
        Effect.succeed({
          publicKey: app.signer.publicKey,
          keyId: app.signer.keyId,
          algorithm: "Ed25519" as const,
        }),
      ),
  )
