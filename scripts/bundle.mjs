#!/usr/bin/env node
// Bundles an app's entry point into one runnable ES module (plus lazily loaded chunks) with esbuild:
// users and deployments run this built JavaScript with plain `node`, no tsx loader and no pnpm in between.
// esbuild because it is the bundler the stack already carries (tsx and vite build on it), it reads our
// TypeScript sources and workspace packages as they are, and it bundles an app in well under a second.
//
//   node ../../scripts/bundle.mjs src/main.ts=boroughs   (run in the app's folder; writes dist/boroughs.js)
import { rmSync } from "node:fs"
import { build } from "esbuild"

const entryPoints = process.argv.slice(2).map((arg) => {
  const [input, name] = arg.split("=")
  if (!input || !name) throw new Error(`expected <entry.ts>=<name>, got "${arg}"`)
  return { in: input, out: name }
})
if (entryPoints.length === 0) throw new Error("usage: bundle.mjs <entry.ts>=<name> …")

rmSync("dist", { recursive: true, force: true })
await build({
  entryPoints,
  outdir: "dist",
  bundle: true,
  // Each command's modules in chunks of their own, loaded when the command runs: `--help` loads none.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  format: "esm",
  platform: "node",
  target: "node20",
  // Readable output, no source maps: a stack trace names a line of the bundle a person can open.
  legalComments: "none",
  logLevel: "warning",
  // PGlite loads its WebAssembly and data files from beside its own module, so it stays a dependency of
  // the app; pg-native is pg's optional native driver, which we never use.
  external: ["@electric-sql/pglite", "pg-native"],
  banner: {
    // CommonJS dependencies (pg, commander, cli-progress) require Node's built-ins: give them a require.
    js: [
      "#!/usr/bin/env node",
      'import { createRequire as __boroughsCreateRequire } from "node:module";',
      "const require = __boroughsCreateRequire(import.meta.url);",
    ].join("\n"),
  },
})
