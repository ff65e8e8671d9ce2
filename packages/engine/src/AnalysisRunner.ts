import { type AnalysisSettings, analysisKey, type LoggedEvent } from "@boroughs/core"
import { EventStore, type StoreError } from "@boroughs/store"
import { Effect, type Scope } from "effect"
import {
  type AnalysisOutcome,
  claimNextAnalysis,
  finishAnalysis,
  requeueRunning,
  saveProgress,
} from "./analysis/analysisRows.js"
import { analysisThread } from "./analysis/analysisThread.js"
import { failureLog } from "./internal/failureLog.js"
import { queryFailure } from "./internal/queryFailure.js"
import * as Streams from "./Streams.js"
import { withServerTables } from "./serverTables.js"

export interface AnalysisRunnerOptions {
  /** How often an idle runner looks for a queued game (default 1 s). */
  readonly pollMs?: number
  /** Least time between two progress writes of one analysis (default 1 s). */
  readonly progressEveryMs?: number
}

/**
 * Analyses the finished games the analysis projection queued, oldest first, one at a time, on a worker thread
 * of its own: a Downtown game costs about 14 s of a core, which must never hold up the event loop that
 * plays live games. Progress is written at most once per `progressEveryMs`; the result, or why it failed, when
 * the analysis ends. Runs on the leader only (under the background lock): a row left running when it starts
 * was left by a leader that stopped, and is queued again. A database failure is logged and retried, and a
 * result it kept from being written is written first once the database is back. Never returns; interrupted,
 * it stops the thread.
 */
export const runAnalyses = (
  settings: AnalysisSettings,
  options: AnalysisRunnerOptions = {},
): Effect.Effect<never, never, EventStore | Scope.Scope> =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const db = withServerTables(store.db)
    const key = analysisKey(settings)
    const pollMs = options.pollMs ?? 1_000
    const progressEveryMs = options.progressEveryMs ?? 1_000
    const thread = analysisThread()
    yield* Effect.addFinalizer(() => Effect.promise(() => thread.stop()))
    const log = failureLog("analysis")
    /** Whether rows left running have been queued again since this runner started or last failed. */
    let recovered = false
    /** An outcome the database was away for: written before anything else. */
    let unwritten: { readonly gameId: string; readonly outcome: AnalysisOutcome } | null = null

    const query = <A>(doing: string, run: () => Promise<A>) =>
      Effect.tryPromise({ try: run, catch: queryFailure(doing) })

    /** Best effort, never two at once: the outcome is what must be written, and it always is. */
    const progressOf = (gameId: string) => {
      let lastWrite = Number.NEGATIVE_INFINITY
      let writing = false
      return (done: number, total: number) => {
        const now = Date.now()
        if (writing || now - lastWrite < progressEveryMs) return
        lastWrite = now
        writing = true
        saveProgress(db, gameId, key, done, total)
          .catch(() => {})
          .finally(() => {
            writing = false
          })
      }
    }

    const analyse = (gameId: string, game: string) =>
      Effect.gen(function* () {
        const envelopes = yield* store.readStream(Streams.game(gameId))
        const events: LoggedEvent[] = envelopes.map((e) => ({
          version: e.version,
          type: e.type,
          data: e.data,
          metadata: e.metadata,
        }))
        const onProgress = progressOf(gameId)
        const started = Date.now()
        return yield* Effect.callback<AnalysisOutcome>((resume) => {
          thread.analyse({ game, log: events, settings }, onProgress).then(
            (analysed) => resume(Effect.succeed({ ok: true, ...analysed })),
            (error: Error) =>
              resume(Effect.succeed({ ok: false, error: error.message, elapsedMs: Date.now() - started })),
          )
          // Interrupted (leadership lost, the server stopping): the thread stops at once, mid-analysis.
          return Effect.promise(() => thread.stop())
        })
      })

    const write = (gameId: string, outcome: AnalysisOutcome) =>
      query(`writing the analysis of ${gameId}`, () =>
        finishAnalysis(db, gameId, key, outcome, new Date().toISOString()),
      )

    /** One look at the queue: whether it found a game to analyse. */
    const step = Effect.gen(function* () {
      if (unwritten !== null) {
        yield* write(unwritten.gameId, unwritten.outcome)
        unwritten = null
      }
      if (!recovered) {
        yield* query("queuing again the analyses left running", () => requeueRunning(db, key))
        recovered = true
      }
      const next = yield* query("taking the next analysis", () => claimNextAnalysis(db, key))
      if (next === null) return false
      const outcome = yield* analyse(next.gameId, next.game)
      unwritten = { gameId: next.gameId, outcome }
      yield* write(next.gameId, outcome)
      unwritten = null
      yield* outcome.ok
        ? Effect.logInfo(
            `analysis: ${next.gameId} (${next.game}) ready in ${(outcome.elapsedMs / 1000).toFixed(1)} s`,
          )
        : Effect.logWarning(`analysis: ${next.gameId} (${next.game}) failed: ${outcome.error}`)
      return true
    })

    for (;;) {
      const worked = yield* step.pipe(
        Effect.tap(() => log.succeeded),
        Effect.catch((error: StoreError) =>
          Effect.sync(() => {
            recovered = false
          }).pipe(Effect.andThen(log.failed(error.message)), Effect.as(false)),
        ),
      )
      if (!worked) yield* Effect.sleep(pollMs)
    }
  })
