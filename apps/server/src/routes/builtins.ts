import type { ServerConfig } from "../config.js"
import { defaultHouseSearch, readHouseSearch } from "../houseBots/houseSearch.js"

/**
 * Why a `builtin:<bot>` seat cannot be played, or null when every one can: the server plays such a seat with
 * the game's bot of that name (the tournaments' bots, which the catalogue lists) or by IS-MCTS
 * (`ismcts:<budget>`, within the server's caps), and with no such bot the seat would only ever get the game's
 * default move.
 */
export const unknownBuiltinOf = (
  config: Pick<ServerConfig, "tournamentGame" | "findGame" | "houseSearch">,
  game: string,
  players: ReadonlyArray<string | null>,
): string | null => {
  const bots = Object.keys(config.tournamentGame?.(game)?.bots ?? {})
  const rules = config.findGame(game)
  const limits = config.houseSearch ?? defaultHouseSearch
  const searchable = rules?.determinise !== undefined && limits.threads > 0
  for (const [seat, holder] of players.entries()) {
    if (holder?.startsWith("builtin:") !== true) continue
    const name = holder.slice("builtin:".length)
    if (bots.includes(name)) continue
    const search = rules === undefined ? null : readHouseSearch(name, rules, limits)
    if (search !== null && "search" in search) continue
    if (search !== null) return `seat ${seat}: ${search.refused}`
    const named = [...bots, ...(searchable ? ["ismcts:<budget>"] : [])]
    return `seat ${seat}: ${game} has no built-in bot "${name}"; ${
      named.length === 0 ? "this server plays none of its seats itself" : `its bots: ${named.join(", ")}`
    }`
  }
  return null
}
