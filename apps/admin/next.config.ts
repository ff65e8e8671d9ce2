import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import type { NextConfig } from "next"

const here = dirname(fileURLToPath(import.meta.url))

// The admin app calls the game server with @boroughs/protocol's typed client, through its own `/api/*`
// pass-through (app/api), never the database.
const config: NextConfig = {
  // The workspace packages export TypeScript source written for Node's ESM resolution (`./Api.js` names
  // `./Api.ts`). Webpack maps the extensions (`extensionAlias`); Turbopack cannot yet, so the scripts pass
  // `--webpack`.
  transpilePackages: ["@boroughs/board-ui", "@boroughs/core", "@boroughs/protocol", "@boroughs/web-shared"],
  outputFileTracingRoot: resolve(here, "../.."),
  poweredByHeader: false,
  reactStrictMode: true,
  // `pnpm typecheck` checks the app; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  webpack: (webpackConfig) => {
    webpackConfig.resolve.extensionAlias = {
      ".js": [".ts", ".tsx", ".js"],
      ".mjs": [".mts", ".mjs"],
    }
    return webpackConfig
  },
}

export default config
