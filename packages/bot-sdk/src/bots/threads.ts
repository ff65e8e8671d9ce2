import { Worker } from "node:worker_threads"
import type { HalvingHelpers, HelperSearch, PooledSums } from "./ismcts.js"

/*
 * Worker threads for IS-MCTS on several cores (Node only: `isMctsBot({ threads })` loads this module when it
 * needs it, so the SDK's main module stays portable).
 */

/** What a helper thread is sent. */
export type ToHelper =
  | { readonly type: "start"; readonly plan: HelperSearch }
  | {
      readonly type: "round"
      readonly id: number
      readonly alive: ReadonlyArray<number>
      readonly iterations: number
      readonly timeEnd: number
    }

/** What a helper thread answers. */
type FromHelper =
  | { readonly type: "ready" }
  | { readonly type: "sums"; readonly id: number; readonly sums: PooledSums }

/** A pool of helper threads, started once and reused by every search of a bot. */
export interface HelperPool {
  /** Resolves once every helper has loaded (searches under an iteration budget wait for it: reproducible). */
  readonly ready: Promise<void>
  /**
   * The helpers that have loaded and not failed, for one search. Async: a game played in process chains its
   * decisions by promises alone, so the news that a helper has loaded waits for a turn of the event loop.
   */
  available(): Promise<HalvingHelpers>
  close(): Promise<void>
}

interface Helper {
  readonly worker: Worker
  loaded: boolean
  failed: Error | null
  readonly waiting: Map<number, { resolve: (sums: PooledSums) => void; reject: (error: Error) => void }>
}

// In the workspace the SDK runs from its TypeScript source (through tsx): the worker starts from a small
// bootstrap that registers tsx first. Built, the worker is plain JavaScript beside this module.
const source = import.meta.url.endsWith(".ts")
const entry = new URL(source ? "./ismctsWorker.ts" : "./ismctsWorker.js", import.meta.url)
const script = source ? new URL("./tsWorker.mjs", import.meta.url) : entry

/** Starts `count` helper threads. They never keep the process alive while idle. */
export const helperPool = (count: number): HelperPool => {
  let nextId = 0
  const helpers: Helper[] = Array.from({ length: count }, () => {
    const helper: Helper = {
      worker: new Worker(script, { workerData: { entry: entry.href } }),
      loaded: false,
      failed: null,
      waiting: new Map(),
    }
    const fail = (error: Error) => {
      helper.failed ??= error
      for (const w of helper.waiting.values()) w.reject(error)
      helper.waiting.clear()
    }
    helper.worker.on("message", (message: FromHelper) => {
      if (message.type === "ready") {
        helper.loaded = true
        return
      }
      const waiting = helper.waiting.get(message.id)
      helper.waiting.delete(message.id)
      if (helper.waiting.size === 0) helper.worker.unref()
      waiting?.resolve(message.sums)
    })
    helper.worker.on("error", fail)
    helper.worker.on("exit", (code) => fail(new Error(`ismcts: a helper thread exited (code ${code})`)))
    helper.worker.unref()
    return helper
  })
  const ready = Promise.all(
    helpers.map(
      (helper) =>
        new Promise<void>((resolve, reject) => {
          if (helper.loaded) return resolve()
          helper.worker.ref()
          const settle = (error?: Error) => {
            helper.worker.unref()
            if (error === undefined) resolve()
            else reject(error)
          }
          helper.worker.on("message", (m: FromHelper) => m.type === "ready" && settle())
          helper.worker.once("error", settle)
        }),
    ),
  ).then(() => undefined)
  // Nobody need wait for `ready` (a time budget uses whoever has loaded): never an unhandled rejection.
  ready.catch(() => {})
  return {
    ready,
    available: async () => {
      if (helpers.some((h) => !h.loaded && h.failed === null)) await new Promise((r) => setImmediate(r))
      const live = helpers.filter((h) => h.loaded && h.failed === null)
      return {
        count: live.length,
        start: (h, plan) =>
          (live[h] as Helper).worker.postMessage({ type: "start", plan } satisfies ToHelper),
        round: (h, alive, iterations, timeEnd) => {
          const helper = live[h] as Helper
          if (helper.failed !== null) return Promise.reject(helper.failed)
          const id = nextId++
          helper.worker.ref()
          const sums = new Promise<PooledSums>((resolve, reject) =>
            helper.waiting.set(id, { resolve, reject }),
          )
          helper.worker.postMessage({ type: "round", id, alive, iterations, timeEnd } satisfies ToHelper)
          return sums
        },
      }
    },
    close: async () => {
      // A timer holds the process meanwhile: under tsx, a stopping worker's own handle was seen not to.
      const hold = setInterval(() => {}, 1_000)
      try {
        await Promise.all(helpers.map((h) => h.worker.terminate()))
      } finally {
        clearInterval(hold)
      }
    },
  }
}
