import { defineConfig } from "vitest/config"
import { ciRetry } from "../scripts/ciRetry.mjs"

// The image tests start real processes (server, house bots, Next.js) one after the other: one file at a time.
export default defineConfig({
  test: { testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false, ...ciRetry },
})
