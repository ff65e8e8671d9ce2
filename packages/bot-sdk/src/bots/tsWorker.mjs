// Starts a worker thread on a TypeScript module (in the workspace, where the source runs through tsx).
import { workerData } from "node:worker_threads"
import { register } from "tsx/esm/api"

register()
await import(workerData.entry)
