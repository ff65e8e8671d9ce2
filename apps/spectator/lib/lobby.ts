import type { GameSummary } from "@boroughs/protocol"
import { tournamentOf } from "./seats"

export interface LobbyFilters {
  readonly game?: string | undefined
  readonly status?: "live" | "ended" | undefined
  /** Games of one tournament (their ids are `<tournament>-r<round>-t<table>`). */
  readonly tournament?: string | undefined
}

/** The games of the page that pass the tournament filter. */
export const inTournament = (games: ReadonlyArray<GameSummary>, tournament: string | undefined) =>
  tournament ? games.filter((g) => tournamentOf(g.gameId) === tournament) : games
