import { Duration, Effect, Fiber, Logger } from "effect"
import { RateLimiter } from "effect/persistence"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { makeMemoryStore, redactUrl, withFallback } from "./rateLimitStore.js"

type Store = RateLimiter.RateLimiterStore["Service"]

const bucket = (key: string, tokens = 1) => ({
  key,
  tokens,
  limit: 2,
  refillRate: Duration.seconds(1),
  allowOverflow: false,
})

const onTestClock = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.runPromise(Effect.provide(effect, TestClock.layer()))

describe("the memory store", () => {
  it("forgets a bucket once it has refilled, and holds none for a peek", () =>
    onTestClock(
      Effect.gen(function* () {
        const { store, buckets } = yield* makeMemoryStore
        expect(yield* store.tokenBucket(bucket("peeked", 0))).toEqual([2, 0])
        expect(buckets()).toBe(0)
        expect(yield* store.tokenBucket(bucket("a"))).toEqual([1, 0])
        expect(yield* store.tokenBucket(bucket("a"))).toEqual([0, 0])
        expect(yield* store.tokenBucket(bucket("a"))).toEqual([-1, 0])
        expect(buckets()).toBe(1)
        yield* TestClock.adjust(1_500)
        // Half a second into the next token: refilled by one.
        expect(yield* store.tokenBucket(bucket("a"))).toEqual([0, 500])
        yield* TestClock.adjust(2_500)
        // Full again: forgotten on its next call, and answered as a new bucket.
        expect(yield* store.tokenBucket(bucket("a", 0))).toEqual([2, 0])
        expect(buckets()).toBe(0)
      }),
    ))

  it("sweeps the buckets no one calls again once they have refilled", () =>
    onTestClock(
      Effect.gen(function* () {
        const { store, buckets } = yield* makeMemoryStore
        for (let i = 0; i < 100; i++) yield* store.tokenBucket(bucket(`caller-${i}`))
        expect(buckets()).toBe(100)
        yield* TestClock.adjust(61_000)
        yield* store.tokenBucket(bucket("another"))
        expect(buckets()).toBe(1)
      }),
    ))
})

describe("a shared store with a local fallback", () => {
  const failing = (calls: { n: number }): Store => ({
    fixedWindow: () => Effect.die("unused"),
    adaptiveConsume: () => Effect.die("unused"),
    adaptiveFeedback: () => Effect.die("unused"),
    tokenBucket: () =>
      Effect.suspend(() => {
        calls.n++
        return Effect.fail(
          new RateLimiter.RateLimiterError({
            reason: new RateLimiter.RateLimitStoreError({ message: "connection refused" }),
          }),
        )
      }),
  })

  it("counts locally while the shared store fails, says so once, and asks it again after a while", async () => {
    const logged: unknown[] = []
    const logger = Logger.make(({ message }) => logged.push(message))
    await onTestClock(
      Effect.gen(function* () {
        const calls = { n: 0 }
        const { store: local } = yield* makeMemoryStore
        const store = withFallback(failing(calls), local)
        expect(yield* store.tokenBucket(bucket("a"))).toEqual([1, 0])
        expect(yield* store.tokenBucket(bucket("a"))).toEqual([0, 0])
        expect(yield* store.tokenBucket(bucket("a"))).toEqual([-1, 0])
        expect(calls.n).toBe(1)
        yield* TestClock.adjust(5_000)
        yield* store.tokenBucket(bucket("a"))
        expect(calls.n).toBe(2)
      }).pipe(Effect.provide(Logger.layer([logger]))),
    )
    expect(logged).toHaveLength(1)
    expect(String(logged[0])).toContain("Redis did not answer")
  })

  it("counts locally when the shared store does not answer in time", () =>
    onTestClock(
      Effect.gen(function* () {
        const { store: local } = yield* makeMemoryStore
        const hung: Store = { ...local, tokenBucket: () => Effect.never }
        const store = withFallback(hung, local)
        const answer = yield* Effect.forkChild(store.tokenBucket(bucket("a")))
        yield* TestClock.adjust(500)
        expect(yield* Fiber.await(answer)).toMatchObject({ _tag: "Success", value: [1, 0] })
      }).pipe(Effect.provide(Logger.layer([]))),
    ))
})

describe("redactUrl", () => {
  it("hides a password", () => {
    expect(redactUrl("redis://user:secret@cache:6379/0")).toBe("redis://user:***@cache:6379/0")
    expect(redactUrl("redis://127.0.0.1:6379")).toBe("redis://127.0.0.1:6379")
  })
})
