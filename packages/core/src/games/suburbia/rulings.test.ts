/**
 * One test per ruling of docs/rulings/suburbia.md (the design note's proposed rulings, its Decisions, and
 * the rulings met while building the rules). Rulings pinned elsewhere name their test in the document.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { start } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import { randomBot } from "./bots/random.js"
import { GOALS } from "./data/goals.js"
import { TILES, tileDef } from "./data/tiles.js"
import { suburbia } from "./index.js"
import { goalValue } from "./scoring.js"
import type { State } from "./state.js"
import { brief, first, History, ofType, playAll } from "./testing.js"

const CS = "convenience-store"
const market7 = (tiles: Record<number, string>) => Array.from({ length: 7 }, (_, i) => tiles[i] ?? CS)

describe("rulings of the design note (§4.5)", () => {
  it("1. every change clamps at −5..15 as it is applied, in resolution order, so order matters", () => {
    // Income 14 with a Fancy Restaurant; a second one: +3 stops at 15, then the first answers −1 → 14
    // (summing first would give 14 + 3 − 1 = 16 → 15).
    const h = History.game(2, { market: market7({ 6: "fancy-restaurant" }) })
      .place(0, "fancy-restaurant", 1, 2)
      .tracks(0, { income: 14 })
    const t = h.when(0, { type: "BuyTile", slot: 6, q: 0, r: 3 })
    expect(
      first(t.events, "TilePlaced")
        .changes.filter((c) => c.stat === "income")
        .map((c) => [c.delta, c.value]),
    ).toEqual([
      [3, 15],
      [-1, 14],
    ])
  })

  it("2. red lines apply on every population change, mid-resolution; a Casino pays per line crossed in the same resolution", () => {
    const h = History.game(2, { market: market7({ 6: "housing-projects" }) })
      .place(0, "casino", -1, 3)
      .tracks(0, { population: 12, income: 3 })
    const t = h.when(0, { type: "BuyTile", slot: 6, q: 1, r: 2 })
    expect(brief(first(t.events, "TilePlaced").changes)).toEqual([
      "p0 money -8 cost:tile",
      "p0 population +10 housing-projects#0×1",
      "p0 income -1 red-line:15↑",
      "p0 reputation -1 red-line:15↑",
      "p0 income +1 casino#1×1@15",
      "p0 income -1 red-line:22↑",
      "p0 reputation -1 red-line:22↑",
      "p0 income +1 casino#1×1@22",
      "p0 reputation -1 heavy-factory#1×1",
    ])
  })

  it("3. 'placed later' effects count only tiles placed after the effect tile, in any borough, the owner's included", () => {
    const h = History.game(2, {
      market: market7({ 5: "fast-food-restaurant", 6: "fancy-restaurant" }),
    }).place(0, "fast-food-restaurant", 1, 2)
    const placing = h.when(0, { type: "BuyTile", slot: 6, q: 0, r: 3 })
    expect(
      first(placing.events, "TilePlaced")
        .changes.filter((c) => c.stat === "income")
        .map((c) => c.delta),
    ).toEqual([3])
    const mine = History.game(2, { market: market7({ 5: "fast-food-restaurant" }) })
      .place(0, "fancy-restaurant", 0, 3)
      .when(0, { type: "BuyTile", slot: 5, q: 1, r: 2 })
    expect(brief(first(mine.events, "TilePlaced").changes)).toContain("p0 income -1 fancy-restaurant#1×1")
    const theirs = History.game(2, { market: market7({ 5: "fast-food-restaurant" }) })
      .place(0, "fancy-restaurant", 0, 3)
      .turn(1)
      .when(1, { type: "BuyTile", slot: 5, q: 1, r: 2 })
    expect(brief(first(theirs.events, "TilePlaced").changes)).toContain("p0 income -1 fancy-restaurant#1×1")
  })

  it("5. when the stacks are exhausted the market is no longer refilled: it shrinks and play goes on", () => {
    const h = History.game(2).deck([{ stack: "C", tiles: 0, oneMoreRound: false }])
    const t = h.when(0, { type: "BuyTile", slot: 6, q: 1, r: 2 })
    expect(ofType(t.events, "TileDrawn")).toEqual([])
    expect(t.state.market[0]).toBeNull()
    expect(t.events.at(-1)).toMatchObject({ type: "TurnPassed", to: 1 })
    const next = playAll(t.match, [[1, { type: "BuyTile", slot: 6, q: 1, r: 2 }]])
    expect(next.state.market.slice(0, 2)).toEqual([null, null])
  })
})

describe("Decisions of the design note", () => {
  it("7. the starting column sets Income 0 / Reputation 1 / Population 2 without applying its effects, which still answer later tiles", () => {
    const r = start(suburbia, suburbia.defaultOptions, 2, "column")
    if (Result.isFailure(r)) throw new Error(r.failure.message)
    const events = r.success.events as Array<{ type: string }>
    expect(events.some((e) => e.type === "TilePlaced")).toBe(false)
    const s = r.success.match.state as State
    expect(s.players.map((p) => [p.income, p.reputation, p.population])).toEqual([
      [0, 1, 2],
      [0, 1, 2],
    ])
  })

  it("8. disputed tile values take the verdicts; every ✖ row says what was chosen and keeps the dissenting value", () => {
    expect(tileDef("homeowners-association").cost).toBe(6)
    expect(tileDef("casino").count).toBe(2)
    expect(tileDef("office-of-bureaucracy").effects[0]).toEqual({
      trigger: "immediate",
      stat: "reputation",
      amount: -2,
    })
    expect(tileDef("postal-service").effects.some((e) => e.trigger === "immediate")).toBe(false)
    expect(tileDef("skyscraper").cost).toBe(11)
    expect(tileDef("recycling-plant").effects).toEqual([
      { trigger: "immediate", stat: "reputation", amount: 1 },
      {
        trigger: "each",
        stat: "reputation",
        amount: 2,
        scope: "adjacent",
        filter: { categories: ["industrial"] },
      },
    ])
    expect(tileDef("university").effects[1]).toMatchObject({ scope: "every", filter: { icons: ["school"] } })
    expect(tileDef("domestic-airport")).toMatchObject({ count: 3 })
    for (const t of TILES.filter((x) => x.confidence === "✖")) {
      expect(t.chosen).toBeTruthy()
      expect(t.dissent?.length).toBeGreaterThan(0)
    }
    const count = (stack: string) => TILES.filter((t) => t.stack === stack).reduce((n, t) => n + t.count, 0)
    expect([count("A"), count("B"), count("C")]).toEqual([32, 36, 32])
  })

  it("9. the 20 goals with their bonuses (4 × 20, 9 × 15, 7 × 10); one public goal per player, not P's fixed 4", () => {
    expect(GOALS).toHaveLength(20)
    const bonuses = GOALS.map((g) => g.bonus)
    expect([20, 15, 10].map((b) => bonuses.filter((x) => x === b).length)).toEqual([4, 9, 7])
    for (const seats of [2, 3, 4]) {
      const r = start(suburbia, suburbia.defaultOptions, seats, `public-${seats}`)
      if (Result.isFailure(r)) throw new Error(r.failure.message)
      expect((r.success.match.state as State).publicGoals).toHaveLength(seats)
    }
  })
})

describe("rulings met while building the rules", () => {
  it("10. hexes: tiles go edge to edge, never on the borough board, but may wrap around it", () => {
    const h = History.game(2)
    for (const [q, r] of [
      [1, 0],
      [2, -1],
      [3, -1],
      [4, -2],
      [4, -3],
      [4, -4],
      [4, -5],
      [4, -6],
    ] as const)
      h.place(0, CS, q, r)
    const open = h.state.players[0]?.open.map((x) => `${x.q},${x.r}`) ?? []
    expect(open).toContain("3,-6")
    expect(open).toContain("3,-5")
    for (const onBoard of ["3,-4", "3,-3", "3,-2", "1,-1", "0,-1"]) expect(open).not.toContain(onBoard)
    expect(h.when(0, { type: "BuyTile", slot: 6, q: 3, r: -4 }).violation?.rule).toBe(
      "suburbia.place.not-adjacent",
    )
    expect(h.when(0, { type: "BuyTile", slot: 6, q: 3, r: -6 }).violation).toBeNull()
  })

  it("11. resolution order: the tile, its adjacent tiles and the rest of the borough in placement order, then the other boroughs clockwise from the player", () => {
    const h = History.game(4, { market: market7({ 6: "fast-food-restaurant" }) })
    for (const p of [0, 1, 2, 3]) h.place(p, "farm", 0, 3)
    h.turn(2)
    const t = h.when(2, { type: "BuyTile", slot: 6, q: 1, r: 0 })
    expect(brief(first(t.events, "TilePlaced").changes)).toEqual([
      "p2 money -7 cost:tile",
      "p2 income +1 fast-food-restaurant#0×1",
      "p2 population +3 fast-food-restaurant#1×1",
      "p2 reputation +1 community-park#1×1",
      "p2 income +1 farm#1×1",
      "p3 income +1 farm#1×1",
      "p0 income +1 farm#1×1",
      "p1 income +1 farm#1×1",
    ])
  })

  it("13. Waterfront Realty pays $2 for each (own lake, adjacent tile) pair: a new lake next to tiles, or a tile next to two lakes", () => {
    const h = History.game(2, { market: market7({ 5: CS }) })
      .place(0, "waterfront-realty", 1, 2)
      .place(0, CS, -1, 1, true)
      .place(0, CS, -2, 3, true)
    // (−2, 2) touches both lakes.
    const tile = h.when(0, { type: "BuyTile", slot: 5, q: -2, r: 2 })
    expect(brief(first(tile.events, "TilePlaced").changes)).toEqual([
      "p0 money -6 cost:tile",
      "p0 income +1 convenience-store#0×1",
      "p0 money +2 lake#0×1",
      "p0 money +2 lake#0×1",
      "p0 money +4 waterfront-realty#0×2",
    ])
    const lake = History.game(2)
      .place(0, "waterfront-realty", 1, 2)
      .when(0, { type: "BuildLake", slot: 6, q: -1, r: 1 })
    expect(brief(first(lake.events, "TilePlaced").changes)).toEqual([
      "p0 money +4 lake#0×2",
      "p0 money +4 waterfront-realty#0×2",
    ])
  })

  it("14. an investment applies each effect once more with everything it has answered so far (every borough's tiles as they stand)", () => {
    const h = History.game(3)
      .place(0, "farm", 1, 2)
      .place(1, "fast-food-restaurant", 1, 2)
      .place(2, "fancy-restaurant", 1, 2)
      .place(2, "fast-food-restaurant", 1, 0)
    const t = h.when(0, { type: "PlaceInvestment", q: 1, r: 2 })
    expect(brief(first(t.events, "InvestmentPlaced").changes)).toEqual([
      "p0 money -9 cost:investment",
      "p0 reputation -1 invest:farm#0×1",
      "p0 income +3 invest:farm#1×3",
    ])
  })

  it("15. red-line effects fire on every upward crossing, whatever moved the population (here step III), after the line's penalty — and never in final scoring", () => {
    const t = History.game(2)
      .place(0, "pr-firm", 0, 3)
      .tracks(0, { population: 14, reputation: 2 })
      .when(0, { type: "BuildLake", slot: 6, q: 1, r: 2 })
    expect(brief(first(t.events, "PopulationAdjusted").changes)).toEqual([
      "p0 population +2 reputation",
      "p0 income -1 red-line:15↑",
      "p0 reputation -1 red-line:15↑",
      "p0 reputation +1 pr-firm#1×1@15",
    ])
    const end = History.game(2, { goals: ["luminary", "billionaire"], kept: ["builder", "builder"] })
      .place(1, "pr-firm", 0, 3)
      .tracks(1, { population: 14, reputation: 5, money: 0, income: 0 })
      .push({ type: "OneMoreRoundDrawn", round: 0 })
      .turn(1, 1)
      .set({ market: market7({}) })
      .when(1, { type: "BuildLake", slot: 6, q: 1, r: 2 })
    const final = [
      ...first(end.events, "GoalsScored").changes,
      ...first(end.events, "MoneyConverted").changes,
    ]
    expect(
      final.some(
        (c) => c.cause.kind === "red-line" || (c.cause.kind === "effect" && c.cause.tile === "pr-firm"),
      ),
    ).toBe(false)
  })

  it("16. the full cost must come out of money on hand: a tile that would pay for itself is still out of reach", () => {
    const h = History.game(4, { market: market7({ 6: "homeowners-association" }) }).tracks(0, { money: 5 })
    expect(h.when(0, { type: "BuyTile", slot: 6, q: 1, r: 2 }).violation?.rule).toBe(
      "suburbia.pay.cannot-afford",
    )
    expect(suburbia.legalCommands(h.state, 0).some((c) => c.type === "BuyTile" && c.slot === 6)).toBe(false)
  })

  it("18. a discard is owed only if one can be paid for (else it is skipped); Pass only when no action at all is possible", () => {
    const h = History.game(2)
      .market([null, null, null, null, null, "farm", "farm"])
      .tracks(0, { money: 3, income: 0 })
    h.set({ surcharges: [10, 8, 6, 4, 2, 5, 5] })
    const t = h.when(0, { type: "BuyBasicTile", tile: "suburbs", q: 1, r: 2 })
    expect(t.events.map((e) => e.type)).toContain("DiscardSkipped")
    const stuck = History.game(2)
      .market([null, null, null, null, null, null, null])
      .set({ basic: { suburbs: 0, "community-park": 0, "heavy-factory": 0 } })
      .tracks(0, { money: 0 })
    const legal = suburbia.legalCommands(stuck.state, 0)
    expect(legal.filter((c) => c.type !== "PlaceInvestment")).toEqual([{ type: "Pass" }])
    expect(History.game(2).when(0, { type: "Pass" }).violation?.rule).toBe("suburbia.action.must-act")
  })

  it("20. goal measures: lakes are face-down tiles, kinds count face-up tiles, groups are edge-connected, Employer counts markers placed", () => {
    const h = History.game(2)
      .place(0, "municipal-airport", 1, 2, true)
      .place(0, CS, 0, 3, true)
      .place(0, CS, -1, 1, true)
      .place(0, "museum", 1, 0)
      .place(0, "municipal-airport", 1, 1)
      .invest(0, 0, 0)
    const v = (m: Parameters<typeof goalValue>[2]) => goalValue(h.state, 0, m)
    expect([v("lakes"), v("largest-lake-group"), v("airports")]).toEqual([3, 2, 1])
    expect([v("residential"), v("civic"), v("commercial"), v("industrial")]).toEqual([1, 2, 0, 2])
    expect([v("largest-civic-group"), v("investments")]).toEqual([2, 1])
  })

  it("23. Dale pays $3, or all he has when he has less", () => {
    const h = History.game(1, { market: ["mint", CS, "farm", "casino"] }).tracks(1, { money: 1 })
    const t = h.when(0, { type: "BuyTile", slot: 1, q: 1, r: 2 })
    const dale = ofType(t.events, "TilePlaced").find((e) => e.player === 1)
    expect(brief(dale?.changes ?? []).slice(0, 1)).toEqual(["p1 money -1 cost:dale-price"])
  })

  it("24. each tile is drawn when flipped, from its stack's unseen tiles: never more copies than the box holds; One More Round only within its part", () => {
    const seen = new Map<string, number>()
    let omrAt = 0
    for (let i = 0; i < 40; i++) {
      const seats = 1 + (i % 4)
      const { events } = simulate(
        suburbia,
        suburbia.defaultOptions,
        Array.from({ length: seats }, () => randomBot),
        `draws-${i}`,
      )
      const drawn = ofType(events, "TileDrawn")
      const copies = new Map<string, number>()
      for (const d of drawn) {
        copies.set(d.tile, (copies.get(d.tile) ?? 0) + 1)
        expect(tileDef(d.tile).stack).toBe(d.stack)
      }
      for (const [tile, n] of copies) {
        expect(n).toBeLessThanOrEqual(tileDef(tile).count)
        seen.set(tile, (seen.get(tile) ?? 0) + n)
      }
      const omr = events.findIndex((e) => e.type === "OneMoreRoundDrawn")
      const cBefore = ofType(events.slice(0, omr), "TileDrawn").filter((d) => d.stack === "C").length
      omrAt = Math.max(omrAt, cBefore)
      // The C tiles above the mixed part: 25 − 12 against Dale, else the stack size less the mixed tiles (9).
      const above = seats === 1 ? 13 : 9
      const mixed = seats === 1 ? 12 : (seats - 1) * 3 + 3
      expect(cBefore).toBeGreaterThanOrEqual(above)
      expect(cBefore).toBeLessThanOrEqual(above + mixed)
    }
    expect(seen.size).toBe(TILES.length - 3)
    expect(omrAt).toBeGreaterThan(13)
  })

  it("25. a clock timeout plays the mildest choice: the cheapest basic tile on the first open hex, else a lake from the cheapest rightmost slot; the cheapest discard", () => {
    const h = History.game(2)
    expect(suburbia.defaultCommand(h.state, 0)).toEqual({ type: "BuyBasicTile", tile: "suburbs", q: 1, r: 0 })
    h.set({ basic: { suburbs: 0, "community-park": 4, "heavy-factory": 0 } }).tracks(0, { money: 3 })
    expect(suburbia.defaultCommand(h.state, 0)).toEqual({ type: "BuildLake", slot: 6, q: 1, r: 0 })
    const basic = History.game(2).when(0, { type: "BuyBasicTile", tile: "suburbs", q: 1, r: 2 })
    expect(suburbia.defaultCommand(basic.state, 0)).toEqual({ type: "DiscardTile", slot: 6 })
  })
})

describe("readings of the rule text decided in writing", () => {
  const lake = { type: "BuildLake", slot: 6, q: 0, r: 3 } as const

  it("26. 'any additional movements backwards cost $1 per Population. If the player cannot pay this fee, nothing happens': each point is paid while money lasts, and for the rest nothing happens", () => {
    // Population 1, reputation −4: one point down to 0, then 3 more at $1 each. The lake brings $2 (step I).
    const short = History.game(2).tracks(0, { reputation: -4, population: 1, money: 0 }).when(0, lake)
    expect(brief(first(short.events, "PopulationAdjusted").changes)).toEqual([
      "p0 population -1 reputation",
      "p0 money -2 reputation-shortfall",
    ])
    expect(short.state.players[0]).toMatchObject({ population: 0, money: 0 })
    // With the whole fee on hand he pays it all; the fee is never waived for want of one dollar more.
    const full = History.game(2).tracks(0, { reputation: -4, population: 1, money: 1 }).when(0, lake)
    expect(brief(first(full.events, "PopulationAdjusted").changes)).toEqual([
      "p0 population -1 reputation",
      "p0 money -3 reputation-shortfall",
    ])
  })

  it("27. Waterfront Realty: 'tiles placed adjacent to your lakes are worth $4 instead of $2' — it doubles what each lake pays ('takes $2' per lake the tile is next to), so it pays per (lake, tile) pair", () => {
    const h = History.game(2, { market: market7({ 5: CS }) })
      .place(0, "waterfront-realty", 1, 2)
      .place(0, CS, -1, 1, true)
      .place(0, CS, -2, 3, true)
    // (−2, 2) is next to both lakes: each lake pays $2 and the Realty $2 more for each, $8 in all.
    const changes = first(h.when(0, { type: "BuyTile", slot: 5, q: -2, r: 2 }).events, "TilePlaced").changes
    const lakeside = changes.filter((c) => c.stat === "money" && c.cause.kind === "effect")
    expect(brief(lakeside)).toEqual([
      "p0 money +2 lake#0×1",
      "p0 money +2 lake#0×1",
      "p0 money +4 waterfront-realty#0×2",
    ])
  })

  it("28. 'he pays the cost of that tile again' — for a lake, whose taker 'does not pay the cost on the tile', that is $0", () => {
    const h = History.game(2).place(0, CS, 0, 3, true).tracks(0, { money: 0 })
    const invested = h.when(0, { type: "PlaceInvestment", q: 0, r: 3 })
    const changes = first(invested.events, "InvestmentPlaced").changes
    expect(changes.filter((c) => c.cause.kind === "cost")).toEqual([])
    expect(invested.state.players[0]?.tiles.find((t) => t.q === 0 && t.r === 3)?.invested).toBe(true)
  })
})
