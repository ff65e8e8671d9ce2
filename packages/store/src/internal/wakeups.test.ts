import { assert, describe, it } from "@effect/vitest"
import { type Duration, Effect, Fiber, Stream } from "effect"
import { TestClock } from "effect/testing"
import { Wakeups } from "./wakeups.js"

/** Counts a stream's wake-ups into an array the test reads. */
const collect = (wakeups: Wakeups, tick: Duration.Input) =>
  Effect.gen(function* () {
    const seen: number[] = []
    const fiber = yield* Effect.forkChild(
      Stream.runForEach(wakeups.stream(tick), () => Effect.sync(() => seen.push(1))),
    )
    yield* Effect.yieldNow
    return { seen, fiber }
  })

describe("Wakeups", () => {
  it.effect("the tick wakes readers when nothing is appended", () =>
    Effect.gen(function* () {
      const { seen, fiber } = yield* collect(new Wakeups(), "250 millis")
      yield* TestClock.adjust("1 second")
      yield* Effect.yieldNow
      assert.strictEqual(seen.length, 4)
      yield* Fiber.interrupt(fiber)
    }),
  )

  it.effect("a poke wakes every open stream at once", () =>
    Effect.gen(function* () {
      const wakeups = new Wakeups()
      const a = yield* collect(wakeups, "1 hour")
      const b = yield* collect(wakeups, "1 hour")
      wakeups.poke()
      yield* Effect.yieldNow
      yield* Effect.yieldNow
      assert.strictEqual(a.seen.length, 1)
      assert.strictEqual(b.seen.length, 1)
      yield* Fiber.interrupt(a.fiber)
      yield* Fiber.interrupt(b.fiber)
      wakeups.poke() // no listener left: nothing to do, nothing thrown
    }),
  )

  it.effect("a burst of pokes while the reader is busy costs it one more wake-up", () =>
    Effect.gen(function* () {
      const wakeups = new Wakeups()
      const seen: number[] = []
      const fiber = yield* Effect.forkChild(
        Stream.runForEach(wakeups.stream("1 hour"), () =>
          Effect.andThen(
            Effect.sync(() => seen.push(1)),
            Effect.sleep("1 second"),
          ),
        ),
      )
      yield* Effect.yieldNow
      wakeups.poke()
      yield* Effect.yieldNow
      for (let i = 0; i < 10; i++) wakeups.poke()
      yield* TestClock.adjust("5 seconds")
      yield* Effect.yieldNow
      assert.strictEqual(seen.length, 2)
      yield* Fiber.interrupt(fiber)
    }),
  )
})
