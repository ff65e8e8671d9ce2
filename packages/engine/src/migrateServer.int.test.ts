import { EventStore, grantRuntimeRole } from "@boroughs/store"
import { freshRole, TestDatabase, testBackends, trySql } from "@boroughs/store/testing"
import { Effect } from "effect"
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import { migrateServer, SERVER_MIGRATION_TABLE, serverMigrations } from "./migrateServer.js"
import { type StoreDb, withServerTables } from "./serverTables.js"

const SERVER_TABLES = [
  "srv_tokens",
  "proj_lobby",
  "proj_snapshots",
  "proj_tournaments",
  "proj_ladder_entries",
  "proj_ladder_games",
  "srv_bot_presence",
  "proj_analysis",
]
const ALL = Object.keys(serverMigrations).sort()

/**
 * What the runner before Kysely's did, kept here to make the databases it left: its own bookkeeping table,
 * then each migration and its row, in one transaction.
 */
const migrateAsLegacyRunner = (db: StoreDb, names: ReadonlyArray<string>) =>
  Effect.promise(() =>
    db.transaction().execute(async (trx) => {
      await sql`create table srv_migrations (name text primary key, applied_at timestamptz not null)`.execute(
        trx,
      )
      for (const name of names) {
        await serverMigrations[name]?.up(withServerTables(trx))
        await sql`insert into srv_migrations (name, applied_at) values (${name}, now())`.execute(trx)
      }
    }),
  )

/** The server tables' columns and indexes, to compare two databases' schemas. */
const schemaOf = (db: StoreDb) =>
  Effect.promise(async () => ({
    columns: (
      await sql`select table_name, column_name, data_type, is_nullable, column_default
        from information_schema.columns where table_schema = current_schema() and table_name = any(${SERVER_TABLES})
        order by table_name, ordinal_position`.execute(db)
    ).rows,
    indexes: (
      await sql`select tablename, indexname, indexdef from pg_indexes
        where schemaname = current_schema() and tablename = any(${SERVER_TABLES}) order by indexname`.execute(
        db,
      )
    ).rows,
  }))

const namesIn = (db: StoreDb, table: string) =>
  Effect.promise(async () =>
    (await sql<{ name: string }>`select name from ${sql.table(table)} order by name`.execute(db)).rows.map(
      (r) => r.name,
    ),
  )

const tableExists = (db: StoreDb, table: string) =>
  Effect.promise(
    async () =>
      (await sql<{ present: boolean }>`select to_regclass(${table}) is not null as present`.execute(db))
        .rows[0]?.present,
  )

const issueToken = (db: StoreDb) =>
  Effect.promise(() =>
    withServerTables(db)
      .insertInto("srv_tokens")
      .values({
        id: "t1",
        hash: "h1",
        kind: "bot",
        name: "alpha",
        created_at: "2025-01-01T00:00:00Z",
        expires_at: null,
        revoked_at: null,
      })
      .execute(),
  )

