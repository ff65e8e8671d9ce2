import { describe, expect, it } from "vitest"
import { viewOf } from "../kernel/match.js"
import { simulate } from "../kernel/simulate.js"
import { registry } from "../registry.js"

/** Seat counts and options per game: every variant that scores differently. */
const PLAYS: Record<string, ReadonlyArray<{ seats: number; options?: Record<string, unknown> }>> = {
  downtown: [{ seats: 4 }, { seats: 2, options: { variant: "2p-official" } }],
  suburbia: [{ seats: 3 }, { seats: 1 }],
}

/**
 * A game's `standings` (what the replay charts plot) read the score its outcome ranks by: at the end of real
 * games, from a spectator's view, each seat's score is the outcome's, and there is one standing per seat
 * all along.
 */
describe("standings read from a view score what the outcome scores", () => {
  for (const { game, bots } of registry) {
    it(`${game.id}: at the end, each seat's standing is its outcome score`, () => {
      const standings = game.standings
      expect(standings, `${game.id} has no standings`).toBeDefined()
      if (standings === undefined) return
      const bot = bots.heuristic ?? bots.random
      const plays = PLAYS[game.id] ?? [{ seats: Math.max(game.seats.min, Math.min(3, game.seats.max)) }]
      for (const play of plays)
        for (let g = 0; g < 3; g++) {
          const options = { ...game.defaultOptions, ...play.options }
          const sim = simulate(game, options, Array(play.seats).fill(bot), `standings-${game.id}-${g}`)
          const ended = sim.match.ended
          if (ended === null) throw new Error("the game did not end")
          const read = standings.read(viewOf(sim.match, { kind: "spectator" }))
          expect(read.map((s) => s.score)).toEqual(ended.scores)
          expect(read.some((s) => s.score !== 0)).toBe(true)
        }
    }, 120_000)
  }
})
