import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { createServer } from "node:net"
import { dirname, join, resolve } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"

export const repoDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..")
export const serverDir = join(repoDir, "apps/server")

/** The `next` command line of a Next.js app (run with node, so no shell or .bin shim is involved). */
export const nextBinOf = (appDir: string): string => join(appDir, "node_modules/next/dist/bin/next")

/** Debian's chromium, where the machine has it. */
export const chromiumPath = (): string => {
  for (const p of [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"])
    if (p && existsSync(p)) return p
  throw new Error(
    "the e2e tests need Debian's chromium at /usr/bin/chromium or CHROMIUM_PATH (apt-get install chromium; .ci/run installs it)",
  )
}

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/** A port nobody listens on now. */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer()
    probe.once("error", fail)
    probe.listen(0, "127.0.0.1", () => {
      const a = probe.address()
      const port = typeof a === "object" && a !== null ? a.port : 0
      probe.close(() => done(port))
    })
  })

/** Starts a child and resolves with it and the first line of its output that matches `ready`. */
export const launch = (
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number },
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> =>
  new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    const tail: string[] = []
    let ready = false
    const timer = setTimeout(() => {
      if (!ready) fail(new Error(`${name} did not start in time:\n${tail.join("\n")}`))
    }, options.timeoutMs)
    const onLine = (line: string) => {
      tail.push(line)
      if (tail.length > 40) tail.shift()
      if (process.env.E2E_VERBOSE) process.stderr.write(`[${name}] ${line}\n`)
      const m = ready ? null : line.match(options.ready)
      if (m) {
        ready = true
        clearTimeout(timer)
        done({ child, match: m })
      }
    }
    for (const s of [child.stdout, child.stderr]) if (s) createInterface({ input: s }).on("line", onLine)
    child.once("exit", (code) => {
      clearTimeout(timer)
      if (!ready) fail(new Error(`${name} exited (${code}) before it was ready:\n${tail.join("\n")}`))
    })
  })

/** Stops a child and waits for it to exit. */
export const stop = (child: ChildProcess | undefined): Promise<void> =>
  new Promise((done) => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return done()
    child.once("exit", () => done())
    child.kill("SIGTERM")
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref()
  })

const newest = (dir: string): number => {
  if (!existsSync(dir)) return 0
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

/**
 * Whether the app's production build is missing or older than its sources or the sources of the workspace
 * packages it bundles (`packages/<name>/src`).
 */
export const buildIsStale = (appDir: string, bundledPackages: ReadonlyArray<string>): boolean => {
  const built = join(appDir, ".next/BUILD_ID")
  if (!existsSync(built)) return true
  const at = statSync(built).mtimeMs
  const sources = [
    ...["app", "components", "lib"].map((d) => join(appDir, d)),
    ...bundledPackages.map((p) => join(repoDir, "packages", p, "src")),
  ]
  return sources.some((d) => newest(d) > at) || statSync(join(appDir, "next.config.ts")).mtimeMs > at
}
