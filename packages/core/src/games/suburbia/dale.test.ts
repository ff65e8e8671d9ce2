/**
 * Solo game against Dale the bot (rule text, "Solo Game 2: Dale the Bot", rulespal both editions): one
 * given/when/then test per sentence. Dale is player 1; his turn is played by the rules right after the
 * player's. Market slots 0–3 carry the $6, $4, $2 and $0 surcharges.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { start } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import { randomBot } from "./bots/random.js"
import { goalDef } from "./data/goals.js"
import { suburbia } from "./index.js"
import { outcome } from "./outcome.js"
import { initialDeck, type State } from "./state.js"
import { brief, first, History, ofType } from "./testing.js"

const CS = "convenience-store"
const solo = (market: string[], seed = "dale") => History.game(1, { market }, seed)
const started = (seed: string, options = suburbia.defaultOptions): State => {
  const r = start(suburbia, options, 1, seed)
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success.match.state as State
}
/** Dale's placement among a command's events. */
const dales = (events: ReadonlyArray<{ type: string }>) =>
  ofType(events, "TilePlaced").filter((e) => e.player === 1)

describe("Solo Game 2: Dale the Bot — set-up", () => {
  it("'Each stack has 25 tiles.' … 'Mix the \"1 More Round\" tile with 12 tiles from the C stack, and place those tiles face down on the bottom of the C stack.'", () => {
    expect(initialDeck(1)).toEqual([
      { stack: "A", tiles: 25, oneMoreRound: false },
      { stack: "B", tiles: 25, oneMoreRound: false },
      { stack: "C", tiles: 13, oneMoreRound: false },
      { stack: "C", tiles: 12, oneMoreRound: true },
    ])
  })

  it("'place 3 random goals face up … If you reveal a goal with a lake or Investment Marker, discard it and replace it with another tile.'", () => {
    for (let i = 0; i < 60; i++) {
      const s = started(`dale-goals-${i}`)
      expect(s.publicGoals).toHaveLength(3)
      for (const g of [...s.publicGoals, ...(s.dealt[0] ?? [])])
        expect(goalDef(g).excludedAgainstDale).toBe(false)
    }
  })

  it("'Place the top 4 tiles from the A stack face up along the bottom edge of the Real Estate Market under the $6, $4, $2 and $0 spaces.'", () => {
    const s = started("dale-market")
    expect(s.surcharges).toEqual([6, 4, 2, 0])
    expect(s.market.every((t) => t !== null)).toBe(true)
    expect(s.market).toHaveLength(4)
    expect(s.deck[0]).toEqual({ stack: "A", tiles: 21, oneMoreRound: false })
  })

  it("'You go first each round (Dale doesn't mind).'", () => {
    for (let i = 0; i < 10; i++) expect(started(`dale-first-${i}`).startPlayer).toBe(0)
  })
})

