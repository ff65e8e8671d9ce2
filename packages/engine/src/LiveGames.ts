import type { AnyGame, EventEnvelope } from "@boroughs/core"
import { EventStore, type StoreError } from "@boroughs/store"
import { Context, Effect, Fiber, FiberSet, Layer } from "effect"
import { GameNotFound, UnknownGame } from "./errors.js"
import type { LiveEvent } from "./internal/LiveBus.js"
import { LiveTail } from "./LiveTail.js"
import { foldLive, type LiveGame, liveFromStream, startLive } from "./liveFold.js"
import * as Streams from "./Streams.js"

export type { LiveGame } from "./liveFold.js"

/** Called with a game's new value after events were folded into it (or once, when it was loaded). */
export type LiveGameListener = (game: LiveGame) => void

interface Entry {
  game: LiveGame | null
  /** Events that arrived while the stream was being read; folded once it is. */
  buffer: LiveEvent[]
  loading: Fiber.Fiber<LiveGame | null> | null
  readonly listeners: Set<LiveGameListener>
  lastUsed: number
  /** The bus delivered GameStarted while the stream was being read: announce the game once it is. */
  announce?: boolean
}

/** An entry nobody watches is dropped after this long without use. */
const IDLE_MS = 60_000

/**
 * The games this node follows live, folded from the bus: what SSE streams, the bot gateway and the clocks
 * read, so a new event costs one fold per node rather than one read per subscriber. Every game that
 * starts while the node runs is followed for a while (bots and clocks discover games that way); others are
 * read from the store when first watched. Gaps (a missed wake-up) are filled from the stream.
 */
export class LiveGames extends Context.Service<
  LiveGames,
  {
    /** The game now, followed from here on; `listener` hears every change until `stop`. */
    readonly watch: (
      gameId: string,
      listener: LiveGameListener,
    ) => Effect.Effect<
      { readonly game: LiveGame; readonly stop: () => void },
      GameNotFound | UnknownGame | StoreError
    >
    /** The game now (followed for a while after). */
    readonly get: (gameId: string) => Effect.Effect<LiveGame, GameNotFound | UnknownGame | StoreError>
    /** The version of a game's stream in the store (0: none), which the game followed here may trail by a wake-up. */
    readonly storedVersion: (gameId: string) => Effect.Effect<number, StoreError>
    /** Hears of every game that starts while this node runs, on whichever node it was created. */
    readonly onGameStarted: (listener: LiveGameListener) => () => void
    /** The games followed now (recently started or watched). */
    readonly followed: () => ReadonlyArray<LiveGame>
  }
