import { EventStore } from "@boroughs/store"
import { Effect, FiberSet, type Scope } from "effect"
import { deadlineOf } from "./decisionClock.js"
import { GameEngine } from "./GameEngine.js"
import { type LiveGame, LiveGames } from "./LiveGames.js"
import { LiveTail } from "./LiveTail.js"
import { listGames } from "./Lobby.js"

/** How often the clocks look for a decision past its deadline. */
const TICK_MS = 50
/** How often the clocks look in the lobby for live games they do not follow yet (after a restart). */
const RESCAN_MS = 5_000

/** The command id of a clock's move: one per game, position and seat, so no replica plays it twice. */
export const clockCommandId = (gameId: string, version: number, seat: number): string =>
  `clock:${gameId}:${version}:${seat}`

/**
 * Turn clocks (issue 10): every decision of a game with a clock has a deadline; when it passes, the game's
 * `defaultCommand` is played for the seat, recorded with actor `clock` and the deadline it enforced. The
 * command only applies at the version the deadline was computed for, so a move that arrives just in time
 * wins and the clock's is dropped. Runs on one process (under the background lock); never returns.
 */
export const runClocks = (options: { readonly now?: () => number; readonly tickMs?: number } = {}) =>
  Effect.gen(function* () {
    const now = options.now ?? Date.now
    const engine = yield* GameEngine
    const live = yield* LiveGames
    const store = yield* EventStore
    const tail = yield* LiveTail
    const followed = new Map<string, { game: LiveGame; stop: () => void }>()
    const firing = new Set<string>()

    const follow = (gameId: string) =>
      live
        .watch(gameId, (game) => {
          const f = followed.get(gameId)
          if (f !== undefined) f.game = game
        })
        .pipe(
          Effect.map((w) => {
            const wanted = !followed.has(gameId) && !w.game.match.ended && w.game.settings.decisionMs !== null
            if (wanted) followed.set(gameId, { game: w.game, stop: w.stop })
            else w.stop()
            return wanted
          }),
          Effect.catch((error) => Effect.logWarning(`clocks cannot follow ${gameId}: ${error.message}`)),
        )

    // Games that start while the clocks run: followed in fibers of the clocks' scope, with their services.
    const fork = yield* FiberSet.makeRuntime()
    const stopStarted = live.onGameStarted((game) => {
      if (game.settings.decisionMs !== null && !followed.has(game.gameId)) fork(follow(game.gameId))
    })
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        stopStarted()
        for (const f of followed.values()) f.stop()
        followed.clear()
      }),
    )

    const rescan = Effect.gen(function* () {
      let before: string | undefined
      for (;;) {
        const page = yield* listGames(store.db, { status: "live", includePrivate: true, limit: 500, before })
        for (const g of page) if (g.decisionMs !== null && !followed.has(g.gameId)) yield* follow(g.gameId)
        const last = page[page.length - 1]
        if (page.length < 500 || last === undefined) return
        before = `${last.createdAt}|${last.gameId}`
      }
    }).pipe(Effect.catch((error) => Effect.logError(`clocks: ${error.message}`)))

    const fire = (game: LiveGame, seat: number, deadline: number, since: string) => {
      const version = game.match.events
      const commandId = clockCommandId(game.gameId, version, seat)
      if (firing.has(commandId)) return Effect.void
      firing.add(commandId)
      const command = game.game.defaultCommand(game.match.state, seat)
      // Forked in the runner's scope: stopping the clocks stops their moves in flight.
      return Effect.forkScoped(
        engine
          .handle({
            gameId: game.gameId,
            seat,
            command,
            commandId,
            actor: "clock",
            time: new Date(now()).toISOString(),
            expectedVersion: version,
            metadata: { timeout: { seat, since, deadline: new Date(deadline).toISOString() } },
          })
          .pipe(
            Effect.tap((handled) => Effect.sync(() => tail.publishAppended(handled.appended))),
            Effect.catchTag("StaleVersion", () => Effect.void),
            Effect.catch((error) =>
              Effect.logWarning(
                `clock move for ${game.gameId} seat ${seat} failed: ${error._tag}: ${error.message}`,
              ),
            ),
            Effect.ensuring(Effect.sync(() => firing.delete(commandId))),
          ),
      )
    }

    const tick = Effect.suspend(() => {
      const t = now()
      const moves: Array<Effect.Effect<unknown, never, Scope.Scope>> = []
      for (const [gameId, f] of followed) {
        const { game } = f
        const ms = game.settings.decisionMs
        if (game.match.ended || ms === null) {
          f.stop()
          followed.delete(gameId)
          continue
        }
        for (const d of game.decisions) {
          const deadline = deadlineOf(d, ms)
          if (t >= deadline) moves.push(fire(game, d.seat, deadline, d.since))
        }
      }
      return Effect.all(moves, { discard: true })
    })

    yield* rescan
    let lastScan = now()
    for (;;) {
      yield* tick
      if (now() - lastScan >= RESCAN_MS) {
        lastScan = now()
        yield* rescan
      }
      yield* Effect.sleep(options.tickMs ?? TICK_MS)
    }
  })
