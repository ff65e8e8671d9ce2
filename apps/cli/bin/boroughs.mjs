#!/usr/bin/env node
// The `boroughs` command runs the bundle of apps/cli (built by `npm run setup`, `npm start` and `npm test`).
// In a fresh clone nothing is built yet: set the workspace up first (pnpm, dependencies, bundles), once.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

const bundle = new URL("../dist/boroughs.js", import.meta.url)
if (!existsSync(bundle)) {
  const bootstrap = fileURLToPath(new URL("../../../scripts/bootstrap.mjs", import.meta.url))
  process.stderr.write("boroughs: first run in this folder: setting it up (npm run setup)\n")
  const setup = spawnSync(process.execPath, [bootstrap], { stdio: ["inherit", process.stderr, "inherit"] })
  if (setup.status !== 0 || !existsSync(bundle)) process.exit(setup.status || 1)
}
await import(bundle.href)
