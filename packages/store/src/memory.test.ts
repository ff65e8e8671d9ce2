import { verifyChain } from "@boroughs/core/kernel"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { EventStore } from "./EventStore.js"
import { memoryStoreLayer } from "./memory.js"

const run = <A, E>(program: Effect.Effect<A, E, EventStore>) =>
  Effect.runPromise(program.pipe(Effect.provide(memoryStoreLayer())))

const event = (n: number) => ({ type: "Counted", data: { n } })

describe("the in-memory event store", () => {
  it("chains appends as the database stores do, and knows a retried command", async () => {
    const result = await run(
      Effect.gen(function* () {
        const store = yield* EventStore
        const base = { streamId: "game-a", streamType: "game" }
        yield* store.append({ ...base, expectedVersion: 0, commandId: "c1", events: [event(1), event(2)] })
        yield* store.append({ ...base, expectedVersion: 2, commandId: "c2", events: [event(3)] })
        const retry = yield* store.append({
          ...base,
          expectedVersion: 0,
          commandId: "c2",
          events: [event(3)],
        })
        const stale = yield* Effect.flip(
          store.append({ ...base, expectedVersion: 1, commandId: "c3", events: [event(4)] }),
        )
        return {
          stream: yield* store.readStream("game-a"),
          middle: yield* store.readStream("game-a", { from: 2, to: 2 }),
          retry,
          stale,
          head: yield* store.head("game-a"),
          listed: yield* store.listStreams("game"),
          missing: yield* store.head("game-b"),
        }
      }),
    )
    expect(result.stream.map((e) => e.version)).toEqual([1, 2, 3])
    expect(verifyChain(result.stream)).toBeNull()
    expect(result.middle.map((e) => e.data)).toEqual([{ n: 2 }])
    expect(result.retry).toMatchObject({ duplicate: true, envelopes: [{ version: 3 }] })
    expect(result.stale._tag).toBe("WrongExpectedVersion")
    expect(result.head).toMatchObject({ version: 3, headHash: result.stream[2]?.hash, streamType: "game" })
    expect(result.listed.map((h) => h.streamId)).toEqual(["game-a"])
    expect(result.missing).toBeNull()
  })
})
