import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { EventStore } from "@boroughs/store"
import { CliError } from "./fail.js"
import { boroughsHome } from "./home.js"

/** A PostgreSQL URL that carries a password (`postgres://user:secret@host/db`). */
const hasPassword = (url: string): boolean => /^postgres(ql)?:\/\/[^/@]*:[^/@]+@/.test(url)

/** The database URL kept in $DATABASE_URL_FILE (the Docker/Kubernetes secrets way), if that is set. */
const urlFromFile = (): string | undefined => {
  const file = process.env.DATABASE_URL_FILE
  if (!file) return undefined
  try {
    return readFileSync(file, "utf8").trim() || undefined
  } catch (error) {
    throw new CliError(
      `cannot read the database URL from ${file} ($DATABASE_URL_FILE): ${(error as NodeJS.ErrnoException).code ?? error}`,
      2,
    )
  }
}

/**
 * What `--db` names: a PostgreSQL URL, or a directory for the embedded PGlite. Falls back to $DATABASE_URL,
 * then the URL in $DATABASE_URL_FILE (an empty variable counts as unset). A password given in `--db` works
 * but is warned about: a command line is readable by every user of the machine (ps, /proc).
 */
export const describeDb = (
  db: string | undefined,
): { kind: "postgres"; url: string } | { kind: "pglite"; dir: string } => {
  if (db !== undefined && hasPassword(db))
    process.stderr.write(
      "boroughs: warning: a password in --db shows in the process list; use $DATABASE_URL or $DATABASE_URL_FILE\n",
    )
  const target = db || process.env.DATABASE_URL || urlFromFile()
  if (target && /^postgres(ql)?:\/\//.test(target)) return { kind: "postgres", url: target }
  return { kind: "pglite", dir: target ? resolve(target) : join(boroughsHome(), "data") }
}

/**
 * How a child process (the server) is told the database without a URL on its command line: a PGlite folder
 * as `--db` (no secret in it), a PostgreSQL URL in its environment.
 */
export const databaseForChild = (
  db: ReturnType<typeof describeDb>,
): { args: ReadonlyArray<string>; env: NodeJS.ProcessEnv } =>
  db.kind === "postgres" ? { args: [], env: { DATABASE_URL: db.url } } : { args: ["--db", db.dir], env: {} }

/** The store layer on a database `describeDb` named. */
export const storeLayerOn = (d: ReturnType<typeof describeDb>) =>
  d.kind === "postgres"
    ? EventStore.layerPostgres({ url: d.url })
    : EventStore.layerPglite({ dataDir: d.dir })

/** The store layer for `--db`. */
export const storeLayer = (db: string | undefined) => storeLayerOn(describeDb(db))