describe("Solo Game 2: Dale the Bot — turns", () => {
  it("'Take a normal turn, following the normal rules. The three tiles not bought are left in the Real Estate Market (do not move them).'", () => {
    const t = solo(["mint", CS, "farm", "casino"]).when(0, { type: "BuyTile", slot: 1, q: 1, r: 2 })
    expect(first(t.events, "TilePlaced")).toMatchObject({ player: 0, slot: 1, tile: CS })
    expect(dales(t.events)[0]).toMatchObject({ slot: 3, tile: "casino" })
    expect(first(t.events, "MarketCleared")).toEqual({
      type: "MarketCleared",
      slots: [0, 2],
      tiles: ["mint", "farm"],
    })
  })

  it("'Dale buys the most expensive tile available (based on the tile price plus Real Estate Market adjustment), but he only pays $3 for it.'", () => {
    // Mint $15 + $6 = $21, Farm $9 + $2 = $11, Casino $22 + $0 = $22: the Casino.
    const t = solo(["mint", CS, "farm", "casino"]).when(0, { type: "BuyTile", slot: 1, q: 1, r: 2 })
    const dale = dales(t.events)[0]
    expect(dale?.tile).toBe("casino")
    expect(brief(dale?.changes ?? []).slice(0, 1)).toEqual(["p1 money -3 cost:dale-price"])
  })

  it("'In the case of two or more tiles with the same costs, he buys the leftmost one.'", () => {
    // Convenience Store $6 + $4 = 10 and Business Supply Store $8 + $2 = 10: the leftmost, slot 1.
    const t = solo(["landfill", CS, "business-supply-store", "hostel"]).when(0, {
      type: "BuyTile",
      slot: 0,
      q: 1,
      r: 2,
    })
    expect(dales(t.events)[0]).toMatchObject({ slot: 1, tile: CS })
  })

  it("'Dale never buys a basic tile, and Dale never creates a lake. Furthermore, Dale never plays an Investment Marker.'", () => {
    for (let i = 0; i < 10; i++) {
      const { events } = simulate(suburbia, suburbia.defaultOptions, [randomBot], `dale-never-${i}`)
      const placed = ofType(events, "TilePlaced").filter((e) => e.player === 1)
      expect(placed.length).toBeGreaterThan(10)
      expect(placed.every((e) => e.from === "market" && !e.lake)).toBe(true)
      expect(ofType(events, "InvestmentPlaced").some((e) => e.player === 1)).toBe(false)
    }
  })

  it("'placed in the best spot possible …: Increase the most Reputation and Income when both are added together (ties favor Reputation).'", () => {
    // Dale has a Convenience Store at (0,3). An Office Building (+1 Inc, +1 Inc per adjacent Commercial) next
    // to it gives Income +2; next to his Community Park it gives Income +1 and the park's Reputation +1.
    // Same sum: reputation wins; then the hex nearest the borough board, then the leftmost: (−1, 1).
    const h = solo([CS, "office-building", "hostel", "hostel"]).place(1, CS, 0, 3)
    const t = h.when(0, { type: "BuyTile", slot: 0, q: 1, r: 2 })
    const dale = dales(t.events)[0]
    expect(dale).toMatchObject({ tile: "office-building", q: -1, r: 1 })
    expect(brief(dale?.changes ?? [])).toEqual([
      "p1 money -3 cost:dale-price",
      "p1 income +1 office-building#0×1",
      "p1 reputation +1 community-park#1×1",
    ])
  })

  it("'After Dale buys a tile, places it, and adjusts his Income and Reputation, the two tiles remaining in the Real Estate Market are discarded from the game.' — Dale takes steps II and III too (ruling)", () => {
    const t = solo(["mint", CS, "farm", "casino"]).when(0, { type: "BuyTile", slot: 1, q: 1, r: 2 })
    const types = t.events.map((e) => e.type)
    const after = types.slice(types.indexOf("TilePlaced", 1))
    expect(after.slice(0, 4)).toEqual([
      "TilePlaced",
      "IncomeCollected",
      "PopulationAdjusted",
      "MarketCleared",
    ])
    expect(ofType(t.events, "IncomeCollected").map((e) => e.player)).toEqual([0, 1])
    expect(t.state.discards).toEqual(["mint", "farm"])
  })

  it("'4 new tiles are placed in the Real Estate Market on $6, $4, $2 and the (leftmost) $0 spaces.'", () => {
    const t = solo(["mint", CS, "farm", "casino"]).when(0, { type: "BuyTile", slot: 1, q: 1, r: 2 })
    expect(ofType(t.events, "TileDrawn").map((e) => e.slot)).toEqual([0, 1, 2, 3])
    expect(t.events.at(-1)).toEqual({ type: "TurnPassed", from: 1, to: 0, round: 2 })
    expect(suburbia.pending(t.state)).toEqual([{ seat: 0, kind: "action" }])
  })

  it("'When the \"1 More Round\" tile appears, the game ends immediately (you do not take another turn, but instead go directly to goal scoring and Population-for-money scoring).'", () => {
    const h = solo(["mint", CS, "farm", "casino"]).deck([{ stack: "C", tiles: 0, oneMoreRound: true }])
    const t = h.when(0, { type: "BuyTile", slot: 1, q: 1, r: 2 })
    expect(t.events.map((e) => e.type).slice(-5)).toEqual([
      "OneMoreRoundDrawn",
      "GoalsRevealed",
      "GoalsScored",
      "MoneyConverted",
      "GameEnded",
    ])
    expect(t.state.players.map((p) => p.turns)).toEqual([1, 1])
  })
})

describe("Solo Game 2: Dale the Bot — the result", () => {
  const finished = (player: [number, number, number, number], dale: [number, number, number, number]) => {
    const h = History.game(1)
    for (const [p, [population, reputation, income, money]] of [player, dale].entries())
      h.tracks(p, { population, reputation, income, money })
    return outcome({ ...h.state, step: "over" })
  }

  it("'you must beat Dale for your score to even register' — rank 1 when Dale does not beat you, else 2; the score is your population", () => {
    expect(finished([80, 2, 3, 1], [79, 9, 9, 9])).toEqual({ ranks: [1], scores: [80] })
    expect(finished([80, 2, 3, 1], [80, 3, 0, 0])).toEqual({ ranks: [2], scores: [80] })
    expect(finished([80, 2, 3, 1], [80, 2, 3, 1])).toEqual({ ranks: [1], scores: [80] })
  })

  it("Dale competes for the public goals; the player's secret goal needs him alone above Dale (ruling)", () => {
    const h = History.game(1, { goals: ["luminary", "builder", "developer"], kept: ["investor"] })
      .tracks(0, { reputation: 4, income: 2 })
      .tracks(1, { reputation: 5, income: 2 })
      .deck([{ stack: "C", tiles: 0, oneMoreRound: true }])
    const t = h.when(0, { type: "BuildLake", slot: 3, q: 0, r: 3 })
    const results = first(t.events, "GoalsScored").results
    const luminary = results.find((r) => r.goal === "luminary")
    expect(luminary?.values[0]).toBe(4)
    expect(luminary?.achiever).toBe(1)
    expect(results.find((r) => r.goal === "investor")).toMatchObject({ owner: 0, achiever: null })
  })

  it("with soloPrivateGoal off the player draws no goal and nothing is revealed (design note A.4 flag)", () => {
    const s = started("no-private", { solo: "dale", soloPrivateGoal: false })
    expect(s.dealt).toEqual([null])
    expect(suburbia.pending(s)).toEqual([{ seat: 0, kind: "action" }])
    const { events } = simulate(suburbia, { solo: "dale", soloPrivateGoal: false }, [randomBot], "no-private")
    expect(first(events, "GoalsRevealed").reveals).toEqual([])
  })
})
