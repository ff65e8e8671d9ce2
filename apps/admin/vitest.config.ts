import { defineConfig } from "vitest/config"
import { ciRetry } from "../../scripts/ciRetry.mjs"

// Unit tests beside the code; the end-to-end suite (e2e/) builds the app once, starts a real game server
// (embedded PGlite in a temporary folder) and one headless Chromium, shared by its files in sequence.
export default defineConfig({
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.ts", "e2e/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 900_000,
    fileParallelism: false,
    globalSetup: ["e2e/globalSetup.ts"],
    ...ciRetry,
  },
})
