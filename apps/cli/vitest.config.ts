import { defineConfig } from "vitest/config"

export default defineConfig({ test: { testTimeout: 480_000, hookTimeout: 120_000 } })
