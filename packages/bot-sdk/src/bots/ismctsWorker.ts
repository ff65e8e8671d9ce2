import { parentPort } from "node:worker_threads"
import { installNodeHasher } from "../nodeHasher.js"
import { type HalvingSampler, helperSampler } from "./ismcts.js"
import type { ToHelper } from "./threads.js"

/*
 * A helper thread of a search on several threads (`threads.ts` starts it): it grows its share of each search
 * it is told about and answers every round with its sums.
 */
installNodeHasher()
const port = parentPort
if (port === null) throw new Error("ismctsWorker: run as a worker thread")
let sampler: HalvingSampler | null = null
port.on("message", (message: ToHelper) => {
  if (message.type === "start") {
    sampler = helperSampler(message.plan)
    return
  }
  if (sampler === null) throw new Error("ismctsWorker: a round before any search")
  sampler.round([...message.alive], sampler.iterations + message.iterations, message.timeEnd)
  port.postMessage({ type: "sums", id: message.id, sums: sampler.totals() })
})
port.postMessage({ type: "ready" })
