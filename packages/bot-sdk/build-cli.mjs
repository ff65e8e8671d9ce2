#!/usr/bin/env node
// Bundles the `boroughs-bot` command into dist/bin/: an ES module that plain `node` runs, with no tsx and no
// module resolution at start-up (effect alone is hundreds of files), plus the IS-MCTS helper thread beside it.
// The bundle's `threads` code starts its worker from `new URL("./ismctsWorker.js", import.meta.url)`, which
// esbuild leaves as it is: so the worker is bundled too, under that name, in the same folder.
//
//   node build-cli.mjs   (run in packages/bot-sdk, after tsc; `pnpm build` does both)
import { rmSync } from "node:fs"
import { build } from "esbuild"

// effect's `http-api` index re-exports the Scalar and Swagger documentation pages, which load their assets
// (5 MB) by dynamic import. Tree-shaking drops the pages, which we never serve, but with splitting each dynamic
// import still becomes a chunk: resolve those two to an empty module instead.
const unusedDocsUi = {
  name: "unused-docs-ui",
  setup(build) {
    build.onResolve({ filter: /^\.\/internal\/httpApi(Scalar|Swagger)\.js$/ }, () => ({
      path: "unused-docs-ui",
      namespace: "unused",
    }))
    build.onLoad({ filter: /.*/, namespace: "unused" }, () => ({ contents: "export {}", loader: "js" }))
  },
}

const outdir = "dist/bin"
rmSync(outdir, { recursive: true, force: true })
const result = await build({
  entryPoints: [
    { in: "src/cli.ts", out: "boroughs-bot" },
    { in: "src/bots/ismctsWorker.ts", out: "ismctsWorker" },
  ],
  outdir,
  bundle: true,
  // What the two share, and what only some commands load (the server's client, the stdio bridge), in chunks
  // beside them: in this folder too, as the helper thread is found relative to the chunk holding `threads`.
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Every dependency is plain JavaScript (effect, commander, @noble/hashes…): all of it goes in. Node's
  // built-ins stay imports (platform node); nothing here has native or WebAssembly assets to keep outside.
  packages: "bundle",
  minifySyntax: true,
  legalComments: "linked",
  logLevel: "warning",
  metafile: true,
  plugins: [unusedDocsUi],
  banner: {
    // commander is CommonJS and requires Node's built-ins: give it a require. (The `#!/usr/bin/env node` line
    // comes from src/cli.ts: esbuild keeps an entry's hashbang first.)
    js: [
      'import { createRequire as __boroughsCreateRequire } from "node:module";',
      "const require = __boroughsCreateRequire(import.meta.url);",
    ].join("\n"),
  },
})

// Guard the plugin above: should effect move those pages, their assets would be back in the package.
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0)
if (bytes > 3_000_000)
  throw new Error(
    `build-cli: dist/bin holds ${bytes} bytes (at most 3 MB expected); what grew? (esbuild metafile)`,
  )
