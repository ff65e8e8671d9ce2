import { CompiledQuery, type Kysely } from "kysely"
import type { Database } from "../schema.js"
import type { AppendWrite } from "./appendSql.js"

/** A hot statement: `name` lets a backend prepare it once per connection instead of planning it per call. */
export interface Statement {
  readonly name: string
  readonly sql: string
  readonly parameters: ReadonlyArray<unknown>
}

/** What the store needs from a database: a Kysely handle, a fast path for hot statements, and wake-ups. */
export interface Backend {
  readonly kind: "pglite" | "postgres"
  readonly db: Kysely<Database>
  /** Runs a hot statement (append, global read) outside any transaction and returns its rows. */
  readonly execute: <Row>(statement: Statement) => Promise<ReadonlyArray<Row>>
  /** Runs a hot write (an append) outside any transaction and returns how many rows it wrote. */
  readonly write: (statement: Statement) => Promise<number>
  /** Writes an append and returns how many rows it wrote (Postgres: grouped under load); else `write`. */
  readonly append?: ((append: AppendWrite) => Promise<number>) | undefined
  /** Where the database is, for messages (never with a password). */
  readonly where: string
  /** Tells other nodes an append committed (Postgres: a coalesced NOTIFY); PGlite has one process. */
  readonly wakeOtherNodes?: (() => void) | undefined
  /** The backend process those wake-ups come from: this node's LISTENer skips its own. */
  readonly ownNotifierPid?: (() => number | undefined) | undefined
}

/**
 * Runs a statement through Kysely, unprepared. PGlite needs this: its one session is shared, and only Kysely's
 * connection queue keeps a statement from running inside another caller's open transaction.
 */
const runThroughKysely = <Row>(db: Kysely<Database>, statement: Statement) =>
  db.executeQuery<Row>(CompiledQuery.raw(statement.sql, [...statement.parameters]))

export const executeThroughKysely =
  (db: Kysely<Database>) =>
  async <Row>(statement: Statement): Promise<ReadonlyArray<Row>> =>
    (await runThroughKysely<Row>(db, statement)).rows

/** A write through Kysely: the number of rows it wrote. */
export const writeThroughKysely =
  (db: Kysely<Database>) =>
  async (statement: Statement): Promise<number> =>
    Number((await runThroughKysely(db, statement)).numAffectedRows ?? 0)
