import { Worker } from "node:worker_threads"
import type { GameAnalysis } from "@boroughs/core"
import type { AnalysisJob, FromAnalysisWorker, ToAnalysisWorker } from "./analysisMessages.js"

/** What the thread answered. */
export interface Analysed {
  readonly analysis: GameAnalysis
  /** Wall time the analysis took in the thread. */
  readonly elapsedMs: number
}

/** A worker thread that analyses finished games, one at a time, off the event loop. */
export interface AnalysisThread {
  /**
   * Analyses on the thread (started the first time, and again after it stopped); `onProgress` hears positions
   * done of all. Rejects when the analysis fails, or when the thread dies or is stopped under it.
   */
  analyse(job: AnalysisJob, onProgress: (done: number, total: number) => void): Promise<Analysed>
  /** Stops the thread; an analysis under way is dropped (it rejects). */
  stop(): Promise<void>
}

// From source (tsx, vitest) the worker starts from a bootstrap that registers tsx. Built, the worker is plain
// JavaScript named analysisWorker.js beside the module this code is in: compiled by tsc it is this folder's
// own; bundled (scripts/bundle.mjs puts every chunk in dist/) it is the server bundle's `analysisWorker` entry.
const source = import.meta.url.endsWith(".ts")
const entry = new URL(source ? "./analysisWorker.ts" : "./analysisWorker.js", import.meta.url)
const script = source ? new URL("./tsWorker.mjs", import.meta.url) : entry

interface Running {
  readonly id: number
  readonly onProgress: (done: number, total: number) => void
  readonly resolve: (analysed: Analysed) => void
  readonly reject: (error: Error) => void
}

export const analysisThread = (): AnalysisThread => {
  let worker: Worker | null = null
  let running: Running | null = null
  let nextId = 0

  /** The thread `from` is gone: what it ran fails, and the next analysis starts a new one. */
  const lose = (from: Worker, error: Error) => {
    if (worker !== from) return
    worker = null
    const lost = running
    running = null
    lost?.reject(error)
  }

  const start = (): Worker => {
    const started = new Worker(script, { workerData: { entry: entry.href } })
    started.on("message", (message: FromAnalysisWorker) => {
      const current = running
      if (current === null || current.id !== message.id) return
      if (message.type === "progress") return current.onProgress(message.done, message.total)
      running = null
      // Idle, it never keeps the process alive.
      started.unref()
      if (message.type === "analysed")
        current.resolve({ analysis: message.analysis, elapsedMs: message.elapsedMs })
      else current.reject(new Error(message.message))
    })
    started.on("error", (error) => lose(started, error))
    started.on("exit", (code) => lose(started, new Error(`the analysis thread exited (code ${code})`)))
    return started
  }

  return {
    analyse: (job, onProgress) =>
      new Promise<Analysed>((resolve, reject) => {
        if (running !== null) return reject(new Error("the analysis thread runs one analysis at a time"))
        const thread = worker ?? start()
        worker = thread
        const id = nextId++
        running = { id, onProgress, resolve, reject }
        thread.ref()
        thread.postMessage({ id, job } satisfies ToAnalysisWorker)
      }),
    stop: async () => {
      const stopping = worker
      if (stopping === null) return
      lose(stopping, new Error("the analysis thread was stopped"))
      // A timer holds the process meanwhile: under tsx, a stopping worker's own handle was seen not to.
      const hold = setInterval(() => {}, 1_000)
      try {
        await stopping.terminate()
      } finally {
        clearInterval(hold)
      }
    },
  }
}
