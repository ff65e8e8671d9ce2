#!/usr/bin/env node
// Runs a workspace command on a machine that may have only Node and npm: fetches the pinned pnpm with npm
// when none is on PATH, installs the lockfile's dependencies when they are missing or stale, builds what the
// command runs when it is missing or older than its sources, then runs the command. `npm run setup`,
// `npm start` and `npm test` go through here (README).
import { spawn, spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { delimiter, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const pnpmVersion = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1]
const [, , tool, ...args] = process.argv

// Our own lines and the tools' go to stderr: stdout carries only what the command itself prints (data).
const run = (cmd, argv) => {
  const r = spawnSync(cmd, argv, {
    cwd: root,
    stdio: ["inherit", process.stderr, "inherit"],
    env: process.env,
    shell: process.platform === "win32",
  })
  if (r.error) {
    console.error(`boroughs: could not run ${cmd}: ${r.error.message}`)
    process.exit(1)
  }
  return r.status ?? 1
}

const hasPnpm = () => {
  const r = spawnSync("pnpm", ["--version"], { encoding: "utf8", shell: process.platform === "win32" })
  return r.status === 0 && r.stdout.trim() === pnpmVersion
}

// No pnpm of the pinned version on PATH (a fresh machine): install it into .boroughs/tools with npm and put
// it first on PATH, for us and for turbo, which runs every package's scripts through pnpm.
if (!hasPnpm()) {
  const tools = join(root, ".boroughs", "tools")
  process.env.PATH = `${join(tools, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}`
  if (!hasPnpm()) {
    console.error(`boroughs: installing pnpm ${pnpmVersion} into .boroughs/tools (once)`)
    const status = run("npm", [
      "install",
      "--prefix",
      tools,
      "--no-save",
      "--no-fund",
      "--no-audit",
      `pnpm@${pnpmVersion}`,
    ])
    if (status !== 0 || !hasPnpm()) {
      console.error("boroughs: could not install pnpm with npm; is the npm registry reachable?")
      process.exit(1)
    }
  }
}
const pnpm = (argv) => run("pnpm", argv)

const marker = join(root, "node_modules", ".modules.yaml")
const stale = !existsSync(marker) || statSync(join(root, "pnpm-lock.yaml")).mtimeMs > statSync(marker).mtimeMs
if (stale) {
  const status = pnpm(["install", "--frozen-lockfile"])
  if (status !== 0) process.exit(status)
}

/** The newest modification time under `path` (0 when it does not exist). */
const newest = (path) => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = 0
  for (const entry of readdirSync(path))
    if (entry !== "node_modules") latest = Math.max(latest, newest(join(path, entry)))
  return latest
}

// What the commands run, built when missing or older than any source it is made of (its own and the
// workspace packages' it bundles): the server's and the CLI's bundles (esbuild, a second or two each) for
// every command; `npm run setup` also builds `boroughs-bot` (tsc and esbuild, about half a minute).
const packageSources = readdirSync(join(root, "packages")).map((p) => join(root, "packages", p, "src"))
const builds = [
  ["@boroughs/server", "apps/server", "dist/main.js", "the game server"],
  ["@boroughs/cli", "apps/cli", "dist/boroughs.js", "the boroughs command"],
  ...(tool
    ? []
    : [["@boroughs/bot-sdk", "packages/bot-sdk", "dist/bin/boroughs-bot.js", "boroughs-bot and the SDK"]]),
]
for (const [name, dir, entry, what] of builds) {
  const built = newest(join(root, dir, entry))
  const sources = [
    join(root, dir, "src"),
    join(root, "scripts", "bundle.mjs"),
    join(root, dir, "build-cli.mjs"),
  ]
  if (built === 0 || [...sources, ...packageSources].some((path) => newest(path) > built)) {
    console.error(`boroughs: building ${what}`)
    const status = pnpm(["--filter", name, "run", "--silent", "build"])
    if (status !== 0) process.exit(status)
  }
}

if (!tool) {
  console.error("boroughs: ready. Try: npx boroughs --help")
  process.exit(0)
}

// The command itself runs beside us, not under spawnSync: a signal sent to this process alone (a process
// manager's SIGTERM, `kill <pid of npm start>`) is passed on, so the server and the site it started stop too
// instead of living on without a parent. Ctrl-C reaches the whole process group anyway; the commands treat
// a repeated signal as the same request to stop. The CLI runs from its bundle as one Node process, with no
// pnpm, tsx or shell in between: a shell does not pass a signal on.
const [command, argv] =
  tool === "boroughs"
    ? [process.execPath, [join(root, "apps", "cli", "dist", "boroughs.js"), ...args]]
    : ["pnpm", ["exec", tool, ...args]]
const child = spawn(command, argv, {
  cwd: root,
  stdio: "inherit",
  env: process.env,
  shell: process.platform === "win32" && command === "pnpm",
})
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal))
// npm does not pass a SIGTERM on to its script: when npm start is stopped that way this process is orphaned
// (re-parented), so a change of parent is read as the same request to stop.
const parent = process.ppid
const orphaned = setInterval(() => {
  if (process.ppid === parent) return
  clearInterval(orphaned)
  child.kill("SIGTERM")
}, 500)
orphaned.unref()
child.on("error", (error) => {
  console.error(`boroughs: could not run ${command}: ${error.message}`)
  process.exit(1)
})
child.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 1)))
