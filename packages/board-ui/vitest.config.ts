import { defineConfig } from "vitest/config"

// Tests play whole games with the bots and render many views; on a loaded 2-core CI machine a 5 s default is
// too tight.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000 } })
