import { verifyChain } from "@boroughs/core/kernel"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { type RawBuilder, sql } from "kysely"
import { EventStore } from "../EventStore.js"
import { eventIdFor } from "../eventIds.js"
import { appendTo, type ContractIt, event, type Store, unique } from "./helpers.js"

/** Runs a statement and returns the database's refusal, or "accepted". */
const refusalOf = (store: Store, statement: RawBuilder<unknown>) =>
  Effect.promise(() =>
    statement.execute(store.db).then(
      () => "accepted",
      (error: Error) => error.message,
    ),
  )

/** The log is append-only and tamper-evident. */
export const integrityCases = (it: ContractIt) => {
  it.effect("UPDATE, DELETE and TRUNCATE on es_events are refused", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = unique("game")
      yield* appendTo(store, stream, 0, [event("A"), event("B")])
      const attempts = [
        sql`update es_events set data = '{"cash": 1000}' where stream_id = ${stream}`,
        sql`delete from es_events where stream_id = ${stream}`,
        sql`truncate es_events`,
      ]
      for (const attempt of attempts)
        expect(yield* refusalOf(store, attempt)).toMatch(/es_events is append-only/)
      expect((yield* store.readStream(stream)).length).toBe(2)
    }),
  )

  it.effect("an event changed behind the store's back fails chain verification", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = unique("game")
      yield* appendTo(store, stream, 0, [event("A", { cash: 5 }), event("B", { cash: 7 }), event("C")])
      // Only the table owner can do this, and only by switching the guard off.
      yield* Effect.promise(() =>
        store.db.transaction().execute(async (trx) => {
          await sql`alter table es_events disable trigger es_events_no_update_or_delete`.execute(trx)
          await sql`update es_events set data = '{"cash": 700}'
                    where stream_id = ${stream} and stream_version = 2`.execute(trx)
          await sql`alter table es_events enable trigger es_events_no_update_or_delete`.execute(trx)
        }),
      )
      const broken = verifyChain(yield* store.readStream(stream))
      expect(broken).toMatchObject({ version: 2, problem: "hash" })
    }),
  )

  it.effect("a forged row fails chain verification, and an append written before it is refused", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = unique("game")
      const appended = yield* appendTo(store, stream, 0, [event("A"), event("B")])
      // An INSERT needs no trigger switched off: a forger with insert rights appends a row of its own making.
      yield* Effect.promise(() =>
        sql`insert into es_events (stream_id, stream_version, event_id, event_type, data, metadata, prev_hash, hash)
            values (${stream}, 3, ${eventIdFor(unique("forged"), 0)}, 'CashFound', '{"cash": 1000}', '{}',
              ${appended.envelopes[1]!.hash}, ${"0".repeat(64)})`.execute(store.db),
      )
      expect(verifyChain(yield* store.readStream(stream))).toMatchObject({ version: 3, problem: "hash" })
      // The forged row holds version 3, so the append meant to be version 3 cannot slip in under it.
      const error = yield* Effect.flip(appendTo(store, stream, 2, [event("C")]))
      expect(error).toMatchObject({ _tag: "WrongExpectedVersion", expectedVersion: 2, actualVersion: 3 })
    }),
  )
}
