import { canonicalJson } from "@boroughs/core"
import { bluffDice } from "@boroughs/core/fixture"
import { EventStore } from "@boroughs/store"
import { TestDatabase, testBackends } from "@boroughs/store/testing"
import { Effect, Layer, type Scope } from "effect"
import { describe, expect, it } from "vitest"
import { GameEngine } from "./GameEngine.js"
import { type LiveGame, LiveGames } from "./LiveGames.js"
import type { LiveTail } from "./LiveTail.js"
import { eventually, findTestGame, knownTestGames, liveStack } from "./testkit/liveStack.js"

const settings = { players: ["bot:a", "bot:b", null], spectators: { mode: "live" }, decisionMs: 1000 }

/** Plays the first pending seat's first legal command. */
const playOne = (gameId: string, n: number) =>
  Effect.gen(function* () {
    const engine = yield* GameEngine
    const { match } = yield* engine.load(gameId)
    const seat = bluffDice.pending(match.state as never)[0]!.seat
    const command = bluffDice.legalCommands(match.state as never, seat)[0]
    return yield* engine.handle({
      gameId,
      seat,
      command,
      commandId: `${gameId}/${n}`,
      time: new Date().toISOString(),
    })
  })

for (const backend of testBackends({ pollInterval: "100 millis" })) {
  describe(`live games on ${backend.name}`, () => {
    const run = <A, E>(
      program: Effect.Effect<
        A,
        E,
        GameEngine | LiveGames | LiveTail | EventStore | TestDatabase | Scope.Scope
      >,
    ) => Effect.runPromise(program.pipe(Effect.provide(liveStack(backend.layer)), Effect.scoped))

    it("follows a game: the watcher hears every append, folded, with settings and owed decisions", async () => {
      await run(
        Effect.gen(function* () {
          const engine = yield* GameEngine
          const live = yield* LiveGames
          yield* engine.create({
            gameId: "w1",
            game: "bluff-dice",
            seats: 3,
            seed: "s",
            time: "2025-01-01T00:00:00.000Z",
            metadata: { settings },
          })
          const seen: LiveGame[] = []
          const { game, stop } = yield* live.watch("w1", (g) => seen.push(g))
          expect(game.settings.players).toEqual(["bot:a", "bot:b", null])
          expect(game.settings.decisionMs).toBe(1000)
          expect(game.decisions.map((d) => d.since)).toEqual(
            game.decisions.map(() => "2025-01-01T00:00:00.000Z"),
          )
          const handled = yield* playOne("w1", 1)
          yield* Effect.promise(() =>
            eventually(() => seen.at(-1)?.match.events === handled.game.match.events),
          )
          const last = seen.at(-1) as LiveGame
          expect(last.envelopes.slice(0, last.match.events).map((e) => e.hash)).toEqual(
            handled.game.envelopes.map((e) => e.hash),
          )
          expect(canonicalJson(last.match.state)).toBe(canonicalJson(handled.game.match.state))
          stop()
        }),
      )
    })

    it("hears of games started after it, and of events appended by another node", async () => {
      await run(
        Effect.gen(function* () {
          const live = yield* LiveGames
          const started: string[] = []
          live.onGameStarted((g) => started.push(g.gameId))
          // A second node on the same database, with its own store, engine and tailer.
          const second = yield* (yield* TestDatabase).secondNode
          const otherEngine = yield* Effect.provide(
            Effect.gen(function* () {
              return yield* GameEngine
            }),
            GameEngine.layer(findTestGame, knownTestGames).pipe(
              Layer.provide(Layer.succeed(EventStore, second)),
            ),
          )
          yield* otherEngine.create({ gameId: "w2", game: "bluff-dice", seats: 2, seed: "s2" })
          yield* Effect.promise(() => eventually(() => started.includes("w2")))
          const seen: number[] = []
          const { game } = yield* live.watch("w2", (g) => seen.push(g.match.events))
          // Followed from the bus alone: every envelope from GameStarted on, in order.
          expect(game.envelopes.map((e) => e.version)).toEqual(
            Array.from({ length: game.match.events }, (_, i) => i + 1),
          )
          const { match } = yield* otherEngine.load("w2")
          const seat = bluffDice.pending(match.state as never)[0]!.seat
          const command = bluffDice.legalCommands(match.state as never, seat)[0]
          const handled = yield* otherEngine.handle({ gameId: "w2", seat, command, commandId: "w2/1" })
          yield* Effect.promise(() => eventually(() => seen.includes(handled.game.match.events)))
        }),
      )
    })
  })
}
