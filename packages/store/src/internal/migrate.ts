import { Effect } from "effect"
import { type Kysely, type Migration, Migrator, sql } from "kysely"
import { StoreError } from "../errors.js"
import { migrations as storeMigrations } from "../migrations/index.js"
import { describeError } from "./dbErrors.js"

/** Table names of the store's own migration bookkeeping, apart from any projection's. */
export const MIGRATION_TABLE = "es_migration"
export const MIGRATION_LOCK_TABLE = "es_migration_lock"

/** How a database's schema stands against a list of migrations. */
export interface SchemaStatus {
  /** Migrations this code has that the database has not run, in order. */
  readonly pending: ReadonlyArray<string>
  /** Migrations the database has run that this code does not know (a newer version migrated it). */
  readonly unknown: ReadonlyArray<string>
}

/**
 * Which of `migrations` a database has not run yet, read from a bookkeeping table (`name` column) with plain
 * SELECTs: a role that may not migrate can still check that it need not.
 */
export const schemaStatusOf = async <DB>(
  db: Kysely<DB>,
  table: string,
  migrations: ReadonlyArray<string>,
): Promise<SchemaStatus> => {
  const present = await sql<{
    present: boolean
  }>`select to_regclass(${table}) is not null as present`.execute(db)
  const applied = present.rows[0]?.present
    ? new Set(
        (await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db)).rows.map(
          (r) => r.name,
        ),
      )
    : new Set<string>()
  const known = new Set(migrations)
  return {
    pending: [...migrations].sort().filter((name) => !applied.has(name)),
    unknown: [...applied].filter((name) => !known.has(name)).sort(),
  }
}

/** SQLSTATE 42501 (insufficient_privilege): also "must be owner of table", and what a read-only role gets. */
export const isPermissionDenied = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "42501"

/**
 * Why a role that may not migrate cannot start on this schema, and what to do: the words every component
 * (store, server tables) uses, so an operator reads one message.
 */
export const cannotMigrateMessage = async <DB>(
  db: Kysely<DB>,
  what: string,
  status: SchemaStatus,
): Promise<string> => {
  const user = await sql<{ user: string }>`select current_user as user`
    .execute(db)
    .then((r) => r.rows[0]?.user ?? "this role")
    .catch(() => "this role")
  const state =
    status.pending.length > 0
      ? `is older than this version (not yet run: ${status.pending.join(", ")})`
      : `was migrated by a newer version (${status.unknown.join(", ")})`
  return `the ${what} schema ${state}, and the database role ${user} may not migrate it: run the migrations as the tables' owner first (\`boroughs migrate\` with the owner's database URL), then start again`
}

/** Runs the store's migrations to the latest; a failure names the migration that broke. */
export const migrate = (
  db: Kysely<unknown>,
  migrations: Readonly<Record<string, Migration>> = storeMigrations,
): Effect.Effect<void, StoreError> =>
  Effect.gen(function* () {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => ({ ...migrations }) },
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: MIGRATION_LOCK_TABLE,
    })
    const { error, results } = yield* Effect.promise(() => migrator.migrateToLatest())
    if (error === undefined) return
    const failed = results?.find((r) => r.status === "Error")?.migrationName
    const detail = error instanceof Error ? error.message : String(error)
    return yield* new StoreError({
      reason: "migration",
      message: failed
        ? `migration ${failed} failed: ${detail}`
        : `could not run the store migrations: ${detail}`,
      cause: error,
    })
  })

/**
 * Migrates only when the schema is not exactly this version's: a store opened with a role that may only read
 * and append (the server's, in production) starts on a current schema without touching it, and is told
 * plainly when the schema is not current and it may not migrate it.
 */
export const migrateIfBehind = (
  db: Kysely<unknown>,
  migrations: Readonly<Record<string, Migration>> = storeMigrations,
): Effect.Effect<void, StoreError> =>
  Effect.gen(function* () {
    const status = yield* Effect.tryPromise({
      try: () => schemaStatusOf(db, MIGRATION_TABLE, Object.keys(migrations)),
      catch: (cause) =>
        new StoreError({
          reason: "migration",
          message: `could not read the store's schema version: ${describeError(cause)}`,
          cause,
        }),
    })
    if (status.pending.length === 0 && status.unknown.length === 0) return
    yield* migrate(db, migrations).pipe(
      Effect.catch((error) =>
        isPermissionDenied(error.cause)
          ? Effect.flatMap(
              Effect.promise(() => cannotMigrateMessage(db, "store's", status)),
              (message) => Effect.fail(new StoreError({ reason: "migration", message, cause: error.cause })),
            )
          : Effect.fail(error),
      ),
    )
  })
