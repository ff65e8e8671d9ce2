import { execFile } from "node:child_process"
import { existsSync, mkdirSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { promisify } from "node:util"
import { setFlagsFromString } from "node:v8"
import { PGlite } from "@electric-sql/pglite"
import { Effect, type Scope } from "effect"
import { Kysely } from "kysely"
import { PGliteDialect } from "kysely-pglite-dialect"
import { StoreError } from "../errors.js"
import type { Database } from "../schema.js"
import { type Backend, executeThroughKysely, writeThroughKysely } from "./backend.js"
import { describeError } from "./dbErrors.js"

const INT8_OID = 20

/**
 * PostgreSQL's buffer cache inside PGlite. Its default (128 MB) lives in the WebAssembly heap, which never
 * shrinks, so a game server on PGlite held ~130 MB more than it needed. On a folder, reads of pages outside
 * it go to the operating system's cache (not the process's memory); 16 MB keeps a live server's working set
 * (the tails of the streams being played and the global log's tail) in memory.
 */
export const PGLITE_SHARED_BUFFERS = "16MB"

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process. PGlite runs initdb in a second
 * WebAssembly instance whose memory the process keeps long after it is closed: a first `npm start` held
 * ~450 MB more than a restart on the same folder. In a child, that memory goes back with the child.
 */
const initdbInChild = async (dataDir: string): Promise<void> => {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href
  const script = `const { PGlite } = await import(${JSON.stringify(entry)});
const pglite = await PGlite.create({ dataDir: process.argv[1] });
await pglite.close();`
  await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script, dataDir], {
    timeout: 180_000,
  })
}

/**
 * By default PGlite's WebAssembly is compiled by V8's baseline compiler (Liftoff) only, never tiered up to
 * TurboFan: the optimised copies of its hot functions cost a server ~70 MB (idle 279 MB instead of 350; with
 * 1,000 open streams and 100 live games it stays under 400 MB) and bought ~15 % of append throughput (store
 * bench, same session: 2,646 moves/s against 2,231; catch-up 7 %) — far more than any table plays. A
 * process-wide V8 flag, set before PGlite compiles its module (PGlite is the only WebAssembly the store's
 * processes run); `wasmCompiler: "optimising"` leaves V8 alone.
 */
const chooseWasmCompiler = (compiler: "baseline" | "optimising"): void => {
  if (compiler === "baseline") setFlagsFromString("--liftoff-only")
}

/** Opens PGlite (embedded PostgreSQL) and closes it with the scope. */
export const pgliteBackend = (options: {
  /** A folder on disk; in memory when absent. */
  readonly dataDir?: string | undefined
  /** A data directory dump (PGlite's dumpDataDir) to start from instead of running initdb: tests use it. */
  readonly loadDataDir?: Blob | undefined
  /** PostgreSQL's `shared_buffers` (default `PGLITE_SHARED_BUFFERS`). */
  readonly sharedBuffers?: string | undefined
  /** See `chooseWasmCompiler` (default `baseline`). */
  readonly wasmCompiler?: "baseline" | "optimising" | undefined
}): Effect.Effect<Backend, StoreError, Scope.Scope> => {
  const where = options.dataDir === undefined ? "memory" : options.dataDir
  return Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        if (options.dataDir !== undefined) {
          mkdirSync(options.dataDir, { recursive: true })
          if (options.loadDataDir === undefined && !existsSync(join(options.dataDir, "PG_VERSION")))
            await initdbInChild(options.dataDir)
        }
        chooseWasmCompiler(options.wasmCompiler ?? "baseline")
        const pglite = await PGlite.create({
          ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
          ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
          // int8 as a decimal string, as pg returns it, so both backends give the same rows.
          parsers: { [INT8_OID]: (value: string) => value },
          startParams: [
            ...PGlite.defaultStartParams,
            "-c",
            `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
          ],
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
        write: writeThroughKysely(db),
        where: `PGlite (${where})`,
      }),
    ),
  )
}
