import { type AnalysisSettings, analysisKey, findGame } from "@boroughs/core"
import type { GlobalEvent } from "@boroughs/store"
import { queueAnalyses } from "./analysis/analysisRows.js"
import { byStream, type Projection } from "./internal/Projection.js"
import * as Streams from "./Streams.js"
import { jsonOf, type ServerDb } from "./serverTables.js"

/**
 * Whether games of this id can be analysed: a registered game (the analysis thread finds its rules and its
 * heuristic bot in core's registry) whose rules can resample the future from a past position (`reseed`).
 */
export const isAnalysable = (game: string): boolean => findGame(game)?.game.reseed !== undefined

/** The projection's checkpoint id: one per analysis key, so new settings queue every ended game afresh. */
export const analysisProjectionId = (settings: AnalysisSettings): string =>
  `projection:analysis:${analysisKey(settings)}`

/** The game id (`downtown`…) a game stream started with: in the run, or read from its first event. */
const gameOf = async (db: ServerDb, run: ReadonlyArray<GlobalEvent>): Promise<string | null> => {
  const first = run[0] as GlobalEvent
  const started =
    first.version === 1
      ? first.data
      : jsonOf<Record<string, unknown> | undefined>(
          (
            await db
              .selectFrom("es_events")
              .select("data")
              .where("stream_id", "=", first.streamId)
              .where("stream_version", "=", 1)
              .executeTakeFirst()
          )?.data,
        )
  return typeof started?.game === "string" ? started.game : null
}

/**
 * Queues the analysis of every game as it ends (`GameEnded` passes), for the background's analysis runner:
 * one row per game and `analysisKey(settings)`. A live game never gets a row: its analysis would read state
 * that is still secret. `reset` (a `boroughs projections rebuild`) deletes this key's rows, so the rebuild
 * queues every ended game again.
 */
export const analysisProjection = (settings: AnalysisSettings): Projection => {
  const key = analysisKey(settings)
  return {
    id: analysisProjectionId(settings),
    reset: async (db) => {
      await db.deleteFrom("proj_analysis").where("key", "=", key).execute()
    },
    apply: async (db, events) => {
      const ended: Array<{ gameId: string; game: string }> = []
      for (const run of byStream(events)) {
        const gameId = Streams.gameIdOf((run[0] as GlobalEvent).streamId)
        if (gameId === null || !run.some((e) => e.type === "GameEnded")) continue
        const game = await gameOf(db, run)
        if (game !== null && isAnalysable(game)) ended.push({ gameId, game })
      }
      await queueAnalyses(db, key, ended, new Date().toISOString())
    },
  }
}
