import { existsSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * The workspace this CLI was built in (the folder with pnpm-workspace.yaml above this module, from source or
 * from dist/), or null for a copy outside it (an image). The CLI runs the apps there: `apps/server/dist`, the
 * Next.js builds.
 */
export const workspaceRoot = (): string | null => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir
    if (dirname(dir) === dir) return null
  }
}

/** Where `.boroughs/` (organiser token, signing key) lives: $BOROUGHS_HOME, else the workspace, else here. */
export const boroughsHome = (): string =>
  resolve(process.env.BOROUGHS_HOME || (workspaceRoot() ?? process.cwd()), ".boroughs")
