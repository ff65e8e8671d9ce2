#!/usr/bin/env node
// Packs the SDK as the registry would serve it: @boroughs/core, @boroughs/protocol and @boroughs/bot-sdk, each
// built (when its dist/ is missing or older than its sources) and packed by `pnpm pack`, which applies
// publishConfig and writes out workspace:/catalog: versions. The root's `npm run pack:sdk` runs this; so does
// the installation test (src/install.int.test.ts). Needs pnpm on PATH (the root script provides it).
//
//   node packages/bot-sdk/scripts/pack-sdk.mjs [--out <dir>]   (default <repo>/dist/sdk; prints the tarballs)
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..")
const outFlag = process.argv.indexOf("--out")
const out = resolve(outFlag === -1 ? join(root, "dist", "sdk") : (process.argv[outFlag + 1] ?? ""))

/** In dependency order: each is built before what imports it. `built` is the file the build writes last. */
const PACKAGES = [
  { name: "@boroughs/core", dir: "packages/core", built: "dist/index.js" },
  { name: "@boroughs/protocol", dir: "packages/protocol", built: "dist/index.js" },
  { name: "@boroughs/bot-sdk", dir: "packages/bot-sdk", built: "dist/bin/boroughs-bot.js" },
]
const INPUTS = ["src", "package.json", "tsconfig.json", "tsconfig.build.json", "build-cli.mjs"]

const fail = (message) => {
  process.stderr.write(`pack-sdk: ${message}\n`)
  process.exit(1)
}

const pnpm = (args, cwd) => {
  // pnpm's own output goes to stderr: stdout lists the tarballs alone.
  const r = spawnSync("pnpm", args, { cwd, stdio: ["ignore", 2, 2], shell: process.platform === "win32" })
  if (r.error)
    fail(`could not run pnpm (${r.error.message}); run this through \`npm run pack:sdk\` at the root`)
  if (r.status !== 0) fail(`pnpm ${args.join(" ")} failed in ${cwd} (exit ${r.status})`)
}

/** The newest modification time under a path (a file, or every file of a folder). */
const newest = (path) => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, entry) => Math.max(max, newest(join(path, entry))), stat.mtimeMs)
}

// Once one package is rebuilt, those after it are too: they compile against its declarations.
let rebuilt = false
for (const pkg of PACKAGES) {
  const dir = join(root, pkg.dir)
  const built = join(dir, pkg.built)
  // The workspace's bundler too: it makes the `boroughs-bot` command.
  const sources = Math.max(
    newest(join(root, "scripts", "bundle.mjs")),
    ...INPUTS.map((input) => newest(join(dir, input))),
  )
  if (rebuilt || !existsSync(built) || statSync(built).mtimeMs < sources) {
    process.stderr.write(`pack-sdk: building ${pkg.name}\n`)
    pnpm(["run", "build"], dir)
    rebuilt = true
  }
}

rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
for (const pkg of PACKAGES) pnpm(["pack", "--pack-destination", out], join(root, pkg.dir))
const tarballs = readdirSync(out).filter((f) => f.endsWith(".tgz"))
if (tarballs.length !== PACKAGES.length)
  fail(`expected ${PACKAGES.length} tarballs in ${out}, found ${tarballs}`)
for (const tarball of tarballs) process.stdout.write(`${join(out, tarball)}\n`)
