import { type Bot, botRandom, findGame, type RegisteredGame, type Typed } from "@boroughs/core"
import { botEvents, type Client, makeClient, type YourTurnMessage } from "@boroughs/protocol"
import { Effect, Fiber, Stream } from "effect"
import { FetchHttpClient } from "effect/http"

/**
 * The house bots: each seat holder (`bot:heuristic`, `bot:random-1` …) has its own bot token and reads
 * its turns from the server's bot gateway like any remote bot, choosing with the game's shipped bot of
 * that kind from its own view and legal commands, and answering through the typed client. `paceMs` is how
 * long a bot "thinks" before each answer, so people can follow a game live.
 */
export interface HouseBots {
  /** Seat holders for a game's seats: the heuristic bot at `strongSeat`, random ones elsewhere. */
  readonly lineUp: (seats: number, strongSeat: number) => string[]
  /** Opens the bot streams of every holder a game of up to `maxSeats` needs. */
  readonly start: (maxSeats: number) => Promise<void>
  /** Called with each command a house bot had accepted. */
  readonly onCommand: (listener: (gameId: string, events: number) => void) => void
  readonly stop: () => Promise<void>
  /** Send nothing more and report nothing more, at once (a stop is under way). */
  readonly halt: () => void
}

/** The kind of bot a house holder name plays: `heuristic` or `random-3` → random. */
const kindOf = (holder: string): string => holder.replace(/^bot:/, "").replace(/-\d+$/, "")

export const houseBots = (o: {
  readonly baseUrl: string
  readonly organiser: Client
  readonly paceMs: number
  readonly log: (line: string) => void
}): HouseBots => {
  const fibers: Fiber.Fiber<unknown, unknown>[] = []
  const listeners: Array<(gameId: string, events: number) => void> = []
  const games = new Map<string, RegisteredGame>()
  /** The latest turn per game and seat: an older one is superseded once the game moved (others' moves). */
  const latest = new Map<string, number>()
  let stopping = false

  const botFor = (holder: string, game: RegisteredGame): Bot => {
    const wanted = kindOf(holder)
    return (game.bots[wanted] ?? game.bots.random ?? Object.values(game.bots)[0]) as Bot
  }

  const answer = async (holder: string, client: Client, turn: YourTurnMessage) => {
    const key = `${turn.gameId}/${turn.seat}`
    latest.set(key, turn.version)
    if (o.paceMs > 0) await new Promise((r) => setTimeout(r, o.paceMs))
    if (stopping || latest.get(key) !== turn.version) return
    const game = games.get(turn.gameId)
    if (game === undefined) return
    const bot = botFor(holder, game)
    const command = bot.choose({
      seat: turn.seat,
      view: turn.view,
      legal: turn.legal as ReadonlyArray<Typed>,
      random: botRandom(`${turn.gameId}/${turn.version}`, turn.seat),
    })
    const result = await Effect.runPromiseExit(
      client.games
        .command({
          params: { gameId: turn.gameId },
          payload: {
            commandId: `${turn.gameId}:${turn.seat}:${turn.version}`,
            seat: turn.seat,
            command,
            expectedVersion: turn.version,
          },
        })
        .pipe(Effect.provide(FetchHttpClient.layer)),
    )
    if (result._tag === "Success") for (const l of listeners) l(turn.gameId, result.value.events.length)
    else if (!stopping) {
      const text = String(result.cause)
      // A lost race is normal: the game moved on and the stream brings the new turn.
      if (!/Conflict|stale-version/.test(text))
        o.log(`house bot ${holder} in ${turn.gameId}: ${text.split("\n")[0]}`)
    }
  }

  const run = async (holder: string) => {
    const issued = await Effect.runPromise(
      o.organiser.tokens
        .createToken({ payload: { kind: "bot", name: holder.replace(/^bot:/, "") } })
        .pipe(Effect.provide(FetchHttpClient.layer)),
    )
    const client = await Effect.runPromise(
      makeClient({ baseUrl: o.baseUrl, token: issued.token }).pipe(Effect.provide(FetchHttpClient.layer)),
    )
    const fiber = Effect.runFork(
      Stream.runForEach(botEvents({ baseUrl: o.baseUrl, token: issued.token }), (m) =>
        Effect.sync(() => {
          if (m.type === "gameStarted") {
            const g = findGame(m.game)
            if (g) games.set(m.gameId, g)
          } else if (m.type === "yourTurn") void answer(holder, client, m)
        }),
      ).pipe(
        Effect.catch((e) =>
          Effect.sync(() => stopping || o.log(`house bot ${holder}: stream ended: ${String(e)}`)),
        ),
        Effect.provide(FetchHttpClient.layer),
      ),
    )
    fibers.push(fiber)
  }

  const holders = (seats: number) => [
    "bot:heuristic",
    ...Array.from({ length: Math.max(0, seats - 1) }, (_, i) => `bot:random-${i + 1}`),
  ]

  return {
    lineUp: (seats, strongSeat) => {
      let random = 0
      return Array.from({ length: seats }, (_, s) =>
        s === strongSeat ? "bot:heuristic" : `bot:random-${++random}`,
      )
    },
    start: async (maxSeats) => {
      await Promise.all(holders(maxSeats).map(run))
    },
    onCommand: (listener) => {
      listeners.push(listener)
    },
    halt: () => {
      stopping = true
    },
    stop: async () => {
      stopping = true
      await Promise.all(fibers.map((f) => Effect.runPromise(Fiber.interrupt(f))))
    },
  }
}
