import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"
import { ciRetry } from "../../scripts/ciRetry.mjs"

// Vitest's default leaves a core free, which on a two-core machine (CI's) runs these files one after another.
// A file mostly keeps one core busy (its worker blocks on one CLI process at a time), so the README's file
// runs beside the others instead of after them. The bundles they run are built first, once (see the setup).
export default defineConfig({
  test: {
    testTimeout: 480_000,
    hookTimeout: 120_000,
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ["src/testing.globalSetup.ts"],
    ...ciRetry,
  },
})
