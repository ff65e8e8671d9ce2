"use client"

import { Effect } from "effect"
import { useEffect, useState } from "react"
import { type AnalysisState, progressText } from "@/lib/analysis"
import { fromBrowser } from "@/lib/browser"

/** How often to ask again while the analysis is queued or under way. */
const POLL_MS = 3_000
/** After a failed read, wait this much longer per failure in a row (at most a minute). */
const RETRY_MS = 10_000

/**
 * A finished game's analysis, computed by the server in the background once the game ended: asked for again
 * every few seconds while it is queued or running. Never asked for a live game (the server has none: only
 * the end makes the whole state public). A server without analyses (404) or a game closed to spectators
 * leaves it at "none": the page then shows what it showed before.
 */
export const useAnalysis = (gameId: string, ended: boolean): AnalysisState => {
  const [state, setState] = useState<AnalysisState>({ kind: "none" })
  useEffect(() => {
    if (!ended) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    const ask = async () => {
      // A game that just ended may still read as live to the server for a moment (409): ask again later.
      const r = await fromBrowser((c) =>
        c.games
          .analysis({ params: { gameId } })
          .pipe(Effect.catchTag("Conflict", () => Effect.succeed(null))),
      )
      if (stopped) return
      const answer = r.kind === "ok" ? r.value : null
      if (answer?.status === "ready") {
        setState({ kind: "ready", analysis: answer })
        return
      }
      if (answer !== null) {
        failures = 0
        setState({ kind: "pending", text: progressText(answer) })
        timer = setTimeout(ask, POLL_MS)
        return
      }
      if (r.kind === "ok" || r.kind === "down") {
        failures++
        timer = setTimeout(ask, Math.min(60_000, RETRY_MS * failures))
      }
    }
    void ask()
    return () => {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [gameId, ended])
  return state
}
