import type { Typed } from "@boroughs/core"
import type { GlobalEvent } from "@boroughs/store"
import { foldTournament, ratingsOf, standingsOf } from "@boroughs/tournament"
import { byStream, type Projection } from "../internal/Projection.js"
import * as Streams from "../Streams.js"
import { isoOf, jsonOf } from "../serverTables.js"

/** One row of the tournament standings projection. */
export interface TournamentRow {
  readonly tournamentId: string
  readonly name: string
  readonly game: string
  readonly format: string
  readonly status: "running" | "paused" | "ended"
  readonly rounds: number
  readonly roundsPaired: number
  readonly entrants: number
  readonly standings: ReturnType<typeof standingsOf>
  readonly ratingHistory: ReturnType<typeof ratingsOf>["history"]
  readonly version: number
  readonly createdAt: string
}

/**
 * Standings and ratings of every tournament (issue 6), kept from the log: for each batch that touches a
 * `tournament-<id>` stream, the stream up to the batch's last event is folded again (tournament streams hold
 * tens of events) and its row replaced — in the runner's transaction, with the checkpoint. Rebuilt from
 * the events by `boroughs projections rebuild` like the others.
 */
export const tournamentProjection: Projection = {
  id: "projection:tournaments:v1",
  reset: async (db) => {
    await db.deleteFrom("proj_tournaments").execute()
  },
  apply: async (db, events) => {
    for (const run of byStream(events)) {
      const first = run[0] as GlobalEvent
      if (!Streams.isTournament(first.streamId)) continue
      const last = run[run.length - 1] as GlobalEvent
      const rows = await db
        .selectFrom("es_events")
        .select(["event_type", "data"])
        .where("stream_id", "=", first.streamId)
        .where("stream_version", "<=", last.version)
        .orderBy("stream_version")
        .execute()
      const state = foldTournament(
        rows.map((r) => ({ ...jsonOf<Record<string, unknown>>(r.data), type: r.event_type }) as Typed),
      )
      const row = {
        tournament_id: state.created.tournamentId,
        name: state.created.name,
        game: state.created.game,
        format: state.created.format,
        status: state.ended ? "ended" : state.paused ? "paused" : "running",
        rounds: state.created.rounds,
        rounds_paired: state.rounds.length,
        entrants: state.created.entrants.length,
        standings: JSON.stringify(standingsOf(state)),
        rating_history: JSON.stringify(ratingsOf(state).history),
        version: state.version,
        created_at: state.created.at,
      }
      const { tournament_id: _id, created_at: _at, ...changes } = row
      await db
        .insertInto("proj_tournaments")
        .values(row)
        .onConflict((oc) => oc.column("tournament_id").doUpdateSet(changes))
        .execute()
    }
  },
}

/** Every tournament's row, newest first. */
export const listTournamentRows = async (db: Parameters<Projection["reset"]>[0]): Promise<TournamentRow[]> =>
  (await db.selectFrom("proj_tournaments").selectAll().orderBy("created_at", "desc").execute()).map((r) => ({
    tournamentId: r.tournament_id,
    name: r.name,
    game: r.game,
    format: r.format,
    status: r.status as TournamentRow["status"],
    rounds: r.rounds,
    roundsPaired: r.rounds_paired,
    entrants: r.entrants,
    standings: jsonOf(r.standings),
    ratingHistory: jsonOf(r.rating_history),
    version: r.version,
    createdAt: isoOf(r.created_at),
  }))
