import { defineConfig } from "vitest/config"

// The files share each worker's modules (isolate: false): its rules are pure (4.8 s → 3.4 s).
export default defineConfig({ test: { isolate: false } })
