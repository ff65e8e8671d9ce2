import { parentPort } from "node:worker_threads"
import { isMctsSearch } from "@boroughs/bot-sdk"
import { installNodeHasher } from "@boroughs/bot-sdk/node"
import { Random } from "@boroughs/core"
import { hostedGames } from "../games.js"
import type { FromSearchWorker, ToSearchWorker } from "./searchMessages.js"

/*
 * A worker thread of the server's house bots (`searchPool.ts` starts it): searches one seat's decision at a
 * time by IS-MCTS from that seat's view, off the event loop that serves requests.
 */
installNodeHasher()
const port = parentPort
if (port === null) throw new Error("searchWorker: run as a worker thread")
const { findGame } = hostedGames(true)
const answer = (message: FromSearchWorker) => port.postMessage(message)

port.on("message", ({ id, job }: ToSearchWorker) => {
  try {
    const game = findGame(job.game)
    if (game === undefined) throw new Error(`no game "${job.game}" is hosted here`)
    const budget =
      job.search.budget === "iterations"
        ? { iterations: job.search.iterations }
        : { until: Math.min(Date.now() + job.search.timeMs, job.stopBy ?? Number.POSITIVE_INFINITY) }
    const result = isMctsSearch(game, job.view, job.seat, job.legal, Random.fromKey(job.randomKey), budget)
    answer({ type: "chosen", id, command: result.command, iterations: result.iterations })
  } catch (error) {
    answer({ type: "failed", id, message: error instanceof Error ? error.message : String(error) })
  }
})
