/** The bots that ship with Downtown: random is uniform over legal commands; heuristic beats it. */
import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import { Random } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import { count, sized } from "../../testing/long.js"
import { downtown, downtownBots, heuristicBot, randomBot } from "./index.js"
import { History } from "./testing.js"

/** Four-seat games for the win rate: the first 200 seeds in CI, 1,000 under `pnpm test:long`. */
const GAMES = sized(200, 1_000)

/** Share of games the heuristic bot wins (rank 1, shared or not) against random bots, its seat rotating. */
const heuristicWinRate = (games: number, seats: number, variant: "standard" | "2p-official"): number => {
  let wins = 0
  for (let i = 0; i < games; i++) {
    const hero = i % seats
    const bots: Bot[] = Array.from({ length: seats }, (_, s) => (s === hero ? heuristicBot : randomBot))
    const sim = simulate(downtown, { variant }, bots, `winrate-${variant}-${seats}-${i}`, {
      keepEvents: false,
    })
    if (sim.match.ended?.ranks[hero] === 1) wins++
  }
  return wins / games
}

describe("bots", () => {
  it("ships a random and a heuristic bot", () => {
    expect(Object.keys(downtownBots).sort()).toEqual(["heuristic", "random"])
  })

  it("the random bot picks among the legal commands only", () => {
    const state = History.game().drawn(4).built(4, "industry").state
    const legal = downtown.legalCommands(state, 2)
    const random = Random.fromKey("pick")
    for (let i = 0; i < 50; i++) {
      const c = randomBot.choose({
        seat: 2,
        view: downtown.view(state, { kind: "seat", seat: 2 }),
        legal,
        random,
      })
      expect(legal).toContainEqual(c)
    }
  })

  it("the heuristic bot votes for the construction that pays its own markers", () => {
    // Seat 1 holds 3 spaces of zone 2 (Housing, next to 1, 3 and 4) and zone 4 is being voted: Industry
    // there would make zone 2 undesirable.
    const h = History.game().markers(2, [1, 1, 1]).drawn(4)
    const view = downtown.view(h.state, { kind: "seat", seat: 1 })
    const legal = downtown.legalCommands(h.state, 1)
    const c = heuristicBot.choose({ seat: 1, view, legal, random: Random.fromKey("h") })
    expect(c).not.toEqual({ type: "CastVote", construction: "industry" })
  })

  it(`heuristic beats three random bots in ≥ 70 % of ${count(GAMES)} four-seat games (seat rotating)`, () => {
    const rate = heuristicWinRate(GAMES, 4, "standard")
    console.info(
      `downtown: heuristic won ${(rate * 100).toFixed(1)} % of ${count(GAMES)} 4-seat games against 3 random bots`,
    )
    expect(rate).toBeGreaterThanOrEqual(0.7)
  }, 120_000)

  it("four heuristic seats do not mirror each other into a tie (their space requests are mixed)", () => {
    // Requests are made at the same moment (rule 3.1): bots that all took the one best zone split its spaces
    // and tied every game. Each seat's own random stream now picks among the requests near the best.
    let ties = 0
    const scores = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const bots = [heuristicBot, heuristicBot, heuristicBot, heuristicBot]
      const ended = simulate(downtown, { variant: "standard" }, bots, `mirror-${i}`, { keepEvents: false })
        .match.ended
      if (ended?.ranks.every((r) => r === 1)) ties++
      scores.add(JSON.stringify(ended?.scores))
    }
    expect(ties).toBeLessThan(4)
    expect(scores.size).toBeGreaterThan(30)
  })

  it("heuristic beats a random bot in the two-player variant", () => {
    const rate = heuristicWinRate(200, 2, "2p-official")
    console.info(`downtown 2p: heuristic won ${(rate * 100).toFixed(1)} % of 200 games against a random bot`)
    expect(rate).toBeGreaterThanOrEqual(0.7)
  }, 60_000)
})
