import { existsSync, readdirSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..")

/** Where the apps `start` runs live (apps never import apps: they run as child processes). */
export const appDirs = {
  server: join(repo, "apps/server"),
  spectator: join(repo, "apps/spectator"),
} as const

/** The `next` executable of the spectator app. */
export const nextBin = (): string =>
  createRequire(join(appDirs.spectator, "package.json")).resolve("next/dist/bin/next")

/** The sources a production build of the site is made from: the app and the packages it bundles. */
const sourceDirs = [
  ...["app", "components", "lib"].map((d) => join(appDirs.spectator, d)),
  ...["board-ui", "protocol", "core"].map((p) => join(repo, "packages", p, "src")),
]

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
 * Whether the site needs a (re)build: no production build yet, or a source newer than it. A stale build
 * could draw views of a game whose rules changed since.
 */
export const siteBuildStale = (): boolean => {
  const built = join(appDirs.spectator, ".next/BUILD_ID")
  if (!existsSync(built)) return true
  const at = statSync(built).mtimeMs
  return (
    sourceDirs.some((d) => newest(d) > at) || statSync(join(appDirs.spectator, "next.config.ts")).mtimeMs > at
  )
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
