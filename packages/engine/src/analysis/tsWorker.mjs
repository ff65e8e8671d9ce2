// Starts a worker thread on a TypeScript module: from source (tsx, vitest) the analysis worker is .ts.
import { workerData } from "node:worker_threads"
import { register } from "tsx/esm/api"

register()
await import(workerData.entry)
