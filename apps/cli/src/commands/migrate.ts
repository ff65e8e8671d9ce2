import { grantServerRole, migrateServer } from "@boroughs/engine"
import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { describeDb, storeLayerOn } from "../db.js"
import { runEffect } from "../engine.js"
import { CliError } from "../fail.js"

/**
 * `boroughs migrate`: brings the database's schema up to date (the store's tables, then the server's), as the
 * tables' owner; with `--grant <role>`, gives that existing role exactly what the server needs
 * (`serverRuntimePrivileges`) and no more, so the server can run as it and never alter the log. Returns the
 * lines to print.
 */
export const migrateDatabase = (o: { db?: string; grant?: string }): Promise<ReadonlyArray<string>> => {
  const db = describeDb(o.db)
  if (o.grant !== undefined && db.kind !== "postgres")
    throw new CliError("--grant is for PostgreSQL: PGlite has one user and no roles to grant to", 2)
  return runEffect(
    Effect.gen(function* () {
      // Opening the store runs its migrations.
      const store = yield* EventStore
      yield* migrateServer(store.db)
      const lines = [
        `the ${store.backend === "postgres" ? "PostgreSQL" : "PGlite"} database's schema is up to date`,
      ]
      if (o.grant === undefined) return lines
      const granted = yield* grantServerRole(store.db, o.grant)
      return [...lines, `granted ${o.grant}:`, ...granted.map((line) => `  ${line}`)]
    }).pipe(Effect.scoped, Effect.provide(storeLayerOn(db))),
  )
}