for (const backend of testBackends()) {
  const onFreshDatabase = <A, E>(test: Effect.Effect<A, E, EventStore | TestDatabase>) =>
    Effect.runPromise(test.pipe(Effect.provide(backend.layer)))

  describe(`server migrations on ${backend.name}`, () => {
    it("migrate a new database once, recording each in Kysely's table; a second run changes nothing", () =>
      onFreshDatabase(
        Effect.gen(function* () {
          const { db } = yield* EventStore
          yield* migrateServer(db)
          yield* issueToken(db)
          yield* migrateServer(db)
          expect(yield* namesIn(db, SERVER_MIGRATION_TABLE)).toEqual(ALL)
          expect(yield* namesIn(db, "srv_tokens")).toEqual(["alpha"])
          expect(yield* tableExists(db, "srv_migrations")).toBe(false)
        }),
      ))

    it("adopt a database the legacy runner migrated: nothing runs twice, its data stays, the schema is a new one's", () =>
      onFreshDatabase(
        Effect.gen(function* () {
          const { db } = yield* EventStore
          yield* migrateAsLegacyRunner(db, ALL)
          yield* issueToken(db)
          const before = yield* schemaOf(db)
          // Running 0001 again would fail: srv_tokens exists.
          yield* migrateServer(db)
          expect(yield* namesIn(db, SERVER_MIGRATION_TABLE)).toEqual(ALL)
          expect(yield* namesIn(db, "srv_tokens")).toEqual(["alpha"])
          // The legacy table is left as it was, for the version before this one.
          expect(yield* namesIn(db, "srv_migrations")).toEqual(ALL)
          const adopted = yield* schemaOf(db)
          expect(adopted).toEqual(before)
          // The same database migrated from nothing by this runner has the same schema.
          yield* Effect.promise(() =>
            sql`drop table srv_tokens, proj_lobby, proj_snapshots, proj_tournaments, proj_ladder_entries, proj_ladder_games, srv_bot_presence, proj_analysis, srv_migrations, srv_kysely_migration, srv_kysely_migration_lock`.execute(
              db,
            ),
          )
          yield* migrateServer(db)
          expect(yield* schemaOf(db)).toEqual(adopted)
          expect(adopted.columns.length).toBeGreaterThan(20)
        }),
      ))

    it("adopt what the legacy runner ran and run only the rest", () =>
      onFreshDatabase(
        Effect.gen(function* () {
          const { db } = yield* EventStore
          yield* migrateAsLegacyRunner(db, ["0001_tokens", "0002_projections"])
          expect(yield* tableExists(db, "proj_tournaments")).toBe(false)
          yield* migrateServer(db)
          expect(yield* tableExists(db, "proj_tournaments")).toBe(true)
          expect(yield* namesIn(db, SERVER_MIGRATION_TABLE)).toEqual(ALL)
          expect(yield* namesIn(db, "srv_migrations")).toEqual(["0001_tokens", "0002_projections"])
        }),
      ))

    it("name the migration that failed, and leave the database as it was", () =>
      onFreshDatabase(
        Effect.gen(function* () {
          const { db } = yield* EventStore
          // A table in the way of 0002: its create fails, and the whole run with it.
          yield* Effect.promise(() => sql`create table proj_lobby (x int)`.execute(db))
          const failed = yield* Effect.flip(migrateServer(db))
          expect(failed.message).toContain("migration 0002_projections failed")
          expect(failed.message).toContain("proj_lobby")
          expect(yield* tableExists(db, "srv_tokens")).toBe(false)
          expect(yield* namesIn(db, SERVER_MIGRATION_TABLE)).toEqual([])
        }),
      ))

    it.skipIf(backend.name !== "postgres")(
      "a role that may not migrate starts on a database the legacy runner migrated, and is told what is owed",
      () =>
        Effect.runPromise(
          Effect.gen(function* () {
            // Roles are cluster-wide: made before the database and dropped after it, once nothing there names it.
            const role = yield* freshRole(process.env.DATABASE_URL as string)
            yield* Effect.gen(function* () {
              const { db } = yield* EventStore
              const url = (yield* TestDatabase).url as string
              yield* migrateAsLegacyRunner(db, ALL)
              // PostgreSQL before 15 lets every role create tables in `public`: this one must not migrate.
              const revoked = yield* Effect.promise(() =>
                trySql(url, "revoke create on schema public from public"),
              )
              expect(revoked.error).toBeNull()
              yield* grantRuntimeRole(db, role.name)
              yield* Effect.promise(() =>
                sql`grant select on srv_migrations to ${sql.id(role.name)}`.execute(db),
              )
              const asRole = new URL(url)
              asRole.username = role.name
              asRole.password = role.password
              const migrateAsRole = Effect.flatMap(EventStore, (s) => migrateServer(s.db)).pipe(
                Effect.provide(EventStore.layerPostgres({ url: asRole.toString() })),
              )
              // Current by the legacy table: it starts without migrating (it could not create Kysely's table).
              yield* migrateAsRole
              expect(yield* tableExists(db, SERVER_MIGRATION_TABLE)).toBe(false)
              // One migration short: refused, in the words of the store's own refusal.
              yield* Effect.promise(() =>
                sql`delete from srv_migrations where name = '0003_tournament_standings'`.execute(db),
              )
              const refused = yield* Effect.flip(migrateAsRole)
              expect(refused.message).toContain(
                "the server tables' schema is older than this version (not yet run: 0003_tournament_standings)",
              )
              expect(refused.message).toContain(`the database role ${role.name} may not migrate it`)
            }).pipe(Effect.provide(backend.layer))
          }).pipe(Effect.scoped),
        ),
    )
  })
}
