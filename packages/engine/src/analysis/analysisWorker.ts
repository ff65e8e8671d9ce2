import { setPriority } from "node:os"
import { parentPort } from "node:worker_threads"
import { analyseGame, findGame } from "@boroughs/core"
import { installNodeSha256 } from "../internal/nodeSha256.js"
import type { FromAnalysisWorker, ToAnalysisWorker } from "./analysisMessages.js"

/*
 * The worker thread of the background's analysis runner (`analysisThread.ts` starts it): analyses one
 * finished game at a time, off the event loop that serves requests and plays the clocks.
 */
installNodeSha256()
const port = parentPort
if (port === null) throw new Error("analysisWorker: run as a worker thread")
// Live play first: on a busy machine the scheduler gives this thread what the others leave. On Linux a nice
// value is a thread's own (setpriority of "0" is the calling thread); elsewhere it is the whole process's, the
// server's included, so it is left alone there.
if (process.platform === "linux")
  try {
    setPriority(19)
  } catch {
    // Not allowed here (a sandbox): the analysis still runs, at the usual priority.
  }
const answer = (message: FromAnalysisWorker) => port.postMessage(message)

/** Least time between two progress messages: the runner writes progress at most once a second anyway. */
const PROGRESS_EVERY_MS = 200

port.on("message", ({ id, job }: ToAnalysisWorker) => {
  try {
    const registered = findGame(job.game)
    if (registered === undefined) throw new Error(`analysis: no registered game "${job.game}"`)
    const started = performance.now()
    let said = Number.NEGATIVE_INFINITY
    const analysis = analyseGame(registered.game, registered.bots, job.log, job.settings, (done, total) => {
      const now = performance.now()
      if (done < total && now - said < PROGRESS_EVERY_MS) return
      said = now
      answer({ type: "progress", id, done, total })
    })
    answer({ type: "analysed", id, analysis, elapsedMs: Math.round(performance.now() - started) })
  } catch (error) {
    answer({ type: "failed", id, message: error instanceof Error ? error.message : String(error) })
  }
})
