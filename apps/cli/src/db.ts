import { join, resolve } from "node:path"
import { EventStore } from "@boroughs/store"
import { boroughsHome } from "./home.js"

/** What `--db` names: a PostgreSQL URL, or a directory for the embedded PGlite. Falls back to DATABASE_URL. */
export const describeDb = (
  db: string | undefined,
): { kind: "postgres"; url: string } | { kind: "pglite"; dir: string } => {
  const target = db ?? process.env.DATABASE_URL
  if (target && /^postgres(ql)?:\/\//.test(target)) return { kind: "postgres", url: target }
  return { kind: "pglite", dir: target ? resolve(target) : join(boroughsHome(), "data") }
}

/** The store layer for `--db`. */
export const storeLayer = (db: string | undefined) => {
  const d = describeDb(db)
  return d.kind === "postgres"
    ? EventStore.layerPostgres({ url: d.url })
    : EventStore.layerPglite({ dataDir: d.dir })
}
