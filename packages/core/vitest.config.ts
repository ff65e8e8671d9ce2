import { defineConfig } from "vitest/config"

// Property tests play thousands of games; on a loaded 2-core CI machine a 5 s default is too tight.
// The files share each worker's modules (isolate: false): they keep no state between them, and importing the
// games again for every file cost more than the tests (94 s → 33 s for the suite on a two-core machine).
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000, isolate: false } })
