import type { EventEnvelope } from "@boroughs/core/kernel"
import { Config, Context, type Duration, Effect, Layer, Option, type Stream } from "effect"
import type { Kysely } from "kysely"
import type { IdempotencyConflict, StoreError, WrongExpectedVersion } from "./errors.js"
import { makeStore } from "./internal/makeStore.js"
import { pgliteBackend } from "./internal/pglite.js"
import { listenForAppends, postgresBackend } from "./internal/postgres.js"
import { upsertCheckpoint } from "./internal/queries.js"
import type { Database } from "./schema.js"

export { IdempotencyConflict, StoreError, WrongExpectedVersion } from "./errors.js"

/** An event to append: the store adds stream id, version, event id and the hash chain. */
export interface NewEvent {
  readonly type: string
  readonly schemaVersion?: number
  readonly data: Readonly<Record<string, unknown>>
  readonly metadata?: Readonly<Record<string, unknown>>
}

/**
 * One append: the events one command caused. `expectedVersion` is the stream version the caller decided
 * on (0 for a new stream). Event ids are UUIDv5(commandId, index): retrying a command that was already
 * stored appends nothing and returns the stored envelopes with `duplicate: true`.
 */
export interface AppendRequest {
  readonly streamId: string
  readonly streamType: string
  readonly expectedVersion: number
  readonly commandId: string
  readonly events: ReadonlyArray<NewEvent>
}

export interface AppendResult {
  readonly envelopes: ReadonlyArray<EventEnvelope>
  readonly duplicate: boolean
}

/** Position in the ordered global log (ARCHITECTURE.md §4): compare by (epoch, txId, globalPosition). */
export interface GlobalPosition {
  readonly storeEpoch: number
  readonly txId: string
  readonly globalPosition: string
}

export interface GlobalEvent extends EventEnvelope {
  readonly position: GlobalPosition
  readonly recordedAt: string
}

export interface StreamHead {
  readonly streamId: string
  readonly streamType: string
  readonly version: number
  readonly headHash: string
}

