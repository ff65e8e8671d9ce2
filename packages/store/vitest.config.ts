import { defineConfig } from "vitest/config"

// The files share each worker's modules (isolate: false): each test opens its own database, and importing
// the store again for every file cost a third of the suite (27 s → 20 s with PostgreSQL).
export default defineConfig({ test: { isolate: false } })
