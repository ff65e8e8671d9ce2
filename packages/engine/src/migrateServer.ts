import {
  cannotMigrateMessage,
  isPermissionDenied,
  type SchemaStatus,
  StoreError,
  schemaStatusOf,
} from "@boroughs/store"
import { Effect } from "effect"
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely"
import type { ServerDb, StoreDb } from "./serverTables.js"

/** One schema change of the server tables, a Kysely migration: `up` runs once, inside the migration transaction. */
export interface ServerMigration {
  readonly up: (db: ServerDb) => Promise<void>
}

/** The server's migrations, in the order they run (names sort that way). Never edit one that shipped. */
export const serverMigrations: Readonly<Record<string, ServerMigration>> = {
  "0001_tokens": {
    up: async (db) => {
      await db.schema
        .createTable("srv_tokens")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("hash", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("expires_at", "timestamptz")
        .addColumn("revoked_at", "timestamptz")
        .execute()
    },
  },
  "0002_projections": {
    up: async (db) => {
      await db.schema
        .createTable("proj_lobby")
        .addColumn("game_id", "text", (c) => c.primaryKey())
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("seats", "integer", (c) => c.notNull())
        .addColumn("players", "jsonb", (c) => c.notNull())
        .addColumn("spectators", "jsonb", (c) => c.notNull())
        .addColumn("clock_ms", "integer")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("pending", "jsonb", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .addColumn("ended_at", "timestamptz")
        .addColumn("outcome", "jsonb")
        .execute()
      await db.schema
        .createIndex("proj_lobby_by_status")
        .on("proj_lobby")
        .columns(["status", "created_at"])
        .execute()
      await db.schema
        .createTable("proj_snapshots")
        .addColumn("game_id", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("match", "jsonb", (c) => c.notNull())
        .addPrimaryKeyConstraint("proj_snapshots_pkey", ["game_id", "version"])
        .execute()
    },
  },
  "0003_tournament_standings": {
    up: async (db) => {
      await db.schema
        .createTable("proj_tournaments")
        .addColumn("tournament_id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("format", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("rounds", "integer", (c) => c.notNull())
        .addColumn("rounds_paired", "integer", (c) => c.notNull())
        .addColumn("entrants", "integer", (c) => c.notNull())
        .addColumn("standings", "jsonb", (c) => c.notNull())
        .addColumn("rating_history", "jsonb", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .execute()
    },
  },
  "0004_ladder": {
    up: async (db) => {
      await db.schema
        .createTable("proj_ladder_entries")
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("holder", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("mu", "double precision", (c) => c.notNull())
        .addColumn("sigma", "double precision", (c) => c.notNull())
        .addColumn("games", "integer", (c) => c.notNull())
        .addColumn("wins", "integer", (c) => c.notNull())
        .addColumn("timeouts_in_row", "integer", (c) => c.notNull())
        .addColumn("entered_at", "timestamptz", (c) => c.notNull())
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .addPrimaryKeyConstraint("proj_ladder_entries_pkey", ["game", "holder"])
        .execute()
      await db.schema
        .createTable("proj_ladder_games")
        .addColumn("game_id", "text", (c) => c.primaryKey())
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("holders", "jsonb", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("started_at", "timestamptz", (c) => c.notNull())
        .addColumn("ended_at", "timestamptz")
        .addColumn("ranks", "jsonb")
        .addColumn("before", "jsonb", (c) => c.notNull())
        .addColumn("after", "jsonb")
        .execute()
      await db.schema
        .createIndex("proj_ladder_games_by_game")
        .on("proj_ladder_games")
        .columns(["game", "started_at"])
        .execute()
      await db.schema
        .createTable("srv_bot_presence")
        .addColumn("holder", "text", (c) => c.primaryKey())
        .addColumn("node", "text", (c) => c.notNull())
        .addColumn("seen_at", "timestamptz", (c) => c.notNull())
        .execute()
    },
  },
  "0005_lobby_names": {
    up: async (db) => {
      // Each seat's display name (null: its holder's), and the tournament a game was played in. Filled by
      // re-folding the lobby (its projection id changed with this migration).
      await db.schema
        .alterTable("proj_lobby")
        .addColumn("names", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn("tournament_id", "text")
        .execute()
    },
  },
  "0006_analysis": {
    up: async (db) => {
      // One row per ended game and analysis key (the algorithm's version and settings): queued by the analysis
      // projection when the game ends, computed by the leader's analysis runner, read by GET …/analysis.
      await db.schema
        .createTable("proj_analysis")
        .addColumn("game_id", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("total", "integer")
        .addColumn("result", "jsonb")
        .addColumn("error", "text")
        .addColumn("queued_at", "timestamptz", (c) => c.notNull())
        .addColumn("computed_at", "timestamptz")
        .addColumn("elapsed_ms", "integer")
        .addPrimaryKeyConstraint("proj_analysis_pkey", ["game_id", "key"])
        .addCheckConstraint("proj_analysis_status", sql`status in ('queued', 'running', 'ready', 'failed')`)
        .execute()
      // The runner takes the oldest queued row of its key.
      await db.schema
        .createIndex("proj_analysis_by_status")
        .on("proj_analysis")
        .columns(["key", "status", "queued_at"])
        .execute()
    },
  },
}

/** Kysely's bookkeeping of the server migrations, apart from the store's (`es_migration`, `es_migration_lock`). */
export const SERVER_MIGRATION_TABLE = "srv_kysely_migration"
export const SERVER_MIGRATION_LOCK_TABLE = "srv_kysely_migration_lock"

/**
 * Where the runner before Kysely's recorded the server migrations it ran. Only read, to adopt what it lists;
 * left in place, so the version before this one still starts on the database.
 */
const LEGACY_MIGRATION_TABLE = "srv_migrations"

/** The advisory lock that runner held while migrating ("boroughs" in ASCII): taken again to adopt its work. */
const LEGACY_MIGRATION_LOCK = 0x626f726f756768

/**
 * Brings the server tables up to date with Kysely's `Migrator`, in one transaction under its lock, so
 * replicas starting together migrate once. The store's own migrations run when the store opens. A schema
 * already current is only read (SELECT on the bookkeeping): a server whose role may not migrate starts on it,
 * and one whose schema is behind is told to have the owner migrate it.
 */
export const migrateServer = (store: StoreDb): Effect.Effect<void, StoreError> =>
  Effect.gen(function* () {
    const status = yield* readStatus(() => schemaStatusOf(store, SERVER_MIGRATION_TABLE, migrationNames()))
    // Unknown names (a newer version's migrations) are left alone: this version starts on that schema.
    if (status.pending.length === 0) return
    yield* runServerMigrations(store).pipe(
      Effect.catch((error) =>
        isPermissionDenied(error.cause)
          ? Effect.flatMap(
              readStatus(() => statusCountingLegacy(store, status)),
              (owed): Effect.Effect<void, StoreError> =>
                // Current by the legacy runner's table: this role starts on it; the owner's next migrate adopts it.
                owed.pending.length === 0
                  ? Effect.void
                  : Effect.flatMap(
                      Effect.promise(() => cannotMigrateMessage(store, "server tables'", owed)),
                      (message) =>
                        Effect.fail(new StoreError({ reason: "migration", message, cause: error.cause })),
                    ),
            )
          : Effect.fail(error),
      ),
    )
  })

const migrationNames = () => Object.keys(serverMigrations)

const readStatus = (read: () => Promise<SchemaStatus>): Effect.Effect<SchemaStatus, StoreError> =>
  Effect.tryPromise({
    try: read,
    catch: (cause) =>
      new StoreError({
        reason: "migration",
        message: `could not read the server tables' schema version: ${messageOf(cause)}`,
        cause,
      }),
  })

/** `status` with what the legacy runner's table lists counted as run: what a database it migrated still owes. */
const statusCountingLegacy = async (store: StoreDb, status: SchemaStatus): Promise<SchemaStatus> => {
  const legacy = await schemaStatusOf(store, LEGACY_MIGRATION_TABLE, migrationNames())
  return {
    pending: status.pending.filter((name) => legacy.pending.includes(name)),
    unknown: [...new Set([...status.unknown, ...legacy.unknown])].sort(),
  }
}

const runServerMigrations = (store: StoreDb): Effect.Effect<void, StoreError> =>
  Effect.gen(function* () {
    const migrator = new Migrator({
      db: store,
      provider: adoptingProvider(serverMigrations),
      migrationTableName: SERVER_MIGRATION_TABLE,
      migrationLockTableName: SERVER_MIGRATION_LOCK_TABLE,
    })
    const { error, results } = yield* Effect.promise(() => migrator.migrateToLatest())
    if (error === undefined) return
    const failed = results?.find((r) => r.status === "Error")?.migrationName
    return yield* new StoreError({
      reason: "migration",
      message: failed
        ? `could not migrate the server tables: migration ${failed} failed: ${messageOf(error)}`
        : `could not migrate the server tables: ${messageOf(error)}`,
      cause: error,
    })
  })

/**
 * The server migrations as Kysely runs them. Each first asks the legacy runner's table, in the migration's
 * own transaction: one it lists ran already, so Kysely records it without running it again. That adopts a
 * database the legacy runner migrated, all at once or not at all, on the first run of this one.
 */
const adoptingProvider = (migrations: Readonly<Record<string, ServerMigration>>): MigrationProvider => ({
  getMigrations: async () => {
    // Read once per run (every `up` of a run gets the same transaction).
    let legacy: Promise<ReadonlySet<string>> | undefined
    return Object.fromEntries(
      Object.entries(migrations).map(([name, migration]): [string, Migration] => [
        name,
        {
          up: async (trx) => {
            legacy ??= ranByLegacyRunner(trx)
            if ((await legacy).has(name)) return
            await migration.up(trx as ServerDb)
          },
        },
      ]),
    )
  },
})

/**
 * What the legacy runner's table lists, read under that runner's lock: a replica of the version before this
 * one still migrating (a rolling upgrade) finishes first, and what it ran is seen here.
 */
const ranByLegacyRunner = async (trx: Kysely<unknown>): Promise<ReadonlySet<string>> => {
  await sql`select pg_advisory_xact_lock(${LEGACY_MIGRATION_LOCK})`.execute(trx)
  const present = await sql<{
    present: boolean
  }>`select to_regclass(${LEGACY_MIGRATION_TABLE}) is not null as present`.execute(trx)
  if (!present.rows[0]?.present) return new Set()
  const rows = await sql<{ name: string }>`select name from ${sql.table(LEGACY_MIGRATION_TABLE)}`.execute(trx)
  return new Set(rows.rows.map((r) => r.name))
}

const messageOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))
