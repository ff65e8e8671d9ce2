import type { Match } from "@boroughs/core"
import type { GlobalEvent } from "@boroughs/store"
import * as Streams from "../Streams.js"
import { byStream, type Projection } from "./Projection.js"

/** A snapshot every this many events bounds a seek to that many folds (ARCHITECTURE.md §6, `view?at=`). */
export const SNAPSHOT_EVERY = 50

/** A match as a snapshot stores it: everything but the game definition, which the game id names. */
export interface StoredMatch {
  readonly game: string
  readonly state: unknown
  readonly seed: string
  readonly ended: Match["ended"]
  readonly events: number
}

/** What a snapshot row holds for a match. */
export const toStored = (match: Match): StoredMatch => ({
  game: match.game.id,
  state: match.state,
  seed: match.seed,
  ended: match.ended,
  events: match.events,
})

/**
 * Per-game snapshots: the folded match at every `every`-th version of each game, so any position is at
 * most `every - 1` folds away from a stored one.
 */
export const snapshotProjection = (every = SNAPSHOT_EVERY): Projection => ({
  id: `projection:snapshots:${every}:v1`,
  reset: async (db) => {
    await db.deleteFrom("proj_snapshots").execute()
  },
  apply: async (db, events, folds) => {
    const rows: { game_id: string; version: number; match: string }[] = []
    for (const run of byStream(events)) {
      const gameId = Streams.gameIdOf((run[0] as GlobalEvent).streamId)
      if (gameId === null) continue
      folds.fold(run, (match, e) => {
        if (e.version % every === 0)
          rows.push({ game_id: gameId, version: e.version, match: JSON.stringify(toStored(match)) })
      })
    }
    if (rows.length > 0)
      await db
        .insertInto("proj_snapshots")
        .values(rows)
        .onConflict((oc) => oc.columns(["game_id", "version"]).doNothing())
        .execute()
  },
})
