import type { Kysely } from "kysely"
import type { Database } from "../schema.js"

/** What the store needs from a database: a Kysely handle and how appends wake other processes. */
export interface Backend {
  readonly kind: "pglite" | "postgres"
  readonly db: Kysely<Database>
  /** Where the database is, for messages (never with a password). */
  readonly where: string
  /** Postgres NOTIFYs in the append statement so every node's LISTENer wakes; PGlite has one process. */
  readonly notifyOnAppend: boolean
}
