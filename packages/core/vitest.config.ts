import { defineConfig } from "vitest/config"

// Property tests play thousands of games; on a loaded 2-core CI machine a 5 s default is too tight.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000 } })
