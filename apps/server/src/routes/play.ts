import type { IncomingMessage } from "node:http"
import { type AnyGame, seatRange, setupProblem } from "@boroughs/core"
import type { GameSettings } from "@boroughs/engine"
import {
  BadRequest,
  Caller,
  DEFAULT_DECISION_MS,
  Forbidden,
  type PlayRequest,
  PlayRequest as PlayRequestSchema,
  ServerError,
} from "@boroughs/protocol"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import type { App } from "../app.js"
import { addressOf } from "../http/auth.js"
import { bodyOf } from "../http/body.js"
import { apiFailures, notFoundIsFault } from "../http/engineErrors.js"
import { spend } from "../http/limits.js"
import { randomId } from "./games.js"
import { createWithSeatTokens } from "./seatTokens.js"

/** A guest's game as checked: each seat's holder (null where a seat holder is minted), and which seats. */
export interface GuestTable {
  readonly players: ReadonlyArray<string | null>
  readonly me: number
  readonly invited: ReadonlyArray<number>
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** A remote bot's holder as a guest may name it: `bot:<name>` or `<name>`. */
const remoteHolder = (bot: string) => (bot.startsWith("bot:") ? bot : `bot:${bot}`)

/**
 * What a guest asked for, as seats, or why it cannot be played (a 400's message): exactly one `me`, house
 * bots the game has (as the catalogue lists them: `bots`), remote bots among those on the game's ladder now
 * (`ready`: active and connected), each at one seat, and a seat count within the game's range under the
 * options. Plain: the route's and its tests' one judge.
 */
export const guestTableOf = (
  def: AnyGame,
  bots: ReadonlyArray<string>,
  request: Pick<PlayRequest, "seats" | "options">,
  ready: ReadonlyArray<string> = [],
): GuestTable | string => {
  const { seats } = request
  const mine = seats.flatMap((s, seat) => (s.kind === "me" ? [seat] : []))
  if (mine.length === 0)
    return 'seats holds no {"kind":"me"}: exactly one seat is the guest\'s own (the others invite or house bots)'
  if (mine.length > 1)
    return `seats holds ${mine.length} {"kind":"me"} seats (${mine.join(", ")}): exactly one seat is the guest's own`
  const players: Array<string | null> = []
  for (const [seat, s] of seats.entries()) {
    if (s.kind === "bot") {
      const holder = remoteHolder(s.bot)
      if (!ready.includes(holder))
        return `seat ${seat}: ${holder} is not on the ${def.id} ladder and connected now, so it cannot be seated; ${ready.length === 0 ? "no bot is" : `${ready.join(", ")} ${ready.length === 1 ? "is" : "are"}`} (GET /api/ladder/${def.id})`
      const twice = players.indexOf(holder)
      if (twice >= 0)
        return `seat ${seat}: ${holder} sits at seat ${twice} already: a bot takes one seat of a game`
      players.push(holder)
      continue
    }
    if (s.kind !== "house") {
      players.push(null)
      continue
    }
    const bot = s.bot.startsWith("builtin:") ? s.bot.slice("builtin:".length) : s.bot
    if (!bots.includes(bot))
      return `seat ${seat}: ${def.id} has no house bot "${s.bot}"; its bots: ${bots.join(", ")}`
    players.push(`builtin:${bot}`)
  }
  const range = seatRange(def, request.options)
  if (range === null) {
    const problem = setupProblem(def, request.options, seats.length)
    return `options: ${problem?.message ?? `${def.id} cannot be played with these options`}`
  }
  if (seats.length < range.min || seats.length > range.max)
    return `${def.id} is played by ${range.min}–${range.max} seats${request.options === undefined ? "" : " with these options"}, not ${plural(seats.length, "seat", "seats")}: ${seats.length < range.min ? "invite or add house bots" : "take some away"}`
  const problem = setupProblem(def, request.options, seats.length)
  if (problem !== null) return problem.message
  const invited = seats.flatMap((s, seat) => (s.kind === "invite" ? [seat] : []))
  return { players, me: mine[0] as number, invited }
}

/**
 * `POST /api/play` (ARCHITECTURE.md §6, docs/api.md "Guest games"): a guest, without a token, creates a public
 * live game with exactly one seat of their own (named as they say), seats for whoever they invite and house
 * bots. 201 with the game's id, the guest's seat and its seat token, and a seat token per invited seat. Each
 * client address creates a few (its guest-games budget, on top of its writes); `BOROUGHS_GUEST_GAMES=off`
 * turns the route off (403).
 */
export const play =
  (app: App) =>
  ({ request }: { readonly request: HttpServerRequest.HttpServerRequest }) =>
    Effect.gen(function* () {
      if (app.config.guestGames === false)
        return yield* new Forbidden({
          message:
            "guest games are off on this server (BOROUGHS_GUEST_GAMES=off): an organiser creates games with POST /api/games",
        })
      const caller = yield* Caller
      if (caller !== null)
        return yield* new Forbidden({
          message:
            caller.kind === "organiser"
              ? "POST /api/play is for guests, without a token: organisers create games with POST /api/games"
              : `POST /api/play is for guests, without a token; this ${caller.kind} token may not create games`,
        })
      const body = yield* bodyOf(app, request, PlayRequestSchema)
      const def = app.config.findGame(body.game)
      if (def === undefined)
        return yield* new BadRequest({
          message: `this server hosts no game "${body.game}"; it hosts: ${app.config.knownGames().join(", ")}`,
        })
      // The remote bots a guest may seat: those on the game's ladder, active and connected now.
      const ready = body.seats.some((s) => s.kind === "bot")
        ? (yield* app.ladder.standings(def.id).pipe(
            Effect.catchTag("LadderRejected", () => Effect.succeed([])),
            apiFailures,
          ))
            .filter((s) => s.status === "active" && s.connected)
            .map((s) => s.holder)
        : []
      const table = guestTableOf(def, app.config.botsOf(def.id), body, ready)
      if (typeof table === "string") return yield* new BadRequest({ message: table })
      // Only a game that will be created is charged to the address's guest games.
      if (app.limits !== null) {
        const req = NodeHttpServerRequest.toIncomingMessage(request) as IncomingMessage
        yield* spend(app.limits.guestGames, addressOf(app, req), "guest games from this address")
      }
      const gameId = `g${randomId(8)}`
      const settings: GameSettings = {
        players: table.players,
        spectators: { mode: "live" },
        decisionMs: body.decisionMs === undefined ? DEFAULT_DECISION_MS : body.decisionMs,
        createdBy: "guest",
        names: table.players.map((_, seat) => (seat === table.me ? body.name.trim() : null)),
      }
      const { seatTokens } = yield* createWithSeatTokens(app, {
        create: {
          gameId,
          game: def.id,
          ...(body.options === undefined ? {} : { options: body.options }),
          seats: table.players.length,
          seed: randomId(16),
          commandId: `create:${gameId}`,
          actor: "guest",
          time: new Date().toISOString(),
        },
        settings,
        minted: [table.me, ...table.invited].sort((a, b) => a - b),
      }).pipe(
        // A game id of 64 random bits taken already: the server's fault, not the guest's.
        Effect.catchTags({
          Conflict: (e) =>
            Effect.fail(new ServerError({ message: `the game could not be created: ${e.message}` })),
        }),
      )
      const mine = seatTokens.find((t) => t.seat === table.me)
      if (mine === undefined)
        return yield* Effect.die(new Error(`game ${gameId} was created without its guest`))
      return {
        gameId,
        seat: table.me,
        token: mine.token,
        invites: seatTokens.filter((t) => t.seat !== table.me),
      }
    }).pipe(notFoundIsFault)
