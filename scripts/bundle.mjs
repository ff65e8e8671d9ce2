#!/usr/bin/env node
// Bundles a command's entry points into runnable ES modules (plus lazily loaded chunks) with esbuild: users,
// deployments and the published `boroughs-bot` run this built JavaScript with plain `node`, no tsx loader and no
// pnpm in between. esbuild because it is the bundler the stack already carries (tsx and vite build on it), it
// reads our TypeScript sources and workspace packages as they are, and it bundles an app in about a second.
//
//   node ../../scripts/bundle.mjs src/main.ts=boroughs   (in an app's folder: writes dist/boroughs.js)
// or, from a build script, `bundle({ entryPoints, outdir, maxBytes })`.
import { rmSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { build } from "esbuild"

// effect's `http-api` index re-exports the Scalar and Swagger documentation pages, which load their assets
// (5 MB) by dynamic import. None of our commands serves them, but with splitting each dynamic import still
// becomes a chunk: resolve those two to an empty module instead.
const unusedDocsUi = {
  name: "unused-docs-ui",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\/internal\/httpApi(Scalar|Swagger)\.js$/ }, () => ({
      path: "unused-docs-ui",
      namespace: "unused",
    }))
    esbuild.onLoad({ filter: /.*/, namespace: "unused" }, () => ({ contents: "export {}", loader: "js" }))
  },
}

/**
 * Bundles `entryPoints` ({ in, out }) into `outdir`, emptied first. An entry's `#!/usr/bin/env node` line stays
 * first in its output. Fails when the output outgrows `maxBytes` (a dependency pulled in something big).
 */
export const bundle = async ({ entryPoints, outdir = "dist", maxBytes = 12_000_000 }) => {
  rmSync(outdir, { recursive: true, force: true })
  const result = await build({
    entryPoints,
    outdir,
    bundle: true,
    // Each command's modules in chunks of their own, loaded when the command runs: `--help` loads none. The
    // chunks sit beside the entries, so code that finds a file from its own module (a worker) finds it there.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Readable output, no source maps: a stack trace names a line of the bundle a person can open.
    legalComments: "linked",
    logLevel: "warning",
    metafile: true,
    plugins: [unusedDocsUi],
    // PGlite loads its WebAssembly and data files from beside its own module, so it stays a dependency of the
    // app; pg-native is pg's optional native driver, which we never use.
    external: ["@electric-sql/pglite", "pg-native"],
    banner: {
      // CommonJS dependencies (pg, commander, cli-progress) require Node's built-ins: give them a require.
      js: [
        'import { createRequire as __boroughsCreateRequire } from "node:module";',
        "const require = __boroughsCreateRequire(import.meta.url);",
      ].join("\n"),
    },
  })
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0)
  if (bytes > maxBytes)
    throw new Error(`bundle: ${outdir} holds ${bytes} bytes (at most ${maxBytes} expected); what grew?`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const entryPoints = process.argv.slice(2).map((arg) => {
    const [input, name] = arg.split("=")
    if (!input || !name) throw new Error(`expected <entry.ts>=<name>, got "${arg}"`)
    return { in: input, out: name }
  })
  if (entryPoints.length === 0) throw new Error("usage: bundle.mjs <entry.ts>=<name> …")
  await bundle({ entryPoints })
}
