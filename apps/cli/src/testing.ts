import { spawnSync } from "node:child_process"
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
