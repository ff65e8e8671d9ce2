import { type AnalysisSettings, analysisKey } from "@boroughs/core"
import { EventStore } from "@boroughs/store"
import { Effect } from "effect"

/** The columns of the server's `proj_analysis` read model this reads (packages/engine's serverTables). */
type AnalysisTables = {
  readonly proj_analysis: {
    readonly game_id: string
    readonly key: string
    readonly status: string
    /** Core's `GameAnalysis` once ready: jsonb, which some drivers hand over as text. */
    readonly result: unknown
    readonly computed_at: string | Date | null
    readonly elapsed_ms: number | null
  }
}

/**
 * The analysis the server stored for this game with these settings (their key), when it is ready, in the
 * wire's shape (`AnalysisReady`, undecoded); else undefined, as in a database no server ever ran on, which has
 * no such table. Read only: a queued or failed row is the server's to run.
 */
export const storedAnalysis = (gameId: string, settings: AnalysisSettings) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const row = yield* Effect.tryPromise(() =>
      store.db
        .withTables<AnalysisTables>()
        .selectFrom("proj_analysis")
        .select(["status", "result", "computed_at", "elapsed_ms"])
        .where("game_id", "=", gameId)
        .where("key", "=", analysisKey(settings))
        .executeTakeFirst(),
    ).pipe(Effect.orElseSucceed(() => undefined))
    if (row?.status !== "ready" || row.result === null || row.computed_at === null) return undefined
    const result = typeof row.result === "string" ? JSON.parse(row.result) : row.result
    const computedAt = new Date(row.computed_at).toISOString()
    return { status: "ready", gameId, ...result, computedAt, elapsedMs: row.elapsed_ms ?? 0 } as unknown
  })
