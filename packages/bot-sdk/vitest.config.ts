import { defineConfig } from "vitest/config"
import { ciRetry } from "../../scripts/ciRetry.mjs"

// Whole games (a Python child process, a real server) on a loaded 2-core machine: generous limits. The files
// share each worker's modules (isolate: false): tests that touch globals (timers, env) put them back, and
// importing the SDK and the games again for every file cost a third of the suite (103 s → 71 s).
export default defineConfig({
  test: { testTimeout: 180_000, hookTimeout: 120_000, isolate: false, ...ciRetry },
})
