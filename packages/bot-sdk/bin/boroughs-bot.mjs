#!/usr/bin/env node
// The workspace's `boroughs-bot` runs the built command, as the published package does (its bin is
// dist/bin/boroughs-bot.js): `npm run setup` at the repository's root builds it. In a fresh clone nothing is
// built yet: set the workspace up first (pnpm, dependencies, builds), once. tsx is for development only.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

const built = new URL("../dist/bin/boroughs-bot.js", import.meta.url)
if (!existsSync(built)) {
  const bootstrap = fileURLToPath(new URL("../../../scripts/bootstrap.mjs", import.meta.url))
  process.stderr.write("boroughs-bot: first run in this folder: setting it up (npm run setup)\n")
  const setup = spawnSync(process.execPath, [bootstrap], { stdio: ["inherit", process.stderr, "inherit"] })
  if (setup.status !== 0 || !existsSync(built)) process.exit(setup.status || 1)
}
await import(built.href)
