import { mkdirSync } from "node:fs"
import { PGlite } from "@electric-sql/pglite"
import { Effect, type Scope } from "effect"
import { Kysely } from "kysely"
import { PGliteDialect } from "kysely-pglite-dialect"
import { StoreError } from "../errors.js"
import type { Database } from "../schema.js"
import { type Backend, executeThroughKysely } from "./backend.js"
import { describeError } from "./dbErrors.js"

const INT8_OID = 20

/** Opens PGlite (embedded PostgreSQL) and closes it with the scope. */
export const pgliteBackend = (options: {
  /** A folder on disk; in memory when absent. */
  readonly dataDir?: string | undefined
  /** A data directory dump (PGlite's dumpDataDir) to start from instead of running initdb: tests use it. */
  readonly loadDataDir?: Blob | undefined
}): Effect.Effect<Backend, StoreError, Scope.Scope> => {
  const where = options.dataDir === undefined ? "memory" : options.dataDir
  return Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true })
        const pglite = await PGlite.create({
          ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
          ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
          // int8 as a decimal string, as pg returns it, so both backends give the same rows.
          parsers: { [INT8_OID]: (value: string) => value },
        })
        return new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
      },
      catch: (cause) =>
        new StoreError({
          reason: "unreachable",
          message: `cannot open the PGlite database in ${where}: ${describeError(cause)}`,
          cause,
        }),
    }),
    (db) => Effect.promise(() => db.destroy()),
  ).pipe(
    Effect.map(
      (db): Backend => ({
        kind: "pglite",
        db,
        execute: executeThroughKysely(db),
        where: `PGlite (${where})`,
        notifyOnAppend: false,
      }),
    ),
  )
}
