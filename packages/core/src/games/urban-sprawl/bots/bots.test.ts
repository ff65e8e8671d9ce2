/**
 * The heuristic bot against the random bot (issue 9: heuristic beats random in ≥ 70% of 4-seat games over 500
 * games). The test plays a smaller sample so it stays fast; `docs/urban-sprawl-balance.md` reports the full run.
 */
import { describe, expect, it } from "vitest"
import type { Bot } from "../../../kernel/bot.js"
import { simulate } from "../../../kernel/simulate.js"
import { heuristicBot, randomBot, urbanSprawl } from "../index.js"

describe("bots", () => {
  it("one heuristic seat wins most 4-seat games against three random seats (any seat position)", () => {
    let wins = 0
    const games = 60
    for (let i = 0; i < games; i++) {
      const hero = i % 4
      const bots: Bot[] = Array.from({ length: 4 }, (_, s) => (s === hero ? heuristicBot : randomBot))
      const sim = simulate(urbanSprawl, urbanSprawl.defaultOptions, bots, `bots-${i}`, { keepEvents: false })
      if (sim.match.ended?.ranks[hero] === 1) wins++
    }
    expect(wins / games).toBeGreaterThanOrEqual(0.7)
  }, 300_000)

  it("every bot only plays legal commands (simulate throws otherwise) at every table size", () => {
    for (const seats of [2, 3, 4]) {
      const sim = simulate(
        urbanSprawl,
        urbanSprawl.defaultOptions,
        Array.from({ length: seats }, () => heuristicBot),
        `heur-${seats}`,
      )
      expect(sim.match.ended?.reason).toBe("rules")
    }
  }, 120_000)
})