/** The append-only, hash-chained event store (ARCHITECTURE.md §4). */
export class EventStore extends Context.Service<
  EventStore,
  {
    readonly backend: "pglite" | "postgres"
    /**
     * Appends one command's events if the stream is at `expectedVersion`, in one round trip when the head is
     * known. A retried command returns what it stored (`duplicate: true`); no events means nothing to do.
     */
    readonly append: (
      request: AppendRequest,
    ) => Effect.Effect<AppendResult, WrongExpectedVersion | IdempotencyConflict | StoreError>
    /** Events of one stream, versions in [from, to] (1-based, inclusive; defaults: whole stream). */
    readonly readStream: (
      streamId: string,
      range?: { readonly from?: number; readonly to?: number },
    ) => Effect.Effect<ReadonlyArray<EventEnvelope>, StoreError>
    /** The stream's version and head hash; null when it does not exist. */
    readonly head: (streamId: string) => Effect.Effect<StreamHead | null, StoreError>
    /** Streams of one type in stream-id order, a page at a time (default limit 100). */
    readonly listStreams: (
      streamType: string,
      options?: { readonly limit?: number; readonly afterStreamId?: string },
    ) => Effect.Effect<ReadonlyArray<StreamHead>, StoreError>
    /** Ordered global read after a position, fenced by pg_snapshot_xmin so no late commit is skipped. */
    readonly readAll: (
      after: GlobalPosition | null,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<GlobalEvent>, StoreError>
    /** Where a subscription has read up to; null before its first save. */
    readonly checkpoint: (subscriptionId: string) => Effect.Effect<GlobalPosition | null, StoreError>
    /** Saves a checkpoint; pass `db` to save it inside a projection's own transaction. */
    readonly saveCheckpoint: (
      subscriptionId: string,
      position: GlobalPosition,
      db?: Kysely<Database>,
    ) => Effect.Effect<void, StoreError>
    /** Wake-ups: emits whenever new events may be readable (NOTIFY or in-process poke, plus a polling tick). */
    readonly wakeups: Stream.Stream<void, StoreError>
    /** The Kysely handle, for projections that keep their rows (and checkpoint) in one transaction. */
    readonly db: Kysely<Database>
  }
>()("@boroughs/store/EventStore") {
  /** The store on PGlite: a folder on disk, or in memory without `dataDir`. Migrates on start. */
  static readonly layerPglite = (options: PgliteOptions = {}): Layer.Layer<EventStore, StoreError> =>
    Layer.effect(EventStore, makePglite(options))

  /** The store on PostgreSQL through a pg pool. Migrates on start; LISTENs for other nodes' appends. */
  static readonly layerPostgres = (options: PostgresOptions): Layer.Layer<EventStore, StoreError> =>
    Layer.effect(EventStore, makePostgres(options))

  /** PostgreSQL when `DATABASE_URL` is set, else PGlite in `dataDir` (see `storeConfig`). */
  static readonly layerFromEnv = (options: {
    readonly dataDir: string
  }): Layer.Layer<EventStore, StoreError> =>
    Layer.unwrap(
      Effect.map(Config.option(Config.String("DATABASE_URL")), (url) => {
        const config = storeConfig(Option.getOrUndefined(url), options.dataDir)
        return config.backend === "postgres"
          ? EventStore.layerPostgres({ url: config.url })
          : EventStore.layerPglite({ dataDir: config.dataDir })
      }).pipe(Effect.orDie),
    )
}

/** Which backend a process uses: PostgreSQL when a database URL is given, else PGlite in `dataDir`. */
export type StoreConfig =
  | { readonly backend: "postgres"; readonly url: string }
  | { readonly backend: "pglite"; readonly dataDir: string }

/** Chooses the backend from a `DATABASE_URL` value (empty counts as unset) and a default PGlite folder. */
export const storeConfig = (databaseUrl: string | undefined, dataDir: string): StoreConfig =>
  databaseUrl !== undefined && databaseUrl.trim() !== ""
    ? { backend: "postgres", url: databaseUrl.trim() }
    : { backend: "pglite", dataDir }

/** Options of `layerPglite`. */
export interface PgliteOptions {
  /** A folder on disk; in memory when absent. */
  readonly dataDir?: string | undefined
  /** PostgreSQL's `shared_buffers` inside PGlite (default 16MB: the WebAssembly heap never shrinks). */
  readonly sharedBuffers?: string | undefined
  /**
   * `baseline` (default): PGlite's WebAssembly stays on V8's baseline compiler, ~70 MB less memory for ~15 %
   * less append throughput; `optimising`: V8 tiers hot functions up as usual. See `pgliteBackend`.
   */
  readonly wasmCompiler?: "baseline" | "optimising" | undefined
  /** How often readers are woken without an append (default 250 ms). */
  readonly pollInterval?: Duration.Input | undefined
}

/** Options of `layerPostgres`. */
export interface PostgresOptions {
  /** postgres://user:password@host:port/database */
  readonly url: string
  /** Connections in the pool (default 10); LISTEN uses one more. */
  readonly poolSize?: number | undefined
  /**
   * Append statements in flight at once (default 2); appends to existing streams that arrive meanwhile wait
   * and go as one INSERT, one commit for all. Worth raising on a server with many cores.
   */
  readonly appendConcurrency?: number | undefined
  /** How often readers are woken without an append (default 250 ms). */
  readonly pollInterval?: Duration.Input | undefined
}

/**
 * Builds the store on PGlite within the caller's scope (what `layerPglite` runs). `loadDataDir` starts an
 * empty database from a PGlite dump instead of running initdb (the testing helpers pass a cached one).
 */
export const makePglite = (options: PgliteOptions & { readonly loadDataDir?: Blob | undefined }) =>
  Effect.flatMap(pgliteBackend(options), (backend) =>
    makeStore(backend, { pollInterval: options.pollInterval }),
  )

/** Builds the store on PostgreSQL within the caller's scope (what `layerPostgres` runs). */
export const makePostgres = (options: PostgresOptions) =>
  Effect.flatMap(postgresBackend(options), (backend) =>
    makeStore(backend, {
      listen: (poke) => listenForAppends(options.url, poke, backend.ownNotifierPid),
      pollInterval: options.pollInterval,
    }),
  )

/**
 * Saves a subscription's checkpoint inside a transaction the caller holds (a projection writes its rows
 * and its checkpoint as one): any Kysely handle whose schema includes the store's tables.
 */
export const saveCheckpointIn = (
  // Any schema that includes the store's tables: Kysely's handle types are invariant in their schema.
  // biome-ignore lint/suspicious/noExplicitAny: the queries below name only the store's own tables.
  db: Kysely<any>,
  subscriptionId: string,
  position: GlobalPosition,
): Promise<void> => upsertCheckpoint(db as Kysely<Database>, subscriptionId, position)
