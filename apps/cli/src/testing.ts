import { spawnSync } from "node:child_process"
import { cpSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** The built `boroughs` command (turbo builds it before these tests): what users run. */
export const BUILT_CLI = join(import.meta.dirname, "../dist/boroughs.js")

/** Runs the built CLI as a person would: a real process, no database URL unless given, no terminal. */
export const cli = (args: ReadonlyArray<string>, timeoutMs = 390_000, env: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(process.execPath, [BUILT_CLI, ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: "", CI: "true", ...env },
    timeout: timeoutMs,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

let migratedTemplate: string | undefined

/**
 * A PGlite folder at `dir` as `boroughs migrate` leaves a new one: empty, its schema up to date. Creating a
 * folder costs about 6 s of CPU (initdb and migrations); this costs that once per test file, then a copy. For
 * tests of something other than creating a database: `migrate`'s test and the README's first commands still
 * start from nothing.
 */
export const migratedPglite = (dir: string): string => {
  if (migratedTemplate === undefined) {
    const template = join(mkdtempSync(join(tmpdir(), "boroughs-cli-template-")), "db")
    const r = cli(["migrate", "--db", template])
    if (r.code !== 0) throw new Error(`boroughs migrate --db ${template} exited ${r.code}:\n${r.stderr}`)
    migratedTemplate = template
  }
  cpSync(migratedTemplate, dir, { recursive: true })
  return dir
}
