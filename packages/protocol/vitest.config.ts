import { defineConfig } from "vitest/config"

// The files share each worker's modules (isolate: false): its schemas are pure (7 s → 3 s).
export default defineConfig({ test: { isolate: false } })
