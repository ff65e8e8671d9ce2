import { expect } from "@effect/vitest"
import { Effect, Fiber, Layer, Stream } from "effect"
import { type Kysely, sql } from "kysely"
import { EventStore, type StoreError } from "../EventStore.js"
import { migrate } from "../internal/migrate.js"
import { migrations } from "../migrations/index.js"
import { TestDatabase } from "../testing/index.js"
import { appendTo, type ContractIt, event, readToEnd, type Store, unique } from "./helpers.js"

/** Keeps appending until `woken` completes: robust to the subscriber registering a little late. */
const appendUntil = <A, E>(store: Store, woken: Effect.Effect<A, E>) => {
  const stream = unique("poke")
  let version = 0
  const appendOne = Effect.gen(function* () {
    const result = yield* appendTo(store, stream, version, [event("Poked")])
    version = result.envelopes[0]!.version
  })
  const keepAppending = Effect.forever(Effect.andThen(appendOne, Effect.sleep("100 millis")))
  return Effect.raceFirst(woken, keepAppending).pipe(Effect.timeout("10 seconds"))
}

export interface UnreachableCase {
  /** A store layer whose database cannot be reached. */
  readonly layer: Layer.Layer<EventStore, StoreError>
  /** What the message must name (the URL without password, or the folder). */
  readonly names: string
  /** What the message must not contain. */
  readonly secret?: string
}

/** This store and a second node on its database; null on PGlite (one process: other nodes hear by the tick). */
const postgresNodes = Effect.gen(function* () {
  const database = yield* TestDatabase
  if (database.backend !== "postgres") return null
  return { store: yield* EventStore, other: yield* database.secondNode }
})

