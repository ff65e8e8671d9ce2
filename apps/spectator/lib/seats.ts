// Seat names and page titles are shared with the admin app; from board-ui's plain module, not its index, so
// that server components (the page's metadata) can use them without its client-side hooks.

import type { SeatInfo } from "@boroughs/board-ui/kit"
import { seatInfos as holderSeatInfos } from "@boroughs/board-ui/names"

export { pageTitle } from "@boroughs/board-ui/names"

/**
 * Seat names: the game's display names, else the holder's name (`bot:ada` → "ada"), else "Seat N". A guest's
 * seat (`seat:<random>`, minted with its seat token) goes by its display name alone: the random part means
 * nothing to anyone, so an invited seat nobody has named yet is "Seat N".
 */
export const seatInfos = (
  players: ReadonlyArray<string | null>,
  names: ReadonlyArray<string | null> = [],
): SeatInfo[] =>
  holderSeatInfos(
    players.map((holder) => (holder?.startsWith("seat:") ? null : holder)),
    names,
  )

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
