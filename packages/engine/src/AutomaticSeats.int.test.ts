import { TestDatabase, testBackends } from "@boroughs/store/testing"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { retryDelayMs, runAutomaticSeats } from "./AutomaticSeats.js"
import { GameEngine } from "./GameEngine.js"
import { eventually, liveStack } from "./testkit/liveStack.js"

describe("the retry back-off", () => {
  it("doubles from a quarter second and stays at most half a minute", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([500, 1_000, 2_000])
    expect(retryDelayMs(50)).toBe(30_000)
  })
})

for (const backend of testBackends({ pollInterval: "100 millis" })) {
  describe(`automatic seats on ${backend.name}`, () => {
    it("plays a game again after a refused move, with nothing else to wake it (a database restart)", async () => {
      const calls: number[] = []
      await Effect.runPromise(
        Effect.gen(function* () {
          yield* TestDatabase
          const engine = yield* GameEngine
          // Fails twice, as a move refused while the database is away would, then plays.
          const play = (_gameId: string) =>
            Effect.suspend(() => {
              calls.push(Date.now())
              return calls.length <= 2 ? Effect.fail({ message: "database away" }) : Effect.succeed(1)
            })
          yield* Effect.forkScoped(runAutomaticSeats(play))
          yield* engine.create({
            gameId: "retried",
            game: "bluff-dice",
            seats: 2,
            seed: "s",
            time: "2025-01-01T00:00:00.000Z",
            metadata: {
              settings: { players: ["builtin:random", "builtin:random"], spectators: { mode: "live" } },
            },
          })
          yield* Effect.promise(() => eventually(() => calls.length >= 3, 10_000))
          // Played once it succeeded: no further retries.
          yield* Effect.sleep("1500 millis")
          expect(calls.length).toBe(3)
          expect((calls[2] as number) - (calls[1] as number)).toBeGreaterThanOrEqual(retryDelayMs(2) - 50)
        }).pipe(Effect.provide(liveStack(backend.layer)), Effect.scoped),
      )
    }, 30_000)
  })
}
