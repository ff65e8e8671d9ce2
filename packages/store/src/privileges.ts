import { Effect } from "effect"
import { type Kysely, sql } from "kysely"
import { StoreError } from "./errors.js"
import { describeError } from "./internal/dbErrors.js"

/**
 * What the server's database role may do to each table of the store, and why no more. The tables' owner runs
 * the migrations; the server runs as a role that is neither the owner nor a superuser, so it can neither switch
 * the log's triggers off (`ALTER TABLE … DISABLE TRIGGER`) nor step around them (`session_replication_role`,
 * which only superusers may set). A privilege is SQL as `GRANT` takes it (`UPDATE (column)` for some columns).
 */
export const storeRuntimePrivileges: Readonly<Record<string, ReadonlyArray<string>>> = {
  // The log: appended and read, never changed. Its triggers refuse UPDATE, DELETE and TRUNCATE besides.
  es_events: ["SELECT", "INSERT"],
  // A stream's row is written once, with its first events (`on conflict do nothing`: no UPDATE needed).
  es_streams: ["SELECT", "INSERT"],
  // Where each projection has read to: moved on as it applies events (an upsert), deleted when it is rebuilt.
  es_checkpoints: ["SELECT", "INSERT", "UPDATE", "DELETE"],
  // Read at start to check the schema is current, without migrating: only the owner migrates.
  es_migration: ["SELECT"],
  es_migration_lock: [],
}

/**
 * Gives `role` exactly `privileges` on each table named there (revoking whatever else it had on them, so a
 * second run corrects a first), after checking the role exists and could not undo the log's protection: not
 * a superuser, not the tables' owner nor a member of the owner's role. Run as the owner, after migrating.
 * Returns one line per table saying what the role may now do.
 */
export const grantRuntimeRole = <DB>(
  db: Kysely<DB>,
  role: string,
  privileges: Readonly<Record<string, ReadonlyArray<string>>> = storeRuntimePrivileges,
): Effect.Effect<ReadonlyArray<string>, StoreError> =>
  Effect.tryPromise({
    try: () =>
      db.transaction().execute(async (trx) => {
        const found = await sql<{
          rolsuper: boolean
        }>`select rolsuper from pg_roles where rolname = ${role}`.execute(trx)
        const roleRow = found.rows[0]
        if (roleRow === undefined)
          throw new RoleRefused(
            `there is no role ${role}: create it first (CREATE ROLE ${role} LOGIN PASSWORD '…'), then grant`,
          )
        if (roleRow.rolsuper)
          throw new RoleRefused(
            `${role} is a superuser: it could switch the event log's triggers off; give the server a role of its own`,
          )
        const tables = Object.keys(privileges)
        const present = await sql<{ tablename: string; owns: boolean }>`
          select tablename, pg_has_role(${role}, tableowner, 'MEMBER') as owns from pg_tables
          where schemaname = current_schema() and tablename = any(${tables})`.execute(trx)
        const missing = tables.filter((t) => !present.rows.some((r) => r.tablename === t))
        if (missing.length > 0)
          throw new RoleRefused(`no table ${missing.join(", ")} here: run the migrations first`)
        if (present.rows.some((r) => r.owns))
          throw new RoleRefused(
            `${role} owns the tables (or is a member of their owner's role): it could switch the event log's triggers off; give the server a role of its own`,
          )
        const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(trx)).rows[0]
          ?.schema as string
        await sql`grant usage on schema ${sql.id(schema)} to ${sql.id(role)}`.execute(trx)
        const granted: string[] = []
        for (const table of tables) {
          const allowed = privileges[table] ?? []
          await sql`revoke all on table ${sql.table(table)} from ${sql.id(role)}`.execute(trx)
          // The privileges are this module's constants, never input: written into the statement as they are.
          if (allowed.length > 0)
            await sql`grant ${sql.raw(allowed.join(", "))} on table ${sql.table(table)} to ${sql.id(role)}`.execute(
              trx,
            )
          granted.push(`${table}: ${allowed.length > 0 ? allowed.join(", ") : "nothing"}`)
        }
        return granted
      }),
    catch: (cause) =>
      new StoreError({
        reason: cause instanceof RoleRefused ? "migration" : "query",
        message:
          cause instanceof RoleRefused
            ? `cannot grant ${role} the server's privileges: ${cause.message}`
            : `granting ${role} the server's privileges failed: ${describeError(cause)}`,
        cause,
      }),
  })

/** A role the grant will not be given to, and why. */
class RoleRefused extends Error {}
