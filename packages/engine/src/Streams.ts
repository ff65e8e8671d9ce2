import { ladderStream, tournamentStream } from "@boroughs/tournament"

/*
 * The ids of the event log's streams (ARCHITECTURE.md §4 naming): `<kind>-<id>`. Every stream id is made and
 * taken apart here, so a kind's spelling lives in one place. The tournament package names its own stream (its
 * events are its rules'); this module takes that spelling from it.
 */

const GAME = "game-"
const ACCESS = "access-"
const TOURNAMENT = tournamentStream("")
const LADDER = ladderStream("")

/** The stream of a game's events. */
export const game = (gameId: string): string => `${GAME}${gameId}`

/** The stream recording each organiser look at a game's secrets: who, when, at which version (apart from its log). */
export const access = (gameId: string): string => `${ACCESS}${gameId}`

/** The stream of a tournament's events. */
export const tournament = (tournamentId: string): string => tournamentStream(tournamentId)

/** The game id of a game stream, or null for another kind of stream. */
export const gameIdOf = (streamId: string): string | null => idAfter(GAME, streamId)

/** The tournament id of a tournament stream, or null for another kind of stream. */
export const tournamentIdOf = (streamId: string): string | null => idAfter(TOURNAMENT, streamId)

/** The stream of one game's ladder: entries, departures, the tables started. */
export const ladder = (game: string): string => ladderStream(game)

/** The game of a ladder stream, or null for another kind of stream. */
export const ladderGameOf = (streamId: string): string | null => idAfter(LADDER, streamId)

/** The organisers' register of display names: who is shown how, wherever a game does not name them itself. */
export const displayNames = "registry-names"

/** Whether a stream is a tournament's. */
export const isTournament = (streamId: string): boolean => streamId.startsWith(TOURNAMENT)

const idAfter = (prefix: string, streamId: string): string | null =>
  streamId.startsWith(prefix) ? streamId.slice(prefix.length) : null