>()("@boroughs/engine/LiveGames") {
  static layer(findGame: (id: string) => AnyGame | undefined, known: () => ReadonlyArray<string>) {
    return Layer.effect(
      LiveGames,
      Effect.gen(function* () {
        const store = yield* EventStore
        const tail = yield* LiveTail
        const entries = new Map<string, Entry>()
        const started = new Set<LiveGameListener>()
        // Gap reads, and the logs of listeners' failures (they are plain callbacks), run as fibers of this
        // layer's scope, with its services (its logger): stopped with it.
        const runFork = yield* FiberSet.makeRuntime()
        const reportListener = (what: string, error: unknown) =>
          void runFork(Effect.logError(`a ${what} listener failed`, error))

        const notify = (entry: Entry) => {
          const game = entry.game
          if (game === null) return
          for (const listener of entry.listeners) {
            try {
              listener(game)
            } catch (error) {
              reportListener("live game", error)
            }
          }
        }

        /** Folds what continues the game; reads the stream when events are missing in between. */
        const absorb = (entry: Entry, events: ReadonlyArray<EventEnvelope>) => {
          const game = entry.game
          if (game === null || entry.loading !== null) {
            entry.buffer.push(...(events as LiveEvent[]))
            return
          }
          const next = events.filter((e) => e.version > game.match.events)
          if (next.length === 0) return
          if ((next[0] as EventEnvelope).version !== game.match.events + 1) {
            entry.buffer.push(...(next as LiveEvent[]))
            void fill(entry)
            return
          }
          for (let i = 1; i < next.length; i++)
            if ((next[i] as EventEnvelope).version !== (next[i - 1] as EventEnvelope).version + 1) {
              entry.game = foldLive(game, next.slice(0, i))
              absorb(entry, next.slice(i))
              return
            }
          entry.game = foldLive(game, next)
          notify(entry)
        }

        /** Reads the events missing before the buffered ones, then folds both. */
        const fill = (entry: Entry) => {
          const game = entry.game as LiveGame
          // The read starts after a yield, so the fiber is in `loading` before it can clear it (a store may answer
          // synchronously).
          entry.loading = runFork(
            Effect.andThen(
              Effect.yieldNow,
              store.readStream(game.streamId, { from: game.match.events + 1 }),
            ).pipe(
              Effect.map((missing) => {
                entry.loading = null
                const buffered = entry.buffer
                entry.buffer = []
                absorb(
                  entry,
                  [...missing, ...buffered].sort((a, b) => a.version - b.version),
                )
                return entry.game
              }),
              Effect.catch((error) =>
                Effect.andThen(
                  Effect.logWarning(`filling a gap in ${game.streamId}: ${error.message}`),
                  Effect.sync(() => {
                    entry.loading = null
                    return entry.game
                  }),
                ),
              ),
            ),
          )
        }

        /** Tells the game-started listeners of a game the bus just delivered the start of. */
        const announce = (entry: Entry) => {
          const game = entry.game
          if (game === null || entry.loading !== null) {
            entry.announce = true
            return
          }
          entry.announce = false
          for (const listener of started) {
            try {
              listener(game)
            } catch (error) {
              reportListener("game-started", error)
            }
          }
        }

        // Every node folds every game event it hears of, for the games it follows.
        yield* tail.bus.follow("following live games", (events) => {
          const first = events[0] as LiveEvent
          const gameId = Streams.gameIdOf(first.streamId)
          if (gameId === null) return
          const entry = entries.get(gameId)
          if (entry !== undefined) {
            // A reader may have loaded the game before the bus delivered its start (its creator did).
            absorb(entry, events)
            if (first.version === 1) announce(entry)
            return
          }
          if (first.version !== 1) return
          const live = startLive(first, findGame)
          if (live === null) return
          // The batch starts at GameStarted: fold it whole (its first envelope too) into the new game.
          const fresh: Entry = {
            game: foldLive(live, events),
            buffer: [],
            loading: null,
            listeners: new Set(),
            lastUsed: Date.now(),
          }
          entries.set(gameId, fresh)
          announce(fresh)
        })

        const load = (gameId: string) =>
          Effect.gen(function* () {
            const existing = entries.get(gameId)
            if (existing !== undefined) {
              existing.lastUsed = Date.now()
              if (existing.game !== null && existing.loading === null) return existing
              const game = existing.loading === null ? existing.game : yield* Fiber.join(existing.loading)
              if (game !== null) return existing
            }
            const entry: Entry = existing ?? {
              game: null,
              buffer: [],
              loading: null,
              listeners: new Set(),
              lastUsed: Date.now(),
            }
            entries.set(gameId, entry)
            const envelopes = yield* store
              .readStream(Streams.game(gameId))
              .pipe(Effect.tapError(() => Effect.sync(() => entries.delete(gameId))))
            if (envelopes.length === 0) {
              entries.delete(gameId)
              return yield* new GameNotFound({ gameId })
            }
            const live = liveFromStream(envelopes, findGame)
            if (live === null) {
              entries.delete(gameId)
              const game = String((envelopes[0] as EventEnvelope).data.game ?? "?")
              return yield* new UnknownGame({ game, known: known() })
            }
            // Another load may have finished meanwhile: keep whichever is further on.
            if (entry.game === null || entry.game.match.events < live.match.events) entry.game = live
            const buffered = entry.buffer
            entry.buffer = []
            absorb(entry, buffered)
            if (entry.announce === true) announce(entry)
            return entry
          })

        const watch = (gameId: string, listener: LiveGameListener) =>
          Effect.map(load(gameId), (entry) => {
            entry.listeners.add(listener)
            return {
              game: entry.game as LiveGame,
              stop: () => {
                entry.listeners.delete(listener)
                entry.lastUsed = Date.now()
              },
            }
          })

        // Forget games nobody watches.
        yield* Effect.forkScoped(
          Effect.forever(
            Effect.andThen(
              Effect.sleep("15 seconds"),
              Effect.sync(() => {
                const now = Date.now()
                for (const [gameId, entry] of entries)
                  if (entry.listeners.size === 0 && entry.loading === null && now - entry.lastUsed > IDLE_MS)
                    entries.delete(gameId)
              }),
            ),
          ),
        )

        return {
          watch,
          get: (gameId) => Effect.map(load(gameId), (entry) => entry.game as LiveGame),
          storedVersion: (gameId) =>
            Effect.map(store.head(Streams.game(gameId)), (head) => head?.version ?? 0),
          onGameStarted: (listener) => {
            started.add(listener)
            return () => {
              started.delete(listener)
            }
          },
          followed: () => {
            const out: LiveGame[] = []
            for (const entry of entries.values()) if (entry.game !== null) out.push(entry.game)
            return out
          },
        }
      }),
    )
  }
}
