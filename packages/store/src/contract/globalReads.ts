import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { sql } from "kysely"
import { EventStore } from "../EventStore.js"
import { eventIdFor } from "../eventIds.js"
import { comparePositions } from "../positions.js"
import { appendTo, type ContractIt, event, readToEnd, readUntil, unique } from "./helpers.js"

/** Inserts one event row directly, as an append inside a transaction the caller controls would. */
const insertRawEvent = (streamId: string, commandId: string) =>
  sql`insert into es_events (stream_id, stream_version, event_id, event_type, data, metadata, prev_hash, hash)
      values (${streamId}, 1, ${eventIdFor(commandId, 0)}, 'Raw', '{}', '{}', ${"0".repeat(64)}, ${"f".repeat(64)})`

/** Ordered global reads fenced by the oldest running transaction (ARCHITECTURE.md §4). */
export const globalReadCases = (it: ContractIt, options: { readonly concurrentTransactions: boolean }) => {
  it.effect("the global read returns every event once, in log order, page by page", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const start = (yield* readToEnd(store, null)).position
      const streams = [unique("game"), unique("game"), unique("game")]
      const appended: string[] = []
      for (let round = 0; round < 4; round++)
        for (const stream of streams) {
          const result = yield* appendTo(store, stream, round * 2, [
            event("A", { round }),
            event("B", { round }),
          ])
          appended.push(...result.envelopes.map((e) => e.eventId))
        }
      const ours = new Set(appended)
      const { events } = yield* readUntil(
        store,
        start,
        (read) => read.filter((e) => ours.has(e.eventId)).length >= 24,
      )
      const mine = events.filter((e) => ours.has(e.eventId))
      expect(mine.map((e) => e.eventId)).toEqual(appended)
      for (let i = 1; i < events.length; i++)
        expect(comparePositions(events[i - 1]!.position, events[i]!.position)).toBe(-1)

      // Small pages see the same sequence.
      const paged: string[] = []
      let position = start
      for (
        let page = yield* store.readAll(position, 5);
        page.length > 0;
        page = yield* store.readAll(position, 5)
      ) {
        paged.push(...page.map((e) => e.eventId))
        position = page[page.length - 1]!.position
      }
      expect(paged.filter((id) => ours.has(id))).toEqual(appended)
      expect(mine[0]?.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    }),
  )

  it.effect(
    "orders the log by number, not as text, across a power of ten (…99 → …100)",
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const start = (yield* readToEnd(store, null)).position
        const last = yield* Effect.promise(() =>
          sql<{ last: string | null }>`select pg_sequence_last_value(
            pg_get_serial_sequence('es_events', 'global_position')::regclass)::text as last`.execute(
            store.db,
          ),
        )
        const current = Number(last.rows[0]?.last ?? 0)
        const boundary = 10 ** String(current + 1).length
        // One append whose positions run across the boundary, where "100" < "99" if anything sorted text.
        const count = Math.min(boundary - current + 2, 3000)
        const stream = unique("long")
        const events = Array.from({ length: count }, (_, i) => event("Tick", { i }))
        yield* appendTo(store, stream, 0, events)
        const { events: read } = yield* readUntil(
          store,
          start,
          (all) => all.filter((e) => e.streamId === stream).length === count,
        )
        expect(read.filter((e) => e.streamId === stream).map((e) => e.version)).toEqual(
          events.map((_, i) => i + 1),
        )
        for (let i = 1; i < read.length; i++)
          expect(comparePositions(read[i - 1]!.position, read[i]!.position)).toBe(-1)
      }),
    60_000,
  )

  it.effect.skipIf(!options.concurrentTransactions)(
    "a global reader does not move past a transaction that commits late",
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const db = store.db
        const start = (yield* readToEnd(store, null)).position
        const early = unique("early")
        const late = unique("late")

        // Transaction 1 inserts first (so it has the smaller transaction id) and holds its commit.
        let started!: () => void
        let release!: () => void
        const insertedP = new Promise<void>((resolve) => {
          started = resolve
        })
        const releaseP = new Promise<void>((resolve) => {
          release = resolve
        })
        const held = db.transaction().execute(async (trx) => {
          await insertRawEvent(early, unique("cmd")).execute(trx)
          started()
          await releaseP
        })
        // Whatever happens below, let transaction 1 finish, or its connection would keep the pool from closing.
        yield* Effect.addFinalizer(() =>
          Effect.promise(() => {
            release()
            return held.catch(() => undefined)
          }),
        )
        yield* Effect.promise(() => Promise.race([insertedP, held]))

        // Transaction 2 appends and commits while 1 is still open.
        yield* appendTo(store, late, 0, [event("Appended")])
        const before = yield* readToEnd(store, start)
        expect(before.events.some((e) => e.streamId === late || e.streamId === early)).toBe(false)

        release()
        yield* Effect.promise(() => held)
        const after = yield* readUntil(
          store,
          before.position,
          (read) => read.some((e) => e.streamId === early) && read.some((e) => e.streamId === late),
        )
        const order = after.events
          .filter((e) => e.streamId === early || e.streamId === late)
          .map((e) => e.streamId)
        expect(order).toEqual([early, late])
      }),
  )

  it.effect("a new store epoch sorts after restored events whose transaction ids ran higher", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const start = (yield* readToEnd(store, null)).position
      const restored = unique("restored")
      // A row from an older cluster, whose transaction counter had run far ahead of this one's.
      yield* Effect.promise(() =>
        sql`insert into es_events (tx_id, stream_id, stream_version, event_id, event_type, data, metadata, prev_hash, hash)
            values ('4000000000', ${restored}, 1, ${eventIdFor(restored, 0)}, 'Restored', '{}', '{}',
              ${"0".repeat(64)}, ${"e".repeat(64)})`.execute(store.db),
      )
      // Within the epoch it belongs to, it stays behind the fence: it looks like a transaction still running.
      expect((yield* readToEnd(store, start)).events.some((e) => e.streamId === restored)).toBe(false)

      const epoch = yield* Effect.promise(() =>
        sql<{ epoch: number }>`select es_next_epoch() as epoch`.execute(store.db),
      )
      const fresh = unique("fresh")
      yield* appendTo(store, fresh, 0, [event("AfterRestore")])
      const { events } = yield* readUntil(store, start, (read) => read.some((e) => e.streamId === fresh))
      const ours = events.filter((e) => e.streamId === restored || e.streamId === fresh)
      expect(ours.map((e) => e.streamId)).toEqual([restored, fresh])
      expect(ours[1]?.position.storeEpoch).toBe(epoch.rows[0]?.epoch)
      expect(ours[0]!.position.storeEpoch).toBeLessThan(ours[1]!.position.storeEpoch)
    }),
  )
}
