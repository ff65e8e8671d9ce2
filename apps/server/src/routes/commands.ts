import type { Viewer } from "@boroughs/core"
import { holderOf } from "@boroughs/engine"
import { BadRequest, Caller, CommandRequest, Forbidden } from "@boroughs/protocol"
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import type { App } from "../app.js"
import { requireToken } from "../http/auth.js"
import { bodyOf } from "../http/body.js"
import { apiFailures } from "../http/engineErrors.js"
import { contextOf, redacted } from "../redaction.js"

/**
 * `POST /api/games/:gameId/commands` `{commandId, seat, command, expectedVersion?}` (ARCHITECTURE.md §6):
 * organisers act for any seat, bots and players for the seats they hold. The engine decides and appends
 * (retrying lost races); the same commandId (per game and seat) is one command however often it is sent.
 * 200 with the events appended, as the acting seat may see them.
 */
export const command =
  (app: App) =>
  ({
    params,
    request,
  }: {
    readonly params: { readonly gameId: string }
    readonly request: HttpServerRequest.HttpServerRequest
  }) =>
    Effect.gen(function* () {
      const caller = yield* requireToken(yield* Caller)
      const body = yield* bodyOf(app, request, CommandRequest)
      const { gameId } = params
      const game = yield* app.live.get(gameId).pipe(apiFailures)
      const seats = game.settings.players.length
      if (body.seat >= seats)
        return yield* new BadRequest({ message: `game ${gameId} has seats 0–${seats - 1}, not ${body.seat}` })
      if (caller.kind !== "organiser" && game.settings.players[body.seat] !== holderOf(caller))
        return yield* new Forbidden({
          message: `${holderOf(caller)} does not hold seat ${body.seat} in game ${gameId} (it is ${game.settings.players[body.seat] ?? "open: organisers only"})`,
        })
      const handled = yield* app.engine
        .handle({
          gameId,
          seat: body.seat,
          command: body.command,
          // Scoped by game and seat, so one client's ids never collide with another game's or seat's.
          commandId: `cmd:${gameId}:${body.seat}:${body.commandId}`,
          actor: `${caller.kind}:${caller.name}`,
          time: new Date().toISOString(),
          ...(body.expectedVersion === undefined ? {} : { expectedVersion: body.expectedVersion }),
        })
        .pipe(apiFailures)
      // Local spectators hear of it now, not after the tailer reads it back from the log.
      app.tail.publishAppended(handled.appended)
      const viewer: Viewer =
        caller.kind === "organiser" ? { kind: "organiser" } : { kind: "seat", seat: body.seat }
      const last = handled.appended[handled.appended.length - 1]
      return {
        gameId,
        version: last?.version ?? handled.game.match.events,
        duplicate: handled.duplicate,
        events: redacted(contextOf(handled.game.match), handled.appended, viewer),
      }
    })
