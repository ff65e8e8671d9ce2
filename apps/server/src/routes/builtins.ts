import type { App } from "../app.js"

/**
 * Why a `builtin:<bot>` seat cannot be played, or null when every one can: the server plays such a seat with
 * the game's bot of that name (the tournaments' bots, which the catalogue lists), and with no bot of that name
 * the seat would only ever get the game's default move.
 */
export const unknownBuiltinOf = (
  app: App,
  game: string,
  players: ReadonlyArray<string | null>,
): string | null => {
  const bots = Object.keys(app.config.tournamentGame?.(game)?.bots ?? {})
  for (const [seat, holder] of players.entries()) {
    if (holder?.startsWith("builtin:") !== true) continue
    const name = holder.slice("builtin:".length)
    if (bots.includes(name)) continue
    return `seat ${seat}: ${game} has no built-in bot "${name}"; ${
      bots.length === 0 ? "this server plays none of its seats itself" : `its bots: ${bots.join(", ")}`
    }`
  }
  return null
}
