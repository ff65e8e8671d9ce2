/**
 * `playouts-node.ts` as production runs the rules: bundled by esbuild like `scripts/bundle.mjs` bundles the
 * server (no `keepNames`), not transformed file by file by tsx. tsx compiles with `keepNames`, which wraps every
 * named closure in a `__name` call each time it is created; the rules create such closures on every decision,
 * so under tsx the same playouts run measurably slower than in the server's bundle or core's tsc build.
 *
 *   node bench/playouts-bundled.mjs
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const dir = mkdtempSync(join(tmpdir(), "boroughs-bench-"))
try {
  const outfile = join(dir, "playouts-node.mjs")
  await build({
    entryPoints: [fileURLToPath(new URL("./playouts-node.ts", import.meta.url))],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "warning",
    // What the server's bundle leaves to node_modules (scripts/bundle.mjs).
    external: ["@electric-sql/pglite", "pg-native"],
  })
  const run = spawnSync(process.execPath, [outfile], { stdio: "inherit" })
  process.exitCode = run.status ?? 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
