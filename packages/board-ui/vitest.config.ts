import { defineConfig } from "vitest/config"

// Tests play whole games with the bots and render many views; on a loaded 2-core CI machine a 5 s default is
// too tight. The files share each worker's modules (isolate: false): they keep no state between them, and
// importing the boards and games again for every file cost more than the tests (30 s → 11 s).
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000, isolate: false } })