/** Checkpoints, wake-ups, migrations and start-up failures. */
export const operationCases = (it: ContractIt, options: { readonly unreachable: UnreachableCase }) => {
  it.effect("checkpoints round-trip, and save atomically inside a projection's transaction", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const subscription = unique("projection")
      expect(yield* store.checkpoint(subscription)).toBeNull()
      yield* appendTo(store, unique("game"), 0, [event("A"), event("B")])
      const { events } = yield* readToEnd(store, null)
      const first = events[0]!.position
      const last = events[events.length - 1]!.position
      yield* store.saveCheckpoint(subscription, first)
      expect(yield* store.checkpoint(subscription)).toEqual(first)

      const inTransaction = (position: typeof last, commit: boolean) =>
        Effect.promise(() =>
          store.db
            .transaction()
            .execute(async (trx) => {
              await Effect.runPromise(store.saveCheckpoint(subscription, position, trx))
              if (!commit) throw new Error("projection failed")
            })
            .catch(() => undefined),
        )
      yield* inTransaction(last, false)
      expect(yield* store.checkpoint(subscription)).toEqual(first)
      yield* inTransaction(last, true)
      expect(yield* store.checkpoint(subscription)).toEqual(last)
    }),
  )

  it.effect("an append wakes the store's readers", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const woken = yield* appendUntil(store, Stream.runHead(store.wakeups))
      expect(woken).toMatchObject({ _tag: "Some" })
    }),
  )

  it.effect("another node's append wakes this store's readers", () =>
    Effect.gen(function* () {
      const nodes = yield* postgresNodes
      if (nodes === null) return
      const { store, other } = nodes
      const woken = yield* appendUntil(other, Stream.runHead(store.wakeups))
      expect(woken).toMatchObject({ _tag: "Some" })
    }),
  )

  it.effect(
    "after a burst of another node's appends, this store is woken once the last one is readable",
    () =>
      Effect.gen(function* () {
        const nodes = yield* postgresNodes
        if (nodes === null) return
        const { store, other } = nodes
        const stream = unique("burst")
        const BURST = 40
        // Wake-ups are coalesced during a burst: the one after the window must still come (the tick is 1 hour).
        const heard = yield* Effect.forkChild(
          store.wakeups.pipe(
            Stream.mapEffect(() => store.readStream(stream)),
            Stream.takeUntil((events) => events.length === BURST),
            Stream.runLast,
          ),
        )
        yield* Effect.sleep("100 millis") // the subscriber is listening
        for (let version = 0; version < BURST; version++)
          yield* appendTo(other, stream, version, [event("Poked")])
        const last = yield* Fiber.join(heard).pipe(Effect.timeout("3 seconds"))
        expect(last).toMatchObject({ _tag: "Some" })
      }),
  )

  it.effect(
    "after the server drops the LISTEN connection, the store reconnects and hears appends again",
    () =>
      Effect.gen(function* () {
        const nodes = yield* postgresNodes
        if (nodes === null) return
        const { store, other } = nodes
        const listeners = sql<{ pid: number }>`select pid from pg_stat_activity
        where datname = current_database() and query = 'listen es_events' and pid <> pg_backend_pid()`
        const before = (yield* Effect.promise(() => listeners.execute(store.db))).rows.map((r) => r.pid)
        expect(before.length).toBeGreaterThan(0)
        yield* Effect.promise(() =>
          sql`select pg_terminate_backend(pid) from unnest(${before}::int[]) as pid`.execute(store.db),
        )
        // Both nodes reconnect within about a second; wait until neither listens on a terminated backend.
        for (let attempt = 0; ; attempt++) {
          const now = (yield* Effect.promise(() => listeners.execute(store.db))).rows.map((r) => r.pid)
          if (now.length >= before.length && now.every((pid) => !before.includes(pid))) break
          if (attempt > 100) return yield* Effect.die(new Error("the LISTEN connections never came back"))
          yield* Effect.sleep("100 millis")
        }
        const woken = yield* appendUntil(other, Stream.runHead(store.wakeups))
        expect(woken).toMatchObject({ _tag: "Some" })
      }),
  )

  it.effect("0002 takes a stream's head from its last event, and its down migration puts it back", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = unique("game")
      yield* appendTo(store, stream, 0, [event("A"), event("B")])
      yield* appendTo(store, stream, 2, [event("C")])
      const last = (yield* store.readStream(stream))[2]!
      expect(yield* store.head(stream)).toMatchObject({ version: 3, headHash: last.hash })
      const migration = migrations["0002_streams_without_head"]!
      // Down and up again in one transaction, rolled back: the schema the other tests use is left alone.
      const restored = yield* Effect.promise(() =>
        store.db
          .transaction()
          .execute(async (trx) => {
            await migration.down!(trx as unknown as Kysely<unknown>)
            const row = await sql<{ version: number; head_hash: string }>`select version, head_hash
              from es_streams where stream_id = ${stream}`.execute(trx)
            await migration.up(trx as unknown as Kysely<unknown>)
            throw { rollback: row.rows[0] }
          })
          .catch((thrown: { rollback?: unknown }) => thrown.rollback),
      )
      expect(restored).toEqual({ version: 3, head_hash: last.hash })
      expect(yield* store.head(stream)).toMatchObject({ version: 3, headHash: last.hash })
    }),
  )

  it.effect("a failing migration is a StoreError that names it, and changes nothing", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const broken = {
        ...migrations,
        "9999_broken": {
          up: async (db: Kysely<unknown>) => {
            await sql`create table es_half_done (id int)`.execute(db)
            await sql`select no_such_function()`.execute(db)
          },
        },
      }
      const error = yield* Effect.flip(migrate(store.db as Kysely<unknown>, broken))
      expect(error.reason).toBe("migration")
      expect(error.message).toContain("9999_broken")
      const left = yield* Effect.promise(() =>
        sql<{ name: string | null }>`select to_regclass('es_half_done')::text as name`.execute(store.db),
      )
      expect(left.rows[0]?.name).toBeNull()
    }),
  )

  it.effect("a database that cannot be reached is a StoreError naming where, without the password", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(Effect.scoped(Layer.build(options.unreachable.layer)))
      expect(error.reason).toBe("unreachable")
      expect(error.message).toContain(options.unreachable.names)
      if (options.unreachable.secret !== undefined)
        expect(error.message).not.toContain(options.unreachable.secret)
    }),
  )
}
