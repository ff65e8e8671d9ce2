import { type AnalysisSettings, analysisKey, type GameAnalysis } from "@boroughs/core"
import { EventStore, StoreError } from "@boroughs/store"
import { Context, Effect, Layer } from "effect"
import { readAnalysis, requeueFailed } from "./analysis/analysisRows.js"
import { withServerTables } from "./serverTables.js"

/** Where an ended game's analysis stands, as `GET /api/games/:gameId/analysis` tells it. */
export type AnalysisState =
  | {
      readonly status: "ready"
      readonly analysis: GameAnalysis
      readonly computedAt: string
      readonly elapsedMs: number
    }
  | {
      readonly status: "queued" | "running"
      /** Positions estimated so far, of `total` (null until the runner has started on it). */
      readonly done: number
      readonly total: number | null
    }

/**
 * How long a failed analysis rests before a request queues it again: a failure that comes back every time (a
 * bug in a game's rules) then costs a run a minute while someone asks, not one per poll.
 */
export const RETRY_FAILED_AFTER_MS = 60_000

const queued = { status: "queued", done: 0, total: null } as const

/** The analyses of finished games as the routes read them (the runner computes them in the background). */
export const makeAnalyses = (
  store: EventStore["Service"],
  settings: AnalysisSettings | false,
  now: () => number = Date.now,
) => {
  const db = withServerTables(store.db)
  const key = settings === false ? null : analysisKey(settings)
  const query = <A>(run: () => Promise<A>) =>
    Effect.tryPromise({
      try: run,
      catch: (cause) =>
        new StoreError({
          reason: "query",
          message: `reading an analysis: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        }),
    })

  /**
   * The analysis of an ended game (the caller checks it has ended and can be analysed); null when this server
   * analyses no game. A game without a row yet (its end not projected yet) is queued; a failed one is queued
   * again once it has rested, its error logged.
   */
  const of = (gameId: string): Effect.Effect<AnalysisState | null, StoreError> =>
    Effect.gen(function* () {
      if (key === null) return null
      const row = yield* query(() => readAnalysis(db, gameId, key))
      if (row === null) return queued
      switch (row.status) {
        case "ready":
          if (row.result === null || row.computedAt === null) return queued
          return {
            status: "ready",
            analysis: row.result,
            computedAt: row.computedAt,
            elapsedMs: row.elapsedMs ?? 0,
          }
        case "failed": {
          const failedAt = row.computedAt === null ? 0 : Date.parse(row.computedAt)
          if (now() - failedAt >= RETRY_FAILED_AFTER_MS) {
            yield* Effect.logWarning(`analysis: ${gameId} failed (${row.error}); queued again`)
            yield* query(() => requeueFailed(db, gameId, key, new Date(now()).toISOString()))
          }
          return queued
        }
        default:
          return { status: row.status, done: row.done, total: row.total }
      }
    })

  return {
    /** The settings games are analysed with; null when this server analyses none. */
    settings: settings === false ? null : settings,
    key,
    of,
  }
}

/** The server's analyses of finished games, read by `GET /api/games/:gameId/analysis`. */
export class Analyses extends Context.Service<Analyses, ReturnType<typeof makeAnalyses>>()(
  "@boroughs/engine/Analyses",
) {
  /** With `settings` false, the server analyses no game (`BOROUGHS_ANALYSIS=off`). */
  static layer(settings: AnalysisSettings | false) {
    return Layer.effect(
      Analyses,
      Effect.map(EventStore, (store) => makeAnalyses(store, settings)),
    )
  }
}
