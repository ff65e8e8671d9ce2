import { registry, simulate, viewOf } from "@boroughs/core"
import { describe, expect, it } from "vitest"
import { standingReader } from "./standings.js"

// The score chart must plot what each game ranks by: at the end of real games, a better rank never has a
// lower score, and the scores are not all zero (a game left to the fallback would plot nothing).
describe("standings read from a spectator's view", () => {
  for (const { game, bots } of registry) {
    it(`${game.id}: the final scores order the seats as the outcome ranks them`, () => {
      const seats = Math.max(game.seats.min, Math.min(3, game.seats.max))
      const bot = bots.heuristic ?? bots.random
      let informative = 0
      for (let g = 0; g < 4; g++) {
        const sim = simulate(game, game.defaultOptions, Array(seats).fill(bot), `standings-${game.id}-${g}`)
        const ended = sim.match.ended
        if (ended === null) throw new Error("the game did not end")
        const view = viewOf(sim.match, { kind: "spectator" }) as Record<string, unknown>
        const standings = standingReader(game.id).read(view, seats)
        expect(standings).toHaveLength(seats)
        for (let a = 0; a < seats; a++)
          for (let b = 0; b < seats; b++)
            if ((ended.ranks[a] as number) < (ended.ranks[b] as number))
              expect(standings[a]?.score, `seat ${a} ranks above seat ${b}`).toBeGreaterThanOrEqual(
                standings[b]?.score as number,
              )
        if (standings.some((s) => s.score !== 0)) informative++
      }
      expect(informative).toBeGreaterThan(0)
    }, 120_000)
  }
})
