import { spawnSync } from "node:child_process"
import { join } from "node:path"

/**
 * Once, before any file: the server's and the CLI's bundles brought up to date by the bootstrap, as `npm start`
 * does (nothing to do after turbo's build, as in CI). The files run side by side, and a bootstrap inside one
 * of them (the README's `npm run setup`, `npm start`) rebuilding a stale bundle would empty dist/ under another
 * file's running CLI.
 */
export default function buildWhatTheTestsRun() {
  const root = join(import.meta.dirname, "../../..")
  const r = spawnSync(process.execPath, ["scripts/bootstrap.mjs", "boroughs", "--help"], {
    cwd: root,
    encoding: "utf8",
    timeout: 300_000,
  })
  if (r.status !== 0)
    throw new Error(`the bootstrap could not build the CLI (exit ${r.status}):\n${r.stderr}`)
}
