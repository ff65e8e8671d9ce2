import { cannotMigrateMessage, isPermissionDenied, StoreError, schemaStatusOf } from "@boroughs/store"
import { Effect } from "effect"
import { type ServerDb, type StoreDb, withServerTables } from "./serverTables.js"

/** One schema change of the server tables, Kysely-style: `up` runs once, inside the migration transaction. */
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
}

/** Serialises migrations across server processes starting at once (any constant; "boroughs" in ASCII). */
const MIGRATION_LOCK = 0x626f726f756768

/**
 * Brings the server tables up to date, in one transaction under a transaction-scoped advisory lock, so
 * replicas starting together migrate once. The store's own migrations run when the store opens. A schema
 * already current is only read (SELECT on `srv_migrations`): a server whose role may not migrate starts on it,
 * and one whose schema is behind is told to have the owner migrate it.
 */
export const migrateServer = (store: StoreDb): Effect.Effect<void, StoreError> =>
  Effect.gen(function* () {
    const status = yield* Effect.tryPromise({
      try: () => schemaStatusOf(store, "srv_migrations", Object.keys(serverMigrations)),
      catch: (cause) =>
        new StoreError({
          reason: "migration",
          message: `could not read the server tables' schema version: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        }),
    })
    // Unknown names (a newer version's migrations) are left alone, as the migration below would leave them.
    if (status.pending.length === 0) return
    yield* applyServerMigrations(store).pipe(
      Effect.catch((error) =>
        isPermissionDenied(error.cause)
          ? Effect.flatMap(
              Effect.promise(() => cannotMigrateMessage(store, "server tables'", status)),
              (message) => Effect.fail(new StoreError({ reason: "migration", message, cause: error.cause })),
            )
          : Effect.fail(error),
      ),
    )
  })

const applyServerMigrations = (store: StoreDb): Effect.Effect<void, StoreError> =>
  Effect.tryPromise({
    try: () =>
      withServerTables(store)
        .transaction()
        .execute(async (trx) => {
          await trx
            .selectNoFrom((eb) => eb.fn("pg_advisory_xact_lock", [eb.val(MIGRATION_LOCK)]).as("locked"))
            .execute()
          await trx.schema
            .createTable("srv_migrations")
            .ifNotExists()
            .addColumn("name", "text", (c) => c.primaryKey())
            .addColumn("applied_at", "timestamptz", (c) => c.notNull())
            .execute()
          const applied = new Set(
            (await trx.selectFrom("srv_migrations").select("name").execute()).map((r) => r.name),
          )
          for (const name of Object.keys(serverMigrations).sort()) {
            if (applied.has(name)) continue
            await (serverMigrations[name] as ServerMigration).up(trx)
            await trx
              .insertInto("srv_migrations")
              .values({ name, applied_at: new Date().toISOString() })
              .execute()
          }
        }),
    catch: (cause) =>
      new StoreError({
        reason: "migration",
        message: `could not migrate the server tables: ${cause instanceof Error ? cause.message : String(cause)}`,
        cause,
      }),
  })
