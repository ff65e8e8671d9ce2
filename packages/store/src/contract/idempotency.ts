import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { EventStore } from "../EventStore.js"
import { appendTo, type ContractIt, event, unique } from "./helpers.js"

/** Event ids are UUIDv5(commandId, index): a retry is a no-op, a reuse is a conflict. */
export const idempotencyCases = (it: ContractIt) => {
  it.effect("a retried command appends nothing and returns the stored envelopes", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = unique("game")
      const command = unique("cmd")
      const events = [
        event("TileBought", { tile: "B2" }, { commandId: command, time: "t1" }),
        event("CashPaid"),
      ]
      const stored = yield* appendTo(store, stream, 0, events, command)

      // Retried as sent, retried after the stream moved on, and retried at the current version.
      const again = yield* appendTo(store, stream, 0, events, command)
      yield* appendTo(store, stream, 2, [event("TurnPassed")])
      const later = yield* appendTo(store, stream, 0, events, command)
      const atHead = yield* appendTo(store, stream, 3, events, command)
      // A retry stamped with a new time is still the same command.
      const retimed = [
        event("TileBought", { tile: "B2" }, { commandId: command, time: "t2" }),
        event("CashPaid"),
      ]
      const restamped = yield* appendTo(store, stream, 0, retimed, command)

      for (const retry of [again, later, atHead, restamped]) {
        expect(retry.duplicate).toBe(true)
        expect(retry.envelopes).toEqual(stored.envelopes)
      }
      expect((yield* store.head(stream))?.version).toBe(3)
    }),
  )

  it.effect("a command id reused on another stream or with other events is an IdempotencyConflict", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = unique("game")
      const command = unique("cmd")
      yield* appendTo(store, stream, 0, [event("A", { n: 1 }), event("B")], command)

      const cases = [
        appendTo(store, unique("game"), 0, [event("A", { n: 1 }), event("B")], command), // another stream
        appendTo(store, stream, 2, [event("A", { n: 2 }), event("B")], command), // other data
        appendTo(store, stream, 0, [event("A", { n: 1 }), event("C")], command), // other type
        appendTo(store, stream, 0, [event("A", { n: 1 })], command), // fewer events
        appendTo(store, stream, 2, [event("A", { n: 1 }), event("B"), event("C")], command), // more events
      ]
      for (const attempt of cases) {
        const error = yield* Effect.flip(attempt)
        expect(error._tag).toBe("IdempotencyConflict")
        expect(error).toMatchObject({ commandId: command })
      }
      expect((yield* store.head(stream))?.version).toBe(2)
    }),
  )
}
