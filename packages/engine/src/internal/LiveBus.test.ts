import type { GlobalEvent } from "@boroughs/store"
import { describe, expect, it } from "vitest"
import { LiveBus } from "./LiveBus.js"

const event = (streamId: string, version: number): GlobalEvent =>
  ({
    streamId,
    version,
    position: { storeEpoch: 1, txId: "1", globalPosition: String(version) },
  }) as GlobalEvent

describe("LiveBus", () => {
  it("delivers consecutive events of a stream as one batch, in log order", () => {
    const bus = new LiveBus()
    const seen: string[] = []
    bus.subscribe("a", (batch) => seen.push(`a:${batch.map((e) => e.version).join(",")}`))
    bus.subscribeAll((batch) => seen.push(`*${batch[0]?.streamId}:${batch.length}`))
    bus.publish([event("a", 1), event("a", 2), event("b", 1), event("a", 3)])
    expect(seen).toEqual(["*a:2", "a:1,2", "*b:1", "*a:1", "a:3"])
  })

  it("keeps delivering when a listener throws, and stops after unsubscribe", () => {
    const errors: unknown[] = []
    const bus = new LiveBus((e) => errors.push(e))
    const got: number[] = []
    bus.subscribe("a", () => {
      throw new Error("bad subscriber")
    })
    const stop = bus.subscribe("a", (batch) => got.push(...batch.map((e) => e.version)))
    bus.publish([event("a", 1)])
    stop()
    bus.publish([event("a", 2)])
    bus.publish([])
    expect(got).toEqual([1])
    expect(errors).toHaveLength(2) // the bad subscriber stays, and fails on both batches
    expect(bus.listeners).toBe(1)
  })
})
