/**
 * The bots that ship with Suburbia: random (uniform over legal commands), heuristic (greedy with look-ahead to
 * the red lines) and Dale's rules as a bot for a standard game. The 1,000-game measurement is
 * scripts/suburbia-winrate.ts; here a 100-game sample keeps the suite fast.
 */
import { describe, expect, it } from "vitest"
import { Random } from "../../../kernel/random.js"
import { simulate } from "../../../kernel/simulate.js"
import type { Command } from "../commands.js"
import { suburbia } from "../index.js"
import { History } from "../testing.js"
import { daleBot } from "./dale.js"
import { HORIZON, heuristicBot, projectedScore, turnsLeft } from "./heuristic.js"
import { randomBot } from "./random.js"

const turnOf = (h: History, seat = 0) => ({
  seat,
  view: suburbia.view(h.state, { kind: "seat", seat }),
  legal: suburbia.legalCommands(h.state, seat),
  random: Random.fromKey("bots-test"),
})

describe("heuristic", () => {
  it("wins at least 70 % of 4-seat games against three random bots (100 games, its seat rotating)", () => {
    let wins = 0
    for (let i = 0; i < 100; i++) {
      const seat = i % 4
      const bots = [randomBot, randomBot, randomBot, randomBot]
      bots[seat] = heuristicBot
      const { match } = simulate(suburbia, suburbia.defaultOptions, bots, `bots-${i}`, { keepEvents: false })
      if (match.ended?.ranks[seat] === 1) wins++
    }
    expect(wins).toBeGreaterThanOrEqual(70)
  }, 60_000)

  it("looks ahead to the red lines: more reputation is worth less once it drives population over a line", () => {
    // 10 turns at reputation 3 from 10: 40, crossing 15, 22, 29 and 35 (each −1 reputation and income).
    const plain = projectedScore({ money: 0, income: 0, reputation: 3, population: 10 }, 10)
    const naive = 10 + 3 * 10
    expect(plain).toBeLessThan(naive)
    expect(projectedScore({ money: 12, income: 2, reputation: 0, population: 5 }, 4)).toBe(
      5 + Math.floor(20 / 5),
    )
  })

  it("looks HORIZON × the turns left ahead (estimated from the draw pile), exactly the turns left once the last round is known", () => {
    const h = History.game(4)
    // 14 A + 21 B + 9 C + (12 + 1) / 2 of the part mixed with One More Round, one per player, then 1.5 rounds.
    expect(turnsLeft(suburbia.view(h.state, { kind: "seat", seat: 0 }))).toBe(
      Math.round(HORIZON * (50.5 / 4 + 1.5)),
    )
    h.push({ type: "OneMoreRoundDrawn", round: 1 })
    expect(turnsLeft(suburbia.view(h.state, { kind: "seat", seat: 0 }))).toBe(2)
  })

  it("takes the clearly best move: a Boutique next to its Suburbs and Park (+1 income, +2 reputation) early on", () => {
    const cs = "convenience-store"
    const h = History.game(2, { market: [cs, cs, cs, cs, cs, cs, "boutique"] })
    const choice = heuristicBot.choose(turnOf(h)) as Command
    expect(choice).toMatchObject({ type: "BuyTile", slot: 6 })
    expect([
      [1, 0],
      [-1, 1],
    ]).toContainEqual([(choice as { q: number }).q, (choice as { r: number }).r])
  })
})

describe("dale bot", () => {
  it("buys the priciest market tile it can afford and places it for the most income + reputation", () => {
    const h = History.game(2, {
      market: ["mint", "convenience-store", "farm", "casino", "hostel", "landfill", "convenience-store"],
    })
    // $15 on hand: Mint ($15 + $10) and Casino ($22 + $4) are out of reach; Farm $9 + $6 = $15 is the priciest.
    const choice = daleBot.choose(turnOf(h))
    expect(choice).toMatchObject({ type: "BuyTile", slot: 2 })
  })

  it("plays the mildest command when it can buy nothing, and keeps its first goal", () => {
    const h = History.game(2).tracks(0, { money: 3 })
    expect(daleBot.choose(turnOf(h))).toEqual(suburbia.defaultCommand(h.state, 0))
  })
})
