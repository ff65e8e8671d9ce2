import type { GameSummary } from "@boroughs/protocol"
import { tournamentOf } from "./seats"

export interface LobbyFilters {
  readonly game?: string | undefined
  readonly status?: "live" | "ended" | undefined
  /** Games of one tournament (their ids are `<tournament>-r<round>-t<table>`). */
  readonly tournament?: string | undefined
}

/** One lobby query for the filters: a tournament's games are picked from a longer page. */
export const lobbyQuery = (filters: LobbyFilters) => ({
  limit: filters.tournament ? 500 : 100,
  ...(filters.game ? { game: filters.game } : {}),
  ...(filters.status ? { status: filters.status } : {}),
})

/** The games of the page that pass the tournament filter. */
export const inTournament = (games: ReadonlyArray<GameSummary>, tournament: string | undefined) =>
  tournament ? games.filter((g) => tournamentOf(g.gameId) === tournament) : games
