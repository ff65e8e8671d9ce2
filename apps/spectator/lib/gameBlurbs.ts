/**
 * What each game is, in one line, for newcomers to the lobby. The catalogue has titles only, so the lines
 * live here, keyed by game id; a game without one shows its title alone.
 */
const BLURBS: Readonly<Record<string, string>> = {
  downtown: "Zone the city by secret vote, bid secretly for building spaces, then build and profit.",
  manhattan: "Roll two dice to move around a 9×9 city, raise towers and streets, and stay out of bankruptcy.",
  suburbia: "Buy hex tiles to grow a borough, balancing income and reputation; the largest population wins.",
  uptown: "Play project cards to build a street of five sites; the most prestige wins.",
  "urban-sprawl": "Take permits and build a city block by block, scoring as the town grows.",
}

/** The one-line description of a game, or null when there is none. */
export const blurbOf = (game: string): string | null => BLURBS[game] ?? null
