import { Context, type Duration, Effect, Layer, type Scope } from "effect"
import { EventStore, makePglite, makePostgres } from "../EventStore.js"
import type { StoreError } from "../errors.js"
import { executeThroughKysely, writeThroughKysely } from "../internal/backend.js"
import { makeStore } from "../internal/makeStore.js"
import { freshDatabase } from "./freshPostgres.js"
import { pgliteTemplate } from "./pgliteTemplate.js"

/** The store's own hash chain of one append, for in-memory stores in benches. */
export { chainEvents } from "../internal/chain.js"
export { freshDatabase, freshRole, trySql } from "./freshPostgres.js"
export { pgliteTemplate } from "./pgliteTemplate.js"
export { postgresInstallation, type ThrowawayCluster, throwawayCluster } from "./throwawayCluster.js"

/** The database under a test store, and a way to act as a second node on it. */
export class TestDatabase extends Context.Service<
  TestDatabase,
  {
    readonly backend: "pglite" | "postgres"
    /** The fresh database's URL (Postgres only). */
    readonly url: string | undefined
    /**
     * Another store on the same database, with its own head cache and wake-ups, as a second server would open
     * it. On PGlite it shares the one connection, and hears of the first store's appends only by its tick.
     */
    readonly secondNode: Effect.Effect<EventStore["Service"], StoreError, Scope.Scope>
  }
>()("@boroughs/store/testing/TestDatabase") {}

export interface TestStoreOptions {
  /** How often readers are woken without an append (default 250 ms). */
  readonly pollInterval?: Duration.Input | undefined
}

/** A store on a new in-memory PGlite, started from a cached initdb dump. */
export const freshPglite = (
  options: TestStoreOptions = {},
): Layer.Layer<EventStore | TestDatabase, StoreError> =>
  Layer.effectContext(
    Effect.gen(function* () {
      const loadDataDir = yield* Effect.promise(() => pgliteTemplate())
      const store = yield* makePglite({ loadDataDir, pollInterval: options.pollInterval })
      const secondNode = makeStore(
        {
          kind: "pglite",
          db: store.db,
          execute: executeThroughKysely(store.db),
          write: writeThroughKysely(store.db),
          where: "PGlite (memory)",
        },
        { pollInterval: options.pollInterval },
      )
      return Context.make(EventStore, store).pipe(
        Context.add(TestDatabase, { backend: "pglite", url: undefined, secondNode }),
      )
    }),
  )

/** A store on a new database of the PostgreSQL server at `serverUrl`, dropped afterwards. */
export const withFreshPostgres = (
  serverUrl: string,
  options: TestStoreOptions = {},
): Layer.Layer<EventStore | TestDatabase, StoreError> =>
  Layer.effectContext(
    Effect.gen(function* () {
      const { url } = yield* freshDatabase(serverUrl)
      const open = makePostgres({ url, pollInterval: options.pollInterval })
      const store = yield* open
      return Context.make(EventStore, store).pipe(
        Context.add(TestDatabase, { backend: "postgres", url, secondNode: open }),
      )
    }),
  )

/** The backends tests run on: PGlite always, PostgreSQL too when `DATABASE_URL` is set. */
export const testBackends = (
  options: TestStoreOptions = {},
  databaseUrl: string | undefined = process.env.DATABASE_URL,
): ReadonlyArray<{
  readonly name: "pglite" | "postgres"
  readonly layer: Layer.Layer<EventStore | TestDatabase, StoreError>
}> => [
  { name: "pglite", layer: freshPglite(options) },
  ...(databaseUrl ? [{ name: "postgres" as const, layer: withFreshPostgres(databaseUrl, options) }] : []),
]
