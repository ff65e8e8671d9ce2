import type { SeatInfo } from "@boroughs/board-ui"

/**
 * Seat names: the display name the game gives a seat (a tournament's entrant, a name the organiser chose),
 * else its holder's (`bot:heuristic` → "heuristic"), else "Seat N" where nobody holds it.
 */
export const seatInfos = (
  players: ReadonlyArray<string | null>,
  names: ReadonlyArray<string | null> = [],
): SeatInfo[] =>
  players.map((holder, seat) => ({
    seat,
    name: names[seat] ?? (holder === null ? `Seat ${seat + 1}` : (holder.split(":")[1] ?? holder)),
  }))

/** The game's title from its id when the catalogue is not at hand. */
export const titleOf = (game: string): string => game.charAt(0).toUpperCase() + game.slice(1)

/** The tournament a game belongs to, from its id (`<tournament>-r<round>-t<table>`), or null. */
export const tournamentOf = (gameId: string): string | null => gameId.match(/^(.+)-r\d+-t\d+$/)?.[1] ?? null

/**
 * The tournaments of the listed games (and the one chosen, which may have none on this page), by id, each
 * with its name where a game says it (servers that send no names: the id), in the order of their names.
 */
export const tournamentChoices = (
  games: ReadonlyArray<{
    readonly gameId: string
    readonly tournament?: { id: string; name: string } | null
  }>,
  chosen: string | undefined,
): Array<{ id: string; name: string }> => {
  const names = new Map<string, string>()
  for (const g of games) {
    const id = g.tournament?.id ?? tournamentOf(g.gameId)
    if (id === null) continue
    if (g.tournament) names.set(id, g.tournament.name)
    else if (!names.has(id)) names.set(id, id)
  }
  if (chosen !== undefined && !names.has(chosen)) names.set(chosen, chosen)
  return [...names]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

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
