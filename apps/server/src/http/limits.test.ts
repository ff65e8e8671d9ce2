import { Effect } from "effect"
import { RateLimiter } from "effect/persistence"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import type { RateLimit } from "../config.js"
import { type Budget, budget } from "./limits.js"
import { makeMemoryStore } from "./rateLimitStore.js"

/** Runs `f` with a budget in this process's memory, on a test clock that starts at 0. */
const withBudget = <A>(limit: RateLimit, f: (b: Budget) => Effect.Effect<A>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const { store } = yield* makeMemoryStore
      const limiter = yield* Effect.provideService(RateLimiter.make, RateLimiter.RateLimiterStore, store)
      return yield* f(budget(limiter, "test", limit))
    }).pipe(Effect.provide(TestClock.layer())),
  )

describe("budget", () => {
  it("allows a burst, then the sustained rate, and says how long to wait", () =>
    withBudget({ perSecond: 2, burst: 3 }, (b) =>
      Effect.gen(function* () {
        expect(yield* Effect.all([b.take("a"), b.take("a"), b.take("a")])).toEqual([0, 0, 0])
        expect(yield* b.take("a")).toBe(500)
        expect(yield* b.take("b")).toBe(0) // another caller has its own bucket
        yield* TestClock.adjust(500)
        expect(yield* b.take("a")).toBe(0)
        expect(yield* b.take("a")).toBe(500)
        // The wait counts from the last refill, as a bucket refilling continuously would.
        yield* TestClock.adjust(200)
        expect(yield* b.take("a")).toBe(300)
      }),
    ))

  it("rounds a wait up to whole milliseconds", () =>
    withBudget({ perSecond: 3, burst: 1 }, (b) =>
      Effect.gen(function* () {
        expect(yield* b.take("a")).toBe(0)
        expect(yield* b.take("a")).toBe(334)
      }),
    ))

  it("peeks whether a call could proceed without spending from the bucket", () =>
    withBudget({ perSecond: 1, burst: 2 }, (b) =>
      Effect.gen(function* () {
        expect(yield* b.peek("a")).toBe(0)
        expect([yield* b.take("a"), yield* b.take("a")]).toEqual([0, 0])
        expect(yield* b.peek("a")).toBe(1000)
        expect(yield* b.peek("a")).toBe(1000)
        yield* TestClock.adjust(400)
        expect(yield* b.peek("a")).toBe(600)
        yield* TestClock.adjust(600)
        expect(yield* b.peek("a")).toBe(0)
        expect(yield* b.take("a")).toBe(0)
        expect(yield* b.take("a")).toBe(1000)
      }),
    ))
})
