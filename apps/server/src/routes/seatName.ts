import { holderOf, type LiveGame, type Principal } from "@boroughs/engine"
import { BadRequest, Caller, Conflict, Forbidden, SetSeatNameRequest } from "@boroughs/protocol"
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import type { App } from "../app.js"
import { requireToken } from "../http/auth.js"
import { bodyOf } from "../http/body.js"
import { apiFailures } from "../http/engineErrors.js"

/** Whether a game was created for a tournament (its first event names it). */
const inTournament = (game: LiveGame): boolean => {
  const tournament = game.envelopes[0]?.metadata.tournament as { tournamentId?: unknown } | undefined | null
  return typeof tournament?.tournamentId === "string"
}

/**
 * Why `caller` may not name `seat`, or null when it may: organisers any seat, a seat token its own. Bots and
 * players go by the organisers' register, and a tournament's seats by the names its organiser registered.
 */
const refusal = (caller: Principal, game: LiveGame, seat: number): string | null => {
  if (inTournament(game)) return "tournament games show the names the organiser registered"
  if (caller.kind === "organiser") return null
  const holder = game.settings.players[seat] ?? null
  if (holder !== holderOf(caller))
    return `${holderOf(caller)} does not hold seat ${seat} in game ${game.gameId} (it is ${holder ?? "open: organisers only"})`
  if (caller.kind !== "seat")
    return `a ${caller.kind}'s name comes from the organisers' register (PUT /api/names/${holder}), not from the game`
  return null
}

/**
 * `PUT /api/games/:gameId/seats/:seat/name` `{ name }`: the seat's display name from now on, by the seat's
 * own seat token (a guest naming themself) or an organiser. Recorded as SeatNamed, an organiser event of the
 * game's stream (public, never seen by the rules), after which the game's detail, the lobby and the streams
 * show it. The same name again records nothing. 403 for another seat's token and in a tournament's games;
 * 409 `game-ended` once the game is over.
 */
export const nameSeat =
  (app: App) =>
  ({
    params,
    request,
  }: {
    readonly params: { readonly gameId: string; readonly seat: number }
    readonly request: HttpServerRequest.HttpServerRequest
  }) =>
    Effect.gen(function* () {
      const caller = yield* requireToken(yield* Caller)
      const body = yield* bodyOf(app, request, SetSeatNameRequest)
      const { gameId, seat } = params
      const game = yield* app.live.get(gameId).pipe(apiFailures)
      const seats = game.settings.players.length
      if (seat >= seats)
        return yield* new BadRequest({ message: `game ${gameId} has seats 0–${seats - 1}, not ${seat}` })
      const refused = refusal(caller, game, seat)
      if (refused !== null) return yield* new Forbidden({ message: refused })
      const ended = () =>
        new Conflict({
          reason: "game-ended",
          message: `game ${gameId} has ended: its seats' names are final`,
        })
      if (game.match.ended !== null) return yield* ended()
      const name = body.name.trim()
      const names = game.settings.names ?? game.settings.players.map(() => null)
      const answer = (version: number, changed: boolean) => ({
        gameId,
        seat,
        name,
        names: names.map((n, s) => (s === seat ? name : n)),
        version,
        changed,
      })
      if (names[seat] === name) return answer(game.match.events, false)
      const handled = yield* app.engine
        .act({
          gameId,
          action: { type: "NameSeat", seat, name },
          actor: holderOf(caller),
          reason: caller.kind === "organiser" ? "named by an organiser" : "named by the seat's holder",
          time: new Date().toISOString(),
          // Each rename is its own command: the same name twice is caught above, A → B → A is two renames.
          commandId: `name:${seat}:${globalThis.crypto.randomUUID()}`,
        })
        .pipe(
          apiFailures,
          // The game ended between the read above and this append.
          Effect.mapError((e) => (e._tag === "RuleViolation" && e.rule === "kernel.game-over" ? ended() : e)),
        )
      app.tail.publishAppended(handled.appended)
      const last = handled.appended[handled.appended.length - 1]
      return answer(last?.version ?? handled.game.match.events, true)
    })
