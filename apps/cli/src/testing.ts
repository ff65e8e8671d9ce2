import { type ChildProcess, spawnSync } from "node:child_process"
import { chmodSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"

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

/**
 * The environment of a stranger's shell with Node and npm only, for the README's commands: a `pnpm` (and
 * `pnpx`) that is "not found" shadows any installed one, so a line that needs pnpm fails while the bootstrap's
 * own check (which fetches pnpm into .boroughs/tools) sees none; a fresh .boroughs home; PGlite.
 */
export const strangerEnv = (): { readonly env: NodeJS.ProcessEnv; readonly remove: () => void } => {
  const shadow = mkdtempSync(join(tmpdir(), "boroughs-readme-bin-"))
  for (const name of ["pnpm", "pnpx"]) {
    writeFileSync(join(shadow, name), `#!/bin/sh\necho "sh: ${name}: command not found" >&2\nexit 127\n`)
    chmodSync(join(shadow, name), 0o755)
  }
  const home = mkdtempSync(join(tmpdir(), "boroughs-readme-home-"))
  const env = {
    ...process.env,
    PATH: `${shadow}${delimiter}${process.env.PATH ?? ""}`,
    BOROUGHS_HOME: home,
    DATABASE_URL: "",
    CI: "true",
  }
  const remove = () => {
    rmSync(home, { recursive: true, force: true })
    rmSync(shadow, { recursive: true, force: true })
  }
  return { env, remove }
}

/**
 * The URL a spawned `boroughs server` prints once it listens (read from its stdout); rejects with what it
 * printed when it ends first.
 */
export const listeningUrl = (server: ChildProcess): Promise<string> => {
  let out = ""
  let err = ""
  server.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString()
  })
  server.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString()
  })
  return new Promise<string>((found, failed) => {
    const poll = setInterval(() => {
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) {
        clearInterval(poll)
        found(m[1] as string)
      }
    }, 100)
    server.on("close", () => {
      clearInterval(poll)
      failed(new Error(`the server ended before serving:\n${out}\n${err}`))
    })
  })
}
