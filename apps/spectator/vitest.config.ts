import { defineConfig } from "vitest/config"
import { ciRetry } from "../../scripts/ciRetry.mjs"

// Unit tests beside the code; the end-to-end suite (e2e/) builds the site once, starts a real server and a
// real Chromium, and shares them across its files (one fork, files in sequence).
export default defineConfig({
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.ts", "e2e/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    ...ciRetry,
    globalSetup: ["e2e/globalSetup.ts"],
  },
})
