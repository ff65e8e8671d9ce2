import { defineConfig } from "vitest/config"

// Whole games (a Python child process, a real server) on a loaded 2-core machine: generous limits.
export default defineConfig({ test: { testTimeout: 180_000, hookTimeout: 120_000 } })
