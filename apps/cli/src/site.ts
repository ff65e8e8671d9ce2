import { existsSync, readdirSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { join } from "node:path"
import { CliError } from "./fail.js"
import { workspaceRoot } from "./home.js"

/** A Next.js app `start` serves (apps never import apps: they run as child processes of the CLI). */
export type WebApp = "spectator" | "admin"

const appDir = (app: WebApp | "server"): string => {
  const root = workspaceRoot()
  if (root === null)
    throw new CliError(
      `the ${app} app is not here: \`start\` runs the apps of the Boroughs workspace it was built in (or use --api-url)`,
    )
  return join(root, "apps", app)
}

/** The server's built entry point: \`start\` and \`server\` run it with plain node. */
export const serverEntry = (): string => {
  const entry = join(appDir("server"), "dist", "main.js")
  if (!existsSync(entry))
    throw new CliError("the game server is not built yet: run `npm run setup` in the Boroughs folder first")
  return entry
}

/** The folder of a Next.js app and its `next` executable. */
export const webApp = (app: WebApp) => {
  const dir = appDir(app)
  return { dir, next: createRequire(join(dir, "package.json")).resolve("next/dist/bin/next") }
}

/** The sources a production build of an app is made from: the app and the packages it bundles. */
const sourceDirs = (app: WebApp): string[] => {
  const dir = appDir(app)
  // Both apps draw boards (the admin's game page is the spectator board with organiser extras).
  const packages = ["board-ui", "protocol", "core", "web-shared"]
  return [
    ...["app", "components", "lib"].map((d) => join(dir, d)),
    ...packages.map((p) => join(dir, "../../packages", p, "src")),
  ]
}

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
 * Whether an app needs a (re)build: no production build yet, or a source newer than it. A stale build
 * could draw views of a game whose rules changed since.
 */
export const buildStale = (app: WebApp): boolean => {
  const dir = appDir(app)
  const built = join(dir, ".next/BUILD_ID")
  if (!existsSync(built)) return true
  const at = statSync(built).mtimeMs
  return sourceDirs(app).some((d) => newest(d) > at) || statSync(join(dir, "next.config.ts")).mtimeMs > at
}

/** A free TCP port on the host, for `--port 0`. */
export const freePort = (host: string): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer()
    probe.once("error", fail)
    probe.listen(0, host, () => {
      const address = probe.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      probe.close(() => done(port))
    })
  })

/** Whether nothing listens on `port` of `host` yet (Next.js says it is ready before it binds its port). */
export const portFree = (host: string, port: number): Promise<boolean> =>
  new Promise((done) => {
    const probe = createServer()
    probe.once("error", () => done(false))
    probe.listen(port, host, () => probe.close(() => done(true)))
  })
