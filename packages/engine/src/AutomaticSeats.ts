import { type EventEnvelope, isOrganiserEvent } from "@boroughs/core"
import { EventStore } from "@boroughs/store"
import { Effect, Queue } from "effect"
import { GameEngine } from "./GameEngine.js"
import { settingsOf } from "./GameSettings.js"
import { BoundedMap } from "./internal/BoundedMap.js"
import { LiveTail } from "./LiveTail.js"
import { listGames } from "./Lobby.js"
import { controlAfter, type SeatControl, seatControlOf } from "./organiser.js"
import * as Streams from "./Streams.js"

/** Games whose seat control is remembered; the least recently active are read again when next heard of. */
const MAX_TRACKED_GAMES = 20_000

/**
 * How long to wait before playing a game's automatic seats again after the `failures`-th failure in a row:
 * nothing else would wake a game whose only owing seat is the server's (a database restart refused its move).
 */
export const retryDelayMs = (failures: number): number => Math.min(30_000, 250 * 2 ** Math.min(failures, 7))

/** Whether the server plays a seat of the game itself: a built-in bot's, or a forfeited one's. */
const playsItself = (c: SeatControl): boolean =>
  !c.paused && (c.forfeited.length > 0 || c.holders.some((h) => h?.startsWith("builtin:") === true))

/** Seat holders in the lobby that may be the server's to play (a forfeited seat is listed as nobody's). */
const mayPlayItself = (players: ReadonlyArray<string | null>): boolean =>
  players.some((p) => p === null || p.startsWith("builtin:"))

interface Known {
  readonly control: SeatControl
  /** The last version folded into `control`. */
  readonly version: number
}

/**
 * Plays the seats nobody plays from outside — built-in bots (`builtin:*`) and forfeited seats — as soon as
 * they owe a decision, whatever appended the event that made them owe it: a command, a clock's default move,
 * an organiser's action, a tournament's step, a game's creation. It hears every append of every replica on
 * the live bus, so no path can forget to call it; `play` (the tournaments' `playBuiltins`) plays until a
 * seat held outside owes. Run it on one process (under a lock); each move's command id is fixed by game,
 * seat and version, so another process racing it still plays each move once. Never returns.
 */
export const runAutomaticSeats = <E extends { readonly message: string }>(
  play: (gameId: string) => Effect.Effect<number, E>,
) =>
  Effect.gen(function* () {
    const engine = yield* GameEngine
    const store = yield* EventStore
    const tail = yield* LiveTail
    const controls = new BoundedMap<string, Known>(MAX_TRACKED_GAMES)
    const heard = yield* Queue.unbounded<string>()
    /** Games being played now, and those heard of again meanwhile (played once more after). */
    const running = new Set<string>()
    const again = new Set<string>()
    /** Failures in a row per game, for the retry's back-off. */
    const failures = new Map<string, number>()

    /** Offers the game again later: a refused move must be played once the cause (the database) is back. */
    const retryLater = (gameId: string) => {
      const n = (failures.get(gameId) ?? 0) + 1
      failures.set(gameId, n)
      return Effect.forkDetach(
        Effect.sleep(retryDelayMs(n)).pipe(
          Effect.andThen(Effect.sync(() => Queue.offerUnsafe(heard, gameId))),
        ),
      )
    }

    const remember = (gameId: string, known: Known) => {
      const current = controls.get(gameId)
      if (current !== undefined && current.version > known.version) return
      controls.set(gameId, known)
    }

    /** Folds a batch into what is known of its game; undefined when the batch does not continue it. */
    const folded = (known: Known | undefined, events: ReadonlyArray<EventEnvelope>): Known | undefined => {
      if (known === undefined) return undefined
      let { control, version } = known
      for (const e of events) {
        if (e.version <= version) continue
        if (e.version !== version + 1) return undefined
        if (isOrganiserEvent(e)) control = controlAfter(control, { ...e.data, type: e.type })
        version = e.version
      }
      return { control, version }
    }

    yield* tail.bus.follow("automatic seats", (events) => {
      const first = events[0] as EventEnvelope
      const gameId = Streams.gameIdOf(first.streamId)
      if (gameId === null) return
      if (events.some((e) => e.type === "GameEnded")) {
        controls.delete(gameId)
        return
      }
      const before =
        first.version === 1
          ? { control: { paused: false, forfeited: [], holders: settingsOf(first).players }, version: 0 }
          : controls.get(gameId)
      const known = folded(before, events)
      if (known === undefined) controls.delete(gameId)
      else {
        remember(gameId, known)
        if (!playsItself(known.control)) return
      }
      Queue.offerUnsafe(heard, gameId)
    })

    /** The seat control of a game heard of mid-stream (or after a gap): read from its stream. */
    const controlOf = (gameId: string) => {
      const known = controls.get(gameId)
      if (known !== undefined) return Effect.succeed(known.control)
      return Effect.map(engine.load(gameId), (game) => {
        const control = seatControlOf(game.envelopes, settingsOf(game.envelopes[0] as EventEnvelope).players)
        if (game.match.ended === null) remember(gameId, { control, version: game.match.events })
        return control
      })
    }

    const serve = (gameId: string): Effect.Effect<void> =>
      Effect.gen(function* () {
        if (playsItself(yield* controlOf(gameId))) yield* play(gameId)
        failures.delete(gameId)
      }).pipe(
        Effect.catch((error) =>
          Effect.logWarning(`automatic seats of ${gameId}: ${error.message}`).pipe(
            Effect.andThen(retryLater(gameId)),
          ),
        ),
        // A bot that throws must not leave its game marked as being played, never to be heard of again.
        Effect.catchDefect((defect) => Effect.logError(`automatic seats of ${gameId}: ${String(defect)}`)),
        Effect.andThen(
          Effect.suspend(() => {
            if (again.delete(gameId)) return serve(gameId)
            running.delete(gameId)
            return Effect.void
          }),
        ),
      )

    // Games that were waiting for the server when this process took over: the lobby's live ones.
    let before: string | undefined
    for (;;) {
      const page = yield* listGames(store.db, {
        status: "live",
        includePrivate: true,
        limit: 500,
        before,
      }).pipe(Effect.catch((error) => Effect.as(Effect.logWarning(`automatic seats: ${error.message}`), [])))
      for (const g of page) if (mayPlayItself(g.players)) Queue.offerUnsafe(heard, g.gameId)
      const last = page[page.length - 1]
      if (page.length < 500 || last === undefined) break
      before = `${last.createdAt}|${last.gameId}`
    }

    return yield* Effect.forever(
      Effect.flatMap(Queue.take(heard), (gameId) => {
        if (running.has(gameId)) {
          again.add(gameId)
          return Effect.void
        }
        running.add(gameId)
        return Effect.asVoid(Effect.forkScoped(serve(gameId)))
      }),
    )
  })
