import type { GlobalEvent } from "@boroughs/store"
import { Effect, Fiber, Logger, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { batchesOf, type LiveBatch, makeLiveBus } from "./LiveBus.js"

const event = (streamId: string, version: number): GlobalEvent =>
  ({
    streamId,
    version,
    position: { storeEpoch: 1, txId: "1", globalPosition: String(version) },
  }) as GlobalEvent

const label = (batch: LiveBatch) => `${batch[0]?.streamId}:${batch.map((e) => e.version).join(",")}`

describe("LiveBus", () => {
  it("splits a slice of the log into runs of one stream, in log order", () => {
    const batches = batchesOf([event("a", 1), event("a", 2), event("b", 1), event("a", 3)])
    expect(batches.map(label)).toEqual(["a:1,2", "b:1", "a:3"])
    expect(batchesOf([])).toEqual([])
  })

  it("delivers what is published after subscribing, even before the stream runs", async () => {
    const seen = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const bus = yield* makeLiveBus
          bus.publish([event("a", 1)]) // before anyone listens: nobody gets it
          const batches = yield* bus.subscribe
          bus.publish([event("a", 2), event("b", 1), event("a", 3)])
          bus.publish([])
          return yield* batches.pipe(Stream.take(3), Stream.map(label), Stream.runCollect)
        }),
      ),
    )
    expect(seen).toEqual(["a:2", "b:1", "a:3"])
  })

  it("keeps a follower following when it throws, and logs the failure", async () => {
    const logged: string[] = []
    const logger = Logger.make(({ message }) => {
      logged.push(String(Array.isArray(message) ? message[0] : message))
    })
    const got = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const bus = yield* makeLiveBus
          const got: number[] = []
          yield* bus.follow("a test follower", (batch) => {
            if (batch[0]?.version === 1) throw new Error("bad subscriber")
            got.push(...batch.map((e) => e.version))
          })
          bus.publish([event("a", 1)])
          bus.publish([event("b", 2)])
          yield* Effect.yieldNow.pipe(
            Effect.repeat({ until: () => got.length > 0 }),
            Effect.timeout("1 second"),
          )
          return got
        }),
      ).pipe(Effect.provide(Logger.layer([logger]))),
    )
    expect(got).toEqual([2])
    expect(logged).toEqual(["a test follower failed on a live batch"])
  })

  it("ends its subscriptions when its scope closes", async () => {
    const ended = await Effect.runPromise(
      Effect.gen(function* () {
        const bus = yield* Effect.scoped(makeLiveBus)
        const batches = yield* Effect.scoped(bus.subscribe)
        const fiber = yield* Effect.forkChild(Stream.runDrain(batches))
        return yield* Fiber.join(fiber).pipe(Effect.as(true), Effect.timeout("1 second"))
      }),
    )
    expect(ended).toBe(true)
  })
})
