import { verifyChain } from "@boroughs/core/kernel"
import { assert, expect } from "@effect/vitest"
import { Effect } from "effect"
import { EventStore } from "../EventStore.js"
import { TestDatabase } from "../testing/index.js"
import { appendTo, type ContractIt, event, unique } from "./helpers.js"

/** Appending with an expected version, reading back, and the hash chain. */
export const appendCases = (it: ContractIt) => {
  it.effect("appends and reads back a stream whose hash chain verifies", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = unique("game")
      const first = yield* appendTo(store, stream, 0, [
        event("GameStarted", { seats: 3 }),
        event("TileDrawn"),
      ])
      const second = yield* appendTo(store, stream, 2, [event("TileBought", { tile: "A1", price: 4 })])
      expect(first.duplicate).toBe(false)
      expect(first.envelopes.map((e) => e.version)).toEqual([1, 2])
      expect(second.envelopes.map((e) => e.version)).toEqual([3])

      const read = yield* store.readStream(stream)
      expect(read).toEqual([...first.envelopes, ...second.envelopes])
      expect(verifyChain(read)).toBeNull()
    }),
  )

  it.effect("hashes what jsonb stores: key order, nesting, unicode and undefined fields keep the chain", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = unique("game")
      const data = {
        zeta: 1,
        alpha: { b: [3, 2, 1], a: "é ✓ \u2028" },
        gone: undefined,
        n: 1.5e-7,
        big: 1e21,
      }
      yield* appendTo(store, stream, 0, [event("Shuffled", data, { commandId: "c", actor: "seat:0" })])
      const read = yield* store.readStream(stream)
      expect(verifyChain(read)).toBeNull()
      expect(read[0]?.data).toEqual({
        zeta: 1,
        alpha: { b: [3, 2, 1], a: "é ✓ \u2028" },
        n: 1.5e-7,
        big: 1e21,
      })
      expect(read[0]?.metadata).toEqual({ commandId: "c", actor: "seat:0" })
    }),
  )

  it.effect(
    "an append returns the envelopes a read gives back, whether JSON carries its data exactly or not",
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const stream = unique("game")
        const exact = event("Bought", { seat: 2, tile: "C7", price: 6, cash: [40, 34] }, { commandId: "c" })
        // What a JSON round trip changes: the row holds 0 for −0, a string for a Date, no undefined member.
        const changed = event("Odd", { zero: -0, at: new Date(0), gone: undefined, list: [1, undefined] })
        const appended = yield* appendTo(store, stream, 0, [exact, changed])
        const read = yield* store.readStream(stream)
        expect(verifyChain(read)).toBeNull()
        expect(appended.envelopes).toEqual(read)
        expect(read[1]?.data).toStrictEqual({ zero: 0, at: "1970-01-01T00:00:00.000Z", list: [1, null] })
      }),
  )

  it.effect("reads a version range, the head, and the streams of a type", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const streamType = unique("type")
      const streams = [unique("s"), unique("s"), unique("s")].sort()
      for (const stream of streams)
        yield* store.append({
          streamId: stream,
          streamType,
          expectedVersion: 0,
          commandId: unique("cmd"),
          events: [event("A"), event("B"), event("C"), event("D")],
        })
      const [s1, s2, s3] = streams as [string, string, string]
      const middle = yield* store.readStream(s1, { from: 2, to: 3 })
      expect(middle.map((e) => e.version)).toEqual([2, 3])
      expect((yield* store.readStream(s1, { from: 4 })).map((e) => e.type)).toEqual(["D"])
      expect(yield* store.readStream(unique("missing"))).toEqual([])

      const head = yield* store.head(s1)
      const all = yield* store.readStream(s1)
      expect(head).toEqual({ streamId: s1, streamType, version: 4, headHash: all[3]?.hash })
      expect(yield* store.head(unique("missing"))).toBeNull()

      expect((yield* store.listStreams(streamType)).map((s) => s.streamId)).toEqual(streams)
      const page = yield* store.listStreams(streamType, { afterStreamId: s1, limit: 1 })
      expect(page.map((s) => s.streamId)).toEqual([s2])
      expect((yield* store.listStreams(streamType, { afterStreamId: s3 })).length).toBe(0)
    }),
  )

  it.effect("refuses a stale or future expected version, naming the actual version", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = unique("game")
      yield* appendTo(store, stream, 0, [event("A"), event("B")])
      for (const expectedVersion of [0, 1, 3, 7]) {
        const error = yield* Effect.flip(appendTo(store, stream, expectedVersion, [event("C")]))
        assert(error._tag === "WrongExpectedVersion", `expected WrongExpectedVersion, got ${error._tag}`)
        expect(error).toMatchObject({ streamId: stream, expectedVersion, actualVersion: 2 })
      }
      const missing = yield* Effect.flip(appendTo(store, unique("game"), 3, [event("A")]))
      expect(missing).toMatchObject({ _tag: "WrongExpectedVersion", expectedVersion: 3, actualVersion: 0 })
      expect((yield* store.readStream(stream)).length).toBe(2)
    }),
  )

  it.effect("a second node chains onto streams the first wrote, and the first sees its writes", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const other = yield* (yield* TestDatabase).secondNode
      const stream = unique("game")
      yield* appendTo(store, stream, 0, [event("A")])
      yield* appendTo(other, stream, 1, [event("B")]) // cold head cache: reads the head, then appends
      const stale = yield* Effect.flip(appendTo(store, stream, 1, [event("C")])) // the first node's link is behind
      expect(stale).toMatchObject({ _tag: "WrongExpectedVersion", expectedVersion: 1, actualVersion: 2 })
      yield* appendTo(store, stream, 2, [event("C")])
      const read = yield* other.readStream(stream)
      expect(read.map((e) => e.type)).toEqual(["A", "B", "C"])
      expect(verifyChain(read)).toBeNull()
    }),
  )
}
