import { type AnyGame, findGame, gameIds } from "@boroughs/core"
import { bluffDice, bluffDiceBots } from "@boroughs/core/fixture"
import type { TournamentGame } from "@boroughs/engine"

/** The games a server hosts: every registered game, and the kernel's Bluff Dice fixture when asked. */
export const hostedGames = (withFixture: boolean) => {
  const fixture = withFixture ? { game: bluffDice as AnyGame, bots: Object.keys(bluffDiceBots) } : null
  return {
    findGame: (id: string): AnyGame | undefined =>
      findGame(id)?.game ?? (fixture !== null && id === fixture.game.id ? fixture.game : undefined),
    knownGames: (): ReadonlyArray<string> => [...gameIds(), ...(fixture === null ? [] : [fixture.game.id])],
    botsOf: (id: string): ReadonlyArray<string> =>
      fixture !== null && id === fixture.game.id ? fixture.bots : Object.keys(findGame(id)?.bots ?? {}),
    tournamentGame: (id: string): TournamentGame | undefined =>
      fixture !== null && id === fixture.game.id ? { game: fixture.game, bots: bluffDiceBots } : findGame(id),
  }
}
