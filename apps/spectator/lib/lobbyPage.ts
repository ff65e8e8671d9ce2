import type { GameList, GameListQuery } from "@boroughs/protocol"
import type { LobbyFilters } from "./lobby"

/** Games a lobby page lists per section. */
export const PAGE_SIZE = 50

/** What the lobby's URL says: the filters, a player searched for, and where the page is. */
export interface LobbyView extends LobbyFilters {
  /** A seat holder (`bot:alpha`) or a bare name (`alpha`, either kind). */
  readonly player?: string | undefined
  /** Games older than this cursor (the previous page's `next`). */
  readonly before?: string | undefined
  /** Games just newer than this cursor (a page's first game), to page back. */
  readonly after?: string | undefined
}

const HOLDER = /^((bot|player):)?[a-z0-9][a-z0-9_.-]{0,39}$/

/** The player search as the server takes it, or null when no seat holder could be called that. */
export const playerOf = (input: string): string | null => {
  const player = input.trim().toLowerCase()
  return HOLDER.test(player) ? player : null
}

/** A game's place in the lobby's order, as the server's cursors spell it. */
export const cursorOf = (g: { readonly createdAt: string; readonly gameId: string }): string =>
  `${g.createdAt}|${g.gameId}`

/** The lobby's URL for a view (its cursor dropped unless given). */
export const lobbyHref = (view: LobbyView): string => {
  const q = new URLSearchParams()
  if (view.game) q.set("game", view.game)
  if (view.status) q.set("status", view.status)
  if (view.tournament) q.set("tournament", view.tournament)
  if (view.player) q.set("player", view.player)
  if (view.before) q.set("before", view.before)
  else if (view.after) q.set("after", view.after)
  return q.size === 0 ? "/" : `/?${q}`
}

/**
 * The lobby's sections. Live games come first, apart from finished ones, so a "live" link opens a live
 * game: a page without a status filter or cursor shows "Live now" above the finished games, and the cursor
 * pages the finished list (or the one status chosen).
 */
export interface LobbySections {
  readonly live: GameListQuery | null
  readonly paged: GameListQuery
  readonly pagedStatus: "live" | "ended"
}

export const lobbySections = (view: LobbyView): LobbySections => {
  const common: GameListQuery = {
    // A tournament's games are picked from a longer page.
    limit: view.tournament ? 500 : PAGE_SIZE,
    ...(view.game ? { game: view.game } : {}),
    ...(view.player ? { player: view.player } : {}),
  }
  const pagedStatus = view.status ?? "ended"
  const firstPage = !view.before && !view.after
  return {
    live: view.status === undefined && firstPage ? { ...common, status: "live" } : null,
    paged: {
      ...common,
      status: pagedStatus,
      ...(view.before ? { before: view.before } : view.after ? { after: view.after } : {}),
    },
    pagedStatus,
  }
}

/** Whether a page reached with `after` came up short: it is the newest, better shown as the first page. */
export const pastNewest = (view: LobbyView, page: GameList): boolean =>
  !view.before && !!view.after && page.games.length < (view.tournament ? 500 : PAGE_SIZE)
