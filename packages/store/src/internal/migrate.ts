import { Effect } from "effect"
import { type Kysely, type Migration, Migrator } from "kysely"
import { StoreError } from "../errors.js"
import { migrations as storeMigrations } from "../migrations/index.js"

/** Table names of the store's own migration bookkeeping, apart from any projection's. */
const MIGRATION_TABLE = "es_migration"
const MIGRATION_LOCK_TABLE = "es_migration_lock"

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
