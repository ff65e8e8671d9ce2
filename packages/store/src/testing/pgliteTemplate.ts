import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { PGlite } from "@electric-sql/pglite"

const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite")
  const pkg = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as {
    version: string
  }
  return pkg.version
}

let template: Promise<Blob> | undefined

/**
 * A freshly initialised PGlite data directory, as a dump to load. initdb takes PGlite 5–20 s; loading a dump
 * takes 1–3 s, so every test file after the first on a machine starts quickly. The dump is cached in the
 * process and in the OS temp folder (keyed by PGlite version, written atomically).
 */
export const pgliteTemplate = (): Promise<Blob> => {
  template ??= (async () => {
    const file = join(tmpdir(), `boroughs-pglite-${pgliteVersion()}-initdb.tar`)
    if (existsSync(file)) return new Blob([readFileSync(file)])
    const pglite = await PGlite.create()
    const dump = await pglite.dumpDataDir("none")
    await pglite.close()
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
    renameSync(partial, file)
    return dump
  })()
  return template
}
