import { defineConfig } from "vitest/config"
import { ciRetry } from "../../scripts/ciRetry.mjs"

export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000, ...ciRetry } })
