import { describe, expect, it } from "vitest"
import type { Typed } from "../kernel/game.js"
import { simulate } from "../kernel/simulate.js"
import { registry } from "../registry.js"

/**
 * The `scores` contract of a bot (kernel/bot.ts): one rating per legal command, in their order, and the
 * bot's own choice among the best rated — so a search that tries the best-rated first tries its choice.
 */
describe("a heuristic bot's scores rate its legal commands as its choice does", () => {
  for (const { game, bots } of registry) {
    const heuristic = bots.heuristic
    if (heuristic?.scores === undefined) continue
    it(`${game.id}: the chosen command is rated highest, at every decision of a self-play game`, () => {
      const seats = Math.max(game.seats.min, Math.min(3, game.seats.max))
      let checked = 0
      const rating = {
        name: "rating",
        choose: (turn: Parameters<typeof heuristic.choose>[0]) => {
          const scores = heuristic.scores?.(turn) ?? []
          expect(scores).toHaveLength(turn.legal.length)
          const chosen = heuristic.choose(turn) as Typed
          const at = turn.legal.findIndex((c) => JSON.stringify(c) === JSON.stringify(chosen))
          const best = Math.max(...scores)
          expect(scores[at]).toBeGreaterThanOrEqual(best - 1e-6)
          checked++
          return chosen
        },
      }
      simulate(
        game,
        undefined,
        Array.from({ length: seats }, () => rating),
        `scores-${game.id}`,
      )
      expect(checked).toBeGreaterThan(20)
    })
  }
})
