import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import type { NextConfig } from "next"

const here = dirname(fileURLToPath(import.meta.url))

// The admin app only reads types from @boroughs/protocol; it reaches the game server through its own
// `/api/*` pass-through (app/api), never the database.
const config: NextConfig = {
  outputFileTracingRoot: resolve(here, "../.."),
  poweredByHeader: false,
  reactStrictMode: true,
  // `pnpm typecheck` checks the app; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
}

export default config
