import type { GameAnalysis } from "@boroughs/core"
import { isoOf, jsonOf, type ServerDb } from "../serverTables.js"

/*
 * The rows of `proj_analysis`, one per ended game and analysis key. The projection queues them; the leader's
 * runner claims the oldest queued one, advances it and finishes it; the route reads them. Plain queries on a
 * handle (or transaction): the callers wrap them in their own Effects.
 */

export type AnalysisStatus = "queued" | "running" | "ready" | "failed"

/** One analysis as its row stands. */
export interface AnalysisRow {
  readonly gameId: string
  readonly key: string
  readonly game: string
  readonly status: AnalysisStatus
  readonly done: number
  readonly total: number | null
  readonly result: GameAnalysis | null
  readonly error: string | null
  readonly queuedAt: string
  readonly computedAt: string | null
  readonly elapsedMs: number | null
}

/** A queued row for each game (one already there, in whatever state, is kept). */
export const queueAnalyses = async (
  db: ServerDb,
  key: string,
  games: ReadonlyArray<{ readonly gameId: string; readonly game: string }>,
  now: string,
): Promise<void> => {
  if (games.length === 0) return
  await db
    .insertInto("proj_analysis")
    .values(
      games.map((g) => ({
        game_id: g.gameId,
        key,
        game: g.game,
        status: "queued",
        done: 0,
        total: null,
        result: null,
        error: null,
        queued_at: now,
        computed_at: null,
        elapsed_ms: null,
      })),
    )
    .onConflict((oc) => oc.columns(["game_id", "key"]).doNothing())
    .execute()
}

export const readAnalysis = async (
  db: ServerDb,
  gameId: string,
  key: string,
): Promise<AnalysisRow | null> => {
  const row = await db
    .selectFrom("proj_analysis")
    .selectAll()
    .where("game_id", "=", gameId)
    .where("key", "=", key)
    .executeTakeFirst()
  if (row === undefined) return null
  return {
    gameId: row.game_id,
    key: row.key,
    game: row.game,
    status: row.status as AnalysisStatus,
    done: row.done,
    total: row.total,
    result: row.result === null ? null : jsonOf<GameAnalysis>(row.result),
    error: row.error,
    queuedAt: isoOf(row.queued_at),
    computedAt: row.computed_at === null ? null : isoOf(row.computed_at),
    elapsedMs: row.elapsed_ms,
  }
}

/** Puts a failed analysis back in the queue, as new. */
export const requeueFailed = async (
  db: ServerDb,
  gameId: string,
  key: string,
  now: string,
): Promise<void> => {
  await db
    .updateTable("proj_analysis")
    .set({ status: "queued", done: 0, total: null, error: null, queued_at: now, computed_at: null })
    .where("game_id", "=", gameId)
    .where("key", "=", key)
    .where("status", "=", "failed")
    .execute()
}

/**
 * Puts back in the queue every row of `key` left running: only the leader runs analyses, one at a time, so a
 * running row it is not running now was left by a leader that stopped or crashed.
 */
export const requeueRunning = async (db: ServerDb, key: string): Promise<void> => {
  await db
    .updateTable("proj_analysis")
    .set({ status: "queued", done: 0, total: null })
    .where("key", "=", key)
    .where("status", "=", "running")
    .execute()
}

/** Marks the oldest queued row of `key` running and returns its game; null when none is queued. */
export const claimNextAnalysis = async (
  db: ServerDb,
  key: string,
): Promise<{ readonly gameId: string; readonly game: string } | null> => {
  const next = await db
    .selectFrom("proj_analysis")
    .select(["game_id", "game"])
    .where("key", "=", key)
    .where("status", "=", "queued")
    .orderBy("queued_at")
    .orderBy("game_id")
    .limit(1)
    .executeTakeFirst()
  if (next === undefined) return null
  const claimed = await db
    .updateTable("proj_analysis")
    .set({ status: "running", done: 0, total: null })
    .where("game_id", "=", next.game_id)
    .where("key", "=", key)
    .where("status", "=", "queued")
    .executeTakeFirst()
  // Gone or re-queued meanwhile (a rebuild): the next look takes whatever is queued then.
  return claimed.numUpdatedRows === 0n ? null : { gameId: next.game_id, game: next.game }
}

/** Positions done of `total`, while the row is still the one being run (a rebuild may have re-queued it). */
export const saveProgress = async (
  db: ServerDb,
  gameId: string,
  key: string,
  done: number,
  total: number,
): Promise<void> => {
  await db
    .updateTable("proj_analysis")
    .set({ done, total })
    .where("game_id", "=", gameId)
    .where("key", "=", key)
    .where("status", "=", "running")
    .execute()
}

/** What a run came to: the analysis, or why it failed. */
export type AnalysisOutcome =
  | { readonly ok: true; readonly analysis: GameAnalysis; readonly elapsedMs: number }
  | { readonly ok: false; readonly error: string; readonly elapsedMs: number }

/**
 * Writes a run's outcome, unless the row stopped being the running one meanwhile (a rebuild deleted and
 * re-queued it: that queued row is computed again rather than overwritten).
 */
export const finishAnalysis = async (
  db: ServerDb,
  gameId: string,
  key: string,
  outcome: AnalysisOutcome,
  now: string,
): Promise<void> => {
  const common = { computed_at: now, elapsed_ms: outcome.elapsedMs }
  await db
    .updateTable("proj_analysis")
    .set(
      outcome.ok
        ? {
            ...common,
            status: "ready",
            result: JSON.stringify(outcome.analysis),
            error: null,
          }
        : { ...common, status: "failed", result: null, error: outcome.error },
    )
    .where("game_id", "=", gameId)
    .where("key", "=", key)
    .where("status", "=", "running")
    .execute()
}
