#!/usr/bin/env node
// Bundles the `boroughs-bot` command into dist/bin/ with the workspace's bundler (scripts/bundle.mjs): an ES
// module that plain `node` runs, with no module resolution at start-up (effect alone is hundreds of files), plus
// the IS-MCTS helper thread beside it. The bundle's `threads` code starts its worker from
// `new URL("./ismctsWorker.js", import.meta.url)`, so the worker is bundled too, under that name, in that folder.
//
//   node build-cli.mjs   (run in packages/bot-sdk, after tsc; `pnpm build` does both)
import { bundle } from "../../scripts/bundle.mjs"

await bundle({
  entryPoints: [
    { in: "src/cli.ts", out: "boroughs-bot" },
    { in: "src/bots/ismctsWorker.ts", out: "ismctsWorker" },
  ],
  outdir: "dist/bin",
  // What the published package ships: effect's documentation pages must stay out.
  maxBytes: 3_000_000,
})
