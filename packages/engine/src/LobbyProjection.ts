import type { EventEnvelope, GameEnded, Match } from "@boroughs/core"
import type { GlobalEvent } from "@boroughs/store"
import { namesAfter, playersAfter, settingsOf } from "./GameSettings.js"
import { byStream, type Projection } from "./internal/Projection.js"
import * as Streams from "./Streams.js"
import { jsonOf } from "./serverTables.js"

/** Seats owing a decision now, in seat order, without duplicates (public: who is thinking is no secret). */
export const pendingSeats = (match: Match): number[] =>
  match.ended ? [] : [...new Set(match.game.pending(match.state).map((d) => d.seat))].sort((a, b) => a - b)

const timeOf = (e: GlobalEvent): string =>
  typeof e.metadata.time === "string" ? e.metadata.time : new Date(e.recordedAt).toISOString()

/** Whether an event changes who holds a seat or what a seat is called. */
const changesSeats = (e: GlobalEvent): boolean =>
  e.type === "SeatReplaced" || e.type === "SeatForfeited" || e.type === "SeatNamed"

/**
 * Who holds the seats, and their names, after a run of one game's events that replaced, forfeited or named
 * one (as created, or as the row says, then each change in turn); null when the run changed no seat.
 */
const seatsNow = async (
  db: Parameters<Projection["apply"]>[0],
  gameId: string,
  run: ReadonlyArray<GlobalEvent>,
): Promise<{ players: ReadonlyArray<string | null>; names: ReadonlyArray<string | null> } | null> => {
  if (!run.some(changesSeats)) return null
  const first = run[0] as GlobalEvent
  let players: ReadonlyArray<string | null>
  let names: ReadonlyArray<string | null>
  if (first.version === 1) {
    const settings = settingsOf(first as EventEnvelope)
    players = settings.players
    names = settings.names ?? players.map(() => null)
  } else {
    const row = await db
      .selectFrom("proj_lobby")
      .select(["players", "names"])
      .where("game_id", "=", gameId)
      .executeTakeFirst()
    if (row === undefined) return null
    players = jsonOf<ReadonlyArray<string | null>>(row.players)
    const recorded = jsonOf<ReadonlyArray<string | null>>(row.names)
    names = players.map((_, seat) => recorded[seat] ?? null)
  }
  for (const e of run) {
    players = playersAfter(players, e as EventEnvelope)
    names = namesAfter(names, e as EventEnvelope)
  }
  return { players, names }
}

/** The tournament a game was created for (its first event's `metadata.tournament`), or null. */
const tournamentIdOf = (first: EventEnvelope): string | null => {
  const t = first.metadata.tournament as { tournamentId?: unknown } | undefined | null
  return typeof t?.tournamentId === "string" ? t.tournamentId : null
}

/**
 * The lobby (ARCHITECTURE.md §1, §6): one row per game with what a game list shows — game, seats, who
 * holds them and their names, tournament, spectator policy, clock, status, version, who owes a decision,
 * outcome. `GET /api/games` reads it; the clocks find live games in it after a restart.
 */
export const lobbyProjection: Projection = {
  // v2: seat holders follow SeatReplaced and SeatForfeited (a new id re-folds the log into the rows on start).
  // v3: seats' display names and the game's tournament (migration 0005_lobby_names). SeatNamed renames a
  // seat; no game held one before the lobby followed it, so no re-fold was needed.
  id: "projection:lobby:v3",
  reset: async (db) => {
    await db.deleteFrom("proj_lobby").execute()
  },
  apply: async (db, events, folds) => {
    for (const run of byStream(events)) {
      const first = run[0] as GlobalEvent
      const gameId = Streams.gameIdOf(first.streamId)
      if (gameId === null) continue
      const match = folds.fold(run)
      if (match === null) continue
      const last = run[run.length - 1] as GlobalEvent
      const ended = match.ended as GameEnded | null
      const seats = await seatsNow(db, gameId, run)
      const changes = {
        status: ended ? "ended" : "live",
        version: last.version,
        pending: JSON.stringify(pendingSeats(match)),
        updated_at: timeOf(last),
        ended_at: ended ? timeOf(last) : null,
        outcome: ended
          ? JSON.stringify({ ranks: ended.ranks, scores: ended.scores, reason: ended.reason })
          : null,
        ...(seats === null
          ? {}
          : { players: JSON.stringify(seats.players), names: JSON.stringify(seats.names) }),
      }
      if (first.version === 1) {
        const settings = settingsOf(first as EventEnvelope)
        await db
          .insertInto("proj_lobby")
          .values({
            game_id: gameId,
            game: match.game.id,
            seats: settings.players.length,
            players: JSON.stringify(settings.players),
            names: JSON.stringify(settings.names ?? []),
            tournament_id: tournamentIdOf(first as EventEnvelope),
            spectators: JSON.stringify(settings.spectators),
            clock_ms: settings.decisionMs,
            created_at: timeOf(first),
            ...changes,
          })
          .onConflict((oc) => oc.column("game_id").doUpdateSet(changes))
          .execute()
      } else await db.updateTable("proj_lobby").set(changes).where("game_id", "=", gameId).execute()
    }
  },
}
