import { Worker } from "node:worker_threads"
import type { Typed } from "@boroughs/core"
import type { FromSearchWorker, SearchJob, ToSearchWorker } from "./searchMessages.js"

/** What a search answered. */
export interface Searched {
  readonly command: Typed
  readonly iterations: number
}

/** Worker threads that run the house bots' searches, one search each at a time, the rest queued. */
export interface SearchPool {
  /**
   * Searches on the first free thread. Rejects when the search fails, or when `giveUpAt` (epoch ms) passes
   * first: a search still queued then never starts, and one running is dropped (see `giveUp`).
   */
  search(job: SearchJob, giveUpAt: number | null): Promise<Searched>
  close(): Promise<void>
}

// From source (tsx, vitest) the worker starts from a bootstrap that registers tsx; bundled, the worker is
// its own entry beside the chunk this module is in (scripts/bundle.mjs puts every chunk in dist/).
const source = import.meta.url.endsWith(".ts")
const entry = new URL(source ? "./searchWorker.ts" : "./houseSearchWorker.js", import.meta.url)
const script = source ? new URL("./tsWorker.mjs", import.meta.url) : entry

interface Waiting {
  readonly job: SearchJob
  readonly giveUpAt: number | null
  readonly resolve: (searched: Searched) => void
  readonly reject: (error: Error) => void
}

interface Thread {
  readonly worker: Worker
  /** The search it runs now, by message id; `waiting` null once given up (its answer is dropped). */
  running: { readonly id: number; waiting: Waiting | null; readonly timer: NodeJS.Timeout | null } | null
}

/** A pool of at most `threads` worker threads, started as searches need them. */
export const searchPool = (threads: number): SearchPool => {
  const queue: Waiting[] = []
  const all = new Set<Thread>()
  const idle: Thread[] = []
  let nextId = 0
  let closed = false

  const finish = (thread: Thread, settle: (w: Waiting) => void) => {
    const running = thread.running
    if (running === null) return
    thread.running = null
    if (running.timer !== null) clearTimeout(running.timer)
    if (running.waiting !== null) settle(running.waiting)
  }

  /**
   * The clock overtook a running search. A time budget's search stops on its own at `stopBy` (a moment past
   * it at worst): its thread, loaded and warm, finishes and is reused. An iteration budget's may run on for
   * long: its thread is stopped.
   */
  const giveUp = (thread: Thread) => {
    const running = thread.running
    if (running === null || running.waiting === null) return
    const error = new Error("the seat's clock ran out before its search answered")
    if (running.waiting.job.search.budget === "iterations") return retire(thread, error)
    running.waiting.reject(error)
    running.waiting = null
  }

  /** Stops a thread (failed, or its search overran the clock); a new one starts when a search needs it. */
  const retire = (thread: Thread, error: Error) => {
    if (!all.delete(thread)) return
    const i = idle.indexOf(thread)
    if (i >= 0) idle.splice(i, 1)
    finish(thread, (w) => w.reject(error))
    void thread.worker.terminate()
    pump()
  }

  const start = (): Thread => {
    const thread: Thread = {
      worker: new Worker(script, { workerData: { entry: entry.href } }),
      running: null,
    }
    all.add(thread)
    thread.worker.on("message", (message: FromSearchWorker) => {
      if (thread.running?.id !== message.id) return
      if (message.type === "chosen")
        finish(thread, (w) => w.resolve({ command: message.command, iterations: message.iterations }))
      else finish(thread, (w) => w.reject(new Error(message.message)))
      thread.worker.unref()
      idle.push(thread)
      pump()
    })
    thread.worker.on("error", (error) => retire(thread, error))
    thread.worker.on("exit", (code) =>
      retire(thread, new Error(`a house bot's search thread exited (code ${code})`)),
    )
    return thread
  }

  /** Hands queued searches to free threads, starting threads up to the pool's size. */
  const pump = () => {
    while (!closed && queue.length > 0) {
      const thread = idle.pop() ?? (all.size < threads ? start() : undefined)
      if (thread === undefined) return
      const waiting = queue.shift() as Waiting
      const id = nextId++
      const timer =
        waiting.giveUpAt === null
          ? null
          : setTimeout(() => giveUp(thread), Math.max(0, waiting.giveUpAt - Date.now()))
      thread.running = { id, waiting, timer }
      // Held while it searches; an idle thread never keeps the process alive.
      thread.worker.ref()
      thread.worker.postMessage({ id, job: waiting.job } satisfies ToSearchWorker)
    }
  }

  return {
    search: (job, giveUpAt) =>
      new Promise<Searched>((resolve, reject) => {
        if (closed) return reject(new Error("the house bots' search threads are stopped"))
        const waiting: Waiting = { job, giveUpAt, resolve, reject }
        if (giveUpAt !== null)
          // Still queued when the clock runs out: it never starts.
          setTimeout(
            () => {
              const i = queue.indexOf(waiting)
              if (i < 0) return
              queue.splice(i, 1)
              reject(new Error("the seat's clock ran out while its search waited for a thread"))
            },
            Math.max(0, giveUpAt - Date.now()),
          ).unref()
        queue.push(waiting)
        pump()
      }),
    close: async () => {
      closed = true
      for (const w of queue.splice(0)) w.reject(new Error("the server is stopping"))
      const stopping = [...all]
      for (const thread of stopping) {
        all.delete(thread)
        finish(thread, (w) => w.reject(new Error("the server is stopping")))
      }
      idle.length = 0
      await Promise.all(stopping.map((t) => t.worker.terminate()))
    },
  }
}
