import type { SeatInfo } from "@boroughs/board-ui"

/** Seat names from the seat holders (`bot:heuristic` → "heuristic"); "Seat N" where nobody holds it. */
export const seatInfos = (players: ReadonlyArray<string | null>): SeatInfo[] =>
  players.map((holder, seat) => ({
    seat,
    name: holder === null ? `Seat ${seat + 1}` : (holder.split(":")[1] ?? holder),
  }))

/** The game's title from its id when the catalogue is not at hand. */
export const titleOf = (game: string): string => game.charAt(0).toUpperCase() + game.slice(1)

/** The tournament a game belongs to, from its id (`<tournament>-r<round>-t<table>`), or null. */
export const tournamentOf = (gameId: string): string | null => gameId.match(/^(.+)-r\d+-t\d+$/)?.[1] ?? null

/**
 * A game page's document title: "Downtown · ada vs ben · move 120" (the move left out when none is given),
 * so tabs and shared links say which game and which position.
 */
export const pageTitle = (
  gameTitle: string,
  seats: ReadonlyArray<SeatInfo>,
  version: number | null = null,
): string =>
  [gameTitle, seats.map((s) => s.name).join(" vs "), ...(version === null ? [] : [`move ${version}`])].join(
    " · ",
  )
