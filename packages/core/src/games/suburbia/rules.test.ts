/**
 * One given/when/then test per sentence of the rule text (../shared/rules/suburbia.txt), quoted in the name.
 * Boroughs start with Suburbs (0,0), Community Park (0,1), Heavy Factory (0,2); their open hexes are
 * (1,0) and (−1,1) next to Suburbs and Park, (1,1) and (−1,2) next to Park and Factory, and (1,2), (0,3),
 * (−1,3) next to the Factory only.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { start } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import { randomBot } from "./bots/random.js"
import { suburbia } from "./index.js"
import { outcome } from "./outcome.js"
import { initialDeck, type State } from "./state.js"
import { brief, first, History, net, ofType, playAll } from "./testing.js"

const CS = "convenience-store"
const market7 = (tiles: Record<number, string>) => Array.from({ length: 7 }, (_, i) => tiles[i] ?? CS)
const started = (seats: number, seed: string): State => {
  const r = start(suburbia, suburbia.defaultOptions, seats, seed)
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success.match.state as State
}

describe("Setup", () => {
  it("'Each stack has the same number of tiles: 15 for 2 players, 18 for 3 players, and 21 for 4 players.'", () => {
    for (const [seats, size] of [
      [2, 15],
      [3, 18],
      [4, 21],
    ] as const) {
      const deck = initialDeck(seats)
      const count = (stack: string) => deck.filter((s) => s.stack === stack).reduce((n, s) => n + s.tiles, 0)
      expect(count("A")).toBe(size)
      expect(count("B")).toBe(size)
      expect(count("C")).toBe(size + 4)
    }
  })

  it("'Mix the 1 More Round tile with: 6 … 9 … 12 tiles from the C stack … on the bottom of the C stack. Then take 4 more C tiles … on the very bottom'", () => {
    for (const [seats, mixed] of [
      [2, 6],
      [3, 9],
      [4, 12],
    ] as const)
      expect(initialDeck(seats).slice(2)).toEqual([
        { stack: "C", tiles: (seats === 2 ? 15 : seats === 3 ? 18 : 21) - mixed, oneMoreRound: false },
        { stack: "C", tiles: mixed, oneMoreRound: true },
        { stack: "C", tiles: 4, oneMoreRound: false },
      ])
  })

  it("'Place 4 each of Heavy Factory, Community Park, and Suburb tiles face up on their three spaces.'", () => {
    expect(started(3, "basic").basic).toEqual({ suburbs: 4, "community-park": 4, "heavy-factory": 4 })
  })

  it("'Place the top 7 tiles from the A stack face up along the bottom edge of the Real Estate Market.'", () => {
    const s = started(4, "market")
    expect(s.market).toHaveLength(7)
    expect(s.market.every((t) => t !== null)).toBe(true)
    expect(s.deck[0]).toEqual({ stack: "A", tiles: 21 - 7, oneMoreRound: false })
  })

  it("'Shuffle the goals face down and place 1 random goal per player face up'", () => {
    for (const seats of [2, 3, 4]) {
      const s = started(seats, `goals-${seats}`)
      expect(s.publicGoals).toHaveLength(seats)
      expect(new Set(s.publicGoals).size).toBe(seats)
    }
  })

  it("'Place your Income Cylinder on the 0 Income space and your Reputation Cube on the 1 Reputation space.' … 'on the 2 Population space' ($15 and 3 investment markers, rulespal)", () => {
    for (const b of started(4, "tracks").players)
      expect([b.income, b.reputation, b.population, b.money, b.investments]).toEqual([0, 1, 2, 15, 3])
  })

  it("'Place one Suburbs tile, one Community Park tile, and one Heavy Factory tile below your Borough Board.'", () => {
    for (const b of started(2, "column").players)
      expect(b.tiles.map((t) => [t.tile, t.q, t.r])).toEqual([
        ["suburbs", 0, 0],
        ["community-park", 0, 1],
        ["heavy-factory", 0, 2],
      ])
  })

  it("'Each player takes 2 random goal tiles from the supply, looks at both, and then keeps 1 of them'", () => {
    const s = started(3, "deal")
    expect(suburbia.pending(s)).toEqual([
      { seat: 0, kind: "keep-goal" },
      { seat: 1, kind: "keep-goal" },
      { seat: 2, kind: "keep-goal" },
    ])
    const all = [...s.publicGoals, ...s.dealt.flat()]
    expect(new Set(all).size).toBe(3 + 6)
    const dealt = s.dealt[1] as string[]
    expect(suburbia.legalCommands(s, 1)).toEqual(dealt.map((goal) => ({ type: "KeepGoal", goal })))
    const other = s.dealt[0]?.[0] as string
    expect(suburbia.decide(s, 1, { type: "KeepGoal", goal: other })).toMatchObject({
      failure: { rule: "suburbia.goals.not-dealt" },
    })
  })

  it("'Randomly choose a player and give him the Start Player Marker.'", () => {
    const seen = new Set<number>()
    for (let i = 0; i < 40; i++) seen.add(started(4, `sp-${i}`).startPlayer)
    expect([...seen].sort()).toEqual([0, 1, 2, 3])
  })
})

describe("Object of the Game", () => {
  const finished = (rows: Array<[number, number, number, number]>) => {
    const h = History.game(rows.length)
    rows.forEach(([population, reputation, income, money], p) => {
      h.tracks(p, { population, reputation, income, money })
    })
    return outcome({ ...h.state, step: "over" })
  }

  it("'The player with the highest Population on the Population Board wins.'", () => {
    expect(
      finished([
        [40, 0, 0, 0],
        [41, 0, 0, 0],
      ]),
    ).toEqual({ ranks: [2, 1], scores: [40, 41] })
  })

  it("'In case of a tie, the player with the highest Reputation among the tied players wins.'", () => {
    expect(
      finished([
        [40, 3, 0, 0],
        [40, 4, 0, 0],
        [39, 9, 9, 9],
      ])?.ranks,
    ).toEqual([2, 1, 3])
  })

  it("'In case of another tie, the player with the highest Income among the tied players wins.'", () => {
    expect(
      finished([
        [40, 3, 5, 0],
        [40, 3, 4, 9],
      ])?.ranks,
    ).toEqual([1, 2])
  })

  it("'If players are still tied, the player with the most remaining money wins.'", () => {
    expect(
      finished([
        [40, 3, 5, 2],
        [40, 3, 5, 4],
      ])?.ranks,
    ).toEqual([2, 1])
  })

  it("'In case of a further tie … the tied players play another game' — we rank them equal (shared rank)", () => {
    expect(
      finished([
        [40, 3, 5, 4],
        [40, 3, 5, 4],
        [10, 0, 0, 0],
      ])?.ranks,
    ).toEqual([1, 1, 3])
  })
})

describe("I. Take and place 1 tile or place 1 Investment Marker", () => {
  it("'the player pays the cost printed above the tile (if any) on the Real Estate Market in addition to the cost on the tile. The total combined cost of the tile is paid to the supply.'", () => {
    const t = History.game(2).when(0, { type: "BuyTile", slot: 2, q: 1, r: 2 })
    expect(brief(first(t.events, "TilePlaced").changes)).toEqual([
      "p0 money -6 cost:tile",
      "p0 money -6 cost:surcharge",
      "p0 income +1 convenience-store#0×1",
    ])
    expect(t.state.players[0]?.money).toBe(15 - 12 + 1)
  })

  it("'The player must place the purchased tile adjacent to any of his tiles.' — and never on the borough board", () => {
    const h = History.game(2)
    expect(h.when(0, { type: "BuyTile", slot: 6, q: 3, r: 3 }).violation?.rule).toBe(
      "suburbia.place.not-adjacent",
    )
    expect(h.when(0, { type: "BuyTile", slot: 6, q: 0, r: -1 }).violation?.rule).toBe(
      "suburbia.place.not-adjacent",
    )
    expect(h.when(0, { type: "BuyTile", slot: 6, q: 0, r: 0 }).violation?.rule).toBe(
      "suburbia.place.not-adjacent",
    )
    expect(h.when(0, { type: "BuyTile", slot: 6, q: 1, r: 0 }).violation).toBeNull()
  })

  it("'make any adjustments as noted on the tile descriptions of the placed tile as well as any other impacted tiles (including tiles placed by other players)'", () => {
    const h = History.game(2, { market: market7({ 5: "fast-food-restaurant" }) }).place(1, "farm", 1, 0)
    const t = h.when(0, { type: "BuyTile", slot: 5, q: -1, r: 1 })
    expect(brief(first(t.events, "TilePlaced").changes)).toEqual([
      "p0 money -7 cost:tile",
      "p0 income +1 fast-food-restaurant#0×1",
      "p0 population +3 fast-food-restaurant#1×1",
      "p0 reputation +1 community-park#1×1",
      "p1 income +1 farm#1×1",
    ])
  })

  it("'The effects of a tile can be triggered after it is placed. For instance, placing a new [tile] next to an existing Community Park results in an increase of [reputation].'", () => {
    const t = History.game(2).when(0, { type: "BuyTile", slot: 6, q: 1, r: 0 })
    expect(brief(first(t.events, "TilePlaced").changes)).toContain("p0 reputation +1 community-park#1×1")
  })

  it("'Because Income and Reputation can never fall below -5 or rise above 15, adjustments stop at those limits.'", () => {
    const up = History.game(2).tracks(0, { income: 15 }).when(0, { type: "BuyTile", slot: 6, q: 1, r: 2 })
    expect(first(up.events, "TilePlaced").changes.find((c) => c.stat === "income")).toMatchObject({
      delta: 1,
      value: 15,
    })
    const down = History.game(2)
      .tracks(0, { reputation: -5 })
      .when(0, { type: "BuyBasicTile", tile: "heavy-factory", q: -1, r: 1 })
    expect(first(down.events, "TilePlaced").changes.map((c) => [c.stat, c.delta, c.value])).toEqual([
      ["money", -3, 12],
      ["income", 1, 1],
      ["reputation", -2, -5],
      ["reputation", 1, -4],
    ])
  })
})

describe("Taking a basic tile", () => {
  it("'The player may also take any available basic tile … If he does so, he pays only the cost on the tile. The player places this tile in the same manner'", () => {
    const t = History.game(2).when(0, { type: "BuyBasicTile", tile: "suburbs", q: 1, r: 2 })
    expect(brief(first(t.events, "TilePlaced").changes)).toEqual([
      "p0 money -3 cost:tile",
      "p0 population +2 suburbs#0×1",
      "p0 reputation -1 heavy-factory#1×1",
    ])
    expect(t.state.basic.suburbs).toBe(3)
  })

  it("'These tiles are limited, and may run out during a game, at which time they can no longer be acquired.'", () => {
    const h = History.game(2).set({ basic: { suburbs: 0, "community-park": 1, "heavy-factory": 2 } })
    expect(h.when(0, { type: "BuyBasicTile", tile: "suburbs", q: 1, r: 2 }).violation?.rule).toBe(
      "suburbia.basic.none-left",
    )
    const legal = suburbia.legalCommands(h.state, 0)
    expect(legal.some((c) => c.type === "BuyBasicTile" && c.tile === "suburbs")).toBe(false)
    expect(legal.some((c) => c.type === "BuyBasicTile" && c.tile === "community-park")).toBe(true)
  })
})

describe("Taking a tile to use as a lake", () => {
  it("'He only pays the cost printed on the Real Estate Market, he does not pay the cost on the tile.'", () => {
    const t = History.game(2).when(0, { type: "BuildLake", slot: 4, q: 1, r: 2 })
    expect(brief(first(t.events, "TilePlaced").changes)).toEqual([
      "p0 money -2 cost:surcharge",
      "p0 money +2 lake#0×1",
    ])
    expect(t.state.players[0]?.tiles.at(-1)).toMatchObject({ tile: CS, lake: true })
  })

  it("'places this tile face down adjacent to one or more of his tiles … and receives $2 per adjacent [Residential, Commercial, Industrial or Civic tile]'", () => {
    const t = History.game(2).when(0, { type: "BuildLake", slot: 6, q: -1, r: 1 })
    expect(brief(first(t.events, "TilePlaced").changes)).toEqual(["p0 money +4 lake#0×2"])
  })

  it("'If the player places another [tile] next to a [lake], he takes $2 from the supply.'", () => {
    const h = History.game(2).place(0, CS, -1, 1, true)
    const t = h.when(0, { type: "BuyTile", slot: 6, q: -2, r: 2 })
    expect(brief(first(t.events, "TilePlaced").changes)).toContain("p0 money +2 lake#0×1")
  })

  it("'When the player places another [lake] adjacent to an existing lake, he does not take $2 for adjacency to the other tile(s).' — the tiles may be face down", () => {
    const h = History.game(2).place(0, CS, -1, 1, true)
    const t = h.when(0, { type: "BuildLake", slot: 6, q: -2, r: 2 })
    expect(t.violation).toBeNull()
    expect(first(t.events, "TilePlaced").changes).toEqual([])
  })
})

describe("B. Placing an Investment Marker", () => {
  it("'An Investment Marker may be placed on any of the player's tiles-including a lake - that does not already have an Investment Marker on it.'", () => {
    const h = History.game(2).place(0, CS, -1, 1, true)
    const lake = h.when(0, { type: "PlaceInvestment", q: -1, r: 1 })
    expect(brief(first(lake.events, "InvestmentPlaced").changes)).toEqual(["p0 money +4 invest:lake#0×2"])
    const again = History.game(2).invest(0, 0, 1).when(0, { type: "PlaceInvestment", q: 0, r: 1 })
    expect(again.violation?.rule).toBe("suburbia.invest.already")
    expect(History.game(2).when(1, { type: "PlaceInvestment", q: 0, r: 1 }).violation?.rule).toBe(
      "kernel.not-your-decision",
    )
    expect(History.game(2).when(0, { type: "PlaceInvestment", q: 5, r: 5 }).violation?.rule).toBe(
      "suburbia.invest.no-tile",
    )
  })

  it("'he pays the cost of that tile again … An Investment Marker doubles the effects of the tile it is placed on. For instance, … a Community Park [gives −1 Income] and [+1 Reputation] for each adjacent [tile]'", () => {
    const t = History.game(2).when(0, { type: "PlaceInvestment", q: 0, r: 1 })
    expect(brief(first(t.events, "InvestmentPlaced").changes)).toEqual([
      "p0 money -4 cost:investment",
      "p0 income -1 invest:community-park#0×1",
      "p0 reputation +2 invest:community-park#1×2",
    ])
  })

  it("'When a player places an Investment Marker he does not place a tile.' — and has one marker fewer", () => {
    const t = History.game(2).when(0, { type: "PlaceInvestment", q: 0, r: 1 })
    expect(t.state.players[0]?.tiles).toHaveLength(3)
    expect(t.state.players[0]?.tiles[1]?.invested).toBe(true)
    expect(t.state.players[0]?.investments).toBe(2)
  })

  it("'Placing an Investment Marker does not impact other tiles' conditional effects (i.e., … on a Community Park that is adjacent to a Heavy Factory does not trigger the [−1 Reputation] of the Heavy Factory again).'", () => {
    const t = History.game(2).when(0, { type: "PlaceInvestment", q: 0, r: 1 })
    expect(
      first(t.events, "InvestmentPlaced").changes.some(
        (c) => c.cause.kind === "effect" && c.cause.tile === "heavy-factory",
      ),
    ).toBe(false)
  })

  it("'An Investment Marker's effects are in place for the rest of the game … if another [tile] is placed adjacent to the Community Park … the player will receive [+1] twice'", () => {
    const t = History.game(2).invest(0, 0, 1).when(0, { type: "BuyTile", slot: 6, q: 1, r: 0 })
    expect(brief(first(t.events, "TilePlaced").changes)).toContain("p0 reputation +2 community-park#1×1×2")
  })
})

describe("II. Collect or pay money (based on income)", () => {
  // The action in these tests: a $0 lake at (0,3), next to the Heavy Factory only: +$2.
  const lake = { type: "BuildLake", slot: 6, q: 0, r: 3 } as const

  it("'If the player's Income Cylinder is on a positive number, the player collects that amount of money from the supply.'", () => {
    const t = History.game(2).tracks(0, { income: 3 }).when(0, lake)
    expect(brief(first(t.events, "IncomeCollected").changes)).toEqual(["p0 money +3 income"])
    expect(t.state.players[0]?.money).toBe(15 + 2 + 3)
  })

  it("'If his Income Cylinder is on a negative number, the player owes money and must pay that amount immediately to the supply.'", () => {
    const t = History.game(2).tracks(0, { income: -3 }).when(0, lake)
    expect(brief(first(t.events, "IncomeCollected").changes)).toEqual(["p0 money -3 income"])
  })

  it("'If he does not have enough money, he pays what he has and then moves his Population Square backwards one space per $1 to cover the difference.'", () => {
    const t = History.game(2).tracks(0, { income: -4, money: 1, population: 5 }).when(0, lake)
    expect(brief(first(t.events, "IncomeCollected").changes)).toEqual([
      "p0 money -3 income",
      "p0 population -1 income-shortfall",
    ])
  })

  it("'A player cannot have a Population less than 0, so if he cannot move his Population Square back any more and still owes money, nothing happens.'", () => {
    const t = History.game(2).tracks(0, { income: -5, money: 0, population: 2, reputation: 0 }).when(0, lake)
    expect(brief(first(t.events, "IncomeCollected").changes)).toEqual([
      "p0 money -2 income",
      "p0 population -2 income-shortfall",
    ])
    expect(t.state.players[0]?.population).toBe(0)
  })
})

describe("III. Adjust Population (based on reputation)", () => {
  const lake = { type: "BuildLake", slot: 6, q: 0, r: 3 } as const

  it("'Increase or decrease your Population on the Population Board by the amount where your Reputation Cube is located.'", () => {
    const up = History.game(2).tracks(0, { reputation: 3 }).when(0, lake)
    expect(brief(first(up.events, "PopulationAdjusted").changes)).toEqual(["p0 population +3 reputation"])
    const down = History.game(2).tracks(0, { reputation: -1, population: 7 }).when(0, lake)
    expect(brief(first(down.events, "PopulationAdjusted").changes)).toEqual(["p0 population -1 reputation"])
  })

  it("'If Population gets to 0, any additional movements backwards cost $1 per Population. If the player cannot pay this fee, nothing happens'", () => {
    const pays = History.game(2).tracks(0, { reputation: -3, population: 2, money: 5 }).when(0, lake)
    expect(brief(first(pays.events, "PopulationAdjusted").changes)).toEqual([
      "p0 population -2 reputation",
      "p0 money -1 reputation-shortfall",
    ])
    const broke = History.game(2).tracks(0, { reputation: -3, population: 0, money: 0, income: -5 }).when(0, {
      type: "BuildLake",
      slot: 6,
      q: 1,
      r: 2,
    })
    expect(first(broke.events, "PopulationAdjusted").changes).toEqual([])
    expect(broke.state.players[0]).toMatchObject({ population: 0, money: 0 })
  })

  it("'When a player's Population crosses a Red Line, then that player's Income and Reputation are both reduced by 1 … for every Red Line the player moves past.'", () => {
    const t = History.game(2).tracks(0, { reputation: 9, population: 13, income: 2 }).when(0, lake)
    expect(brief(first(t.events, "PopulationAdjusted").changes)).toEqual([
      "p0 population +9 reputation",
      "p0 income -1 red-line:15↑",
      "p0 reputation -1 red-line:15↑",
      "p0 income -1 red-line:22↑",
      "p0 reputation -1 red-line:22↑",
    ])
  })

  it("'If a player's Population dips below a Red Line (this can happen if he has a negative Reputation) he moves both his Income Cylinder and his Reputation Cube forward'", () => {
    const t = History.game(2).tracks(0, { reputation: -2, population: 16 }).when(0, lake)
    expect(brief(first(t.events, "PopulationAdjusted").changes)).toEqual([
      "p0 population -2 reputation",
      "p0 income +1 red-line:15↓",
      "p0 reputation +1 red-line:15↓",
    ])
  })

  it("'When adjusting population past a Red Line, immediately decrease your Income and Reputation by one space, even if you haven't finished with all the other adjustments yet.'", () => {
    const h = History.game(2, { market: market7({ 6: "housing-projects" }) }).tracks(0, { population: 12 })
    const t = h.when(0, { type: "BuyTile", slot: 6, q: 1, r: 2 })
    expect(brief(first(t.events, "TilePlaced").changes)).toEqual([
      "p0 money -8 cost:tile",
      "p0 population +10 housing-projects#0×1",
      "p0 income -1 red-line:15↑",
      "p0 reputation -1 red-line:15↑",
      "p0 income -1 red-line:22↑",
      "p0 reputation -1 red-line:22↑",
      "p0 reputation -1 heavy-factory#1×1",
    ])
  })

  it("'If a decrease to Income or Reputation would cause either or both to be less than -5, the Income Cylinder or Reputation Cube stays at -5.'", () => {
    const t = History.game(2).tracks(0, { reputation: 3, population: 13, income: -5 }).when(0, lake)
    const changes = first(t.events, "PopulationAdjusted").changes
    expect(changes.find((c) => c.stat === "income")).toMatchObject({ delta: -1, value: -5 })
  })

  it("'If your Population is greater than 150 … acting as if there is a red line after every even number, starting with 150 (152, 154, 156, etc)' — lines at 151, 153, …", () => {
    const crossed = (population: number, reputation: number) =>
      first(
        History.game(2).tracks(0, { reputation, population }).when(0, lake).events,
        "PopulationAdjusted",
      ).changes.flatMap((c) => (c.cause.kind === "red-line" && c.stat === "income" ? [c.cause.line] : []))
    expect(crossed(149, 4)).toEqual([151, 153])
    expect(crossed(150, 1)).toEqual([151])
    expect(crossed(151, 1)).toEqual([])
    expect(crossed(152, 1)).toEqual([153])
  })
})

describe("IV. Adjust the real estate market", () => {
  it("'If the player placed a basic tile or Investment Marker, he must then take any tile that is face up below the Real Estate Market (paying only the cost shown above that tile …) and discard it'", () => {
    const h = History.game(2, { market: market7({ 1: "farm" }) })
    const t = h.when(0, { type: "BuyBasicTile", tile: "suburbs", q: 1, r: 2 })
    expect(suburbia.pending(t.state)).toEqual([{ seat: 0, kind: "discard" }])
    expect(t.events.map((e) => e.type)).toEqual(["TilePlaced", "IncomeCollected", "PopulationAdjusted"])
    const d = playAll(t.match, [[0, { type: "DiscardTile", slot: 1 }]])
    expect(first(d.events, "TileDiscarded")).toMatchObject({ slot: 1, tile: "farm" })
    expect(brief(first(d.events, "TileDiscarded").changes)).toEqual(["p0 money -8 cost:discard"])
    expect(d.state.discards).toEqual(["farm"])
  })

  it("'Slide the remaining tiles on the Real Estate Market to the right to fill in the gap … and flip over a new tile from the current stack …, placing it at the far left'", () => {
    const names = ["farm", "mint", "landfill", "freeway", "parking-lot", "slaughterhouse", "hostel"]
    const t = History.game(2, { market: names }).when(0, { type: "BuyTile", slot: 3, q: 1, r: 2 })
    const drawn = first(t.events, "TileDrawn")
    expect(drawn.slot).toBe(0)
    expect(t.state.market).toEqual([
      drawn.tile,
      "farm",
      "mint",
      "landfill",
      "parking-lot",
      "slaughterhouse",
      "hostel",
    ])
  })

  it("'When Stack A is depleted, flip tiles from Stack B; when Stack B is depleted, flip tiles from Stack C.'", () => {
    const h = History.game(2).deck([
      { stack: "A", tiles: 0, oneMoreRound: false },
      { stack: "B", tiles: 1, oneMoreRound: false },
      { stack: "C", tiles: 5, oneMoreRound: false },
      { stack: "C", tiles: 6, oneMoreRound: true },
    ])
    const b = h.when(0, { type: "BuyTile", slot: 6, q: 1, r: 2 })
    expect(first(b.events, "TileDrawn").stack).toBe("B")
    const c = playAll(b.match, [[1, { type: "BuyTile", slot: 6, q: 1, r: 2 }]])
    expect(first(c.events, "TileDrawn").stack).toBe("C")
  })
})

describe("End of the game", () => {
  it("'When the 1 More Round tile is flipped over, the current round is completed, and then one more full round is played, starting with the Start Player'", () => {
    const h = History.game(3)
      .deck([
        { stack: "C", tiles: 0, oneMoreRound: true },
        { stack: "C", tiles: 4, oneMoreRound: false },
      ])
      .turn(1, 1)
    const buy = (q: number, r: number) => ({ type: "BuildLake", slot: 6, q, r }) as const
    const t = h.when(1, buy(0, 3))
    expect(t.events.map((e) => e.type).slice(-3)).toEqual(["OneMoreRoundDrawn", "TileDrawn", "TurnPassed"])
    expect(t.state.lastRound).toBe(2)
    // Seat 2 finishes round 1; round 2 is played by 0, 1, 2; then the game ends.
    const rest = playAll(t.match, [
      [2, buy(0, 3)],
      [0, buy(0, 3)],
      [1, buy(1, 2)],
    ])
    expect(rest.match.ended).toBeNull()
    const end = playAll(rest.match, [[2, buy(1, 2)]])
    expect(end.match.ended).not.toBeNull()
    expect(end.events.map((e) => e.type).slice(-4)).toEqual([
      "GoalsRevealed",
      "GoalsScored",
      "MoneyConverted",
      "GameEnded",
    ])
  })

  it("'Everyone should end up having taken the same number of turns in the game.'", () => {
    for (const seats of [2, 3, 4])
      for (let i = 0; i < 5; i++) {
        const { match } = simulate(
          suburbia,
          suburbia.defaultOptions,
          Array.from({ length: seats }, () => randomBot),
          `turns-${seats}-${i}`,
          { keepEvents: false },
        )
        const turns = (match.state as State).players.map((p) => p.turns)
        expect(new Set(turns).size).toBe(1)
      }
  })
})

describe("Final scoring", () => {
  /** Two seats: seat 1 plays the very last turn (a $0 lake for +$2) and the game is scored. */
  const lastTurn = (h: History) => {
    h.push({ type: "OneMoreRoundDrawn", round: 0 }).turn(1, 1)
    return h.when(1, { type: "BuildLake", slot: 6, q: 0, r: 3 })
  }
  const setup = { goals: ["billionaire", "luminary"], kept: ["investor", "miser"] }

  it("'Award goals before converting money to Population.' — Billionaire counts money on hand", () => {
    const h = History.game(2, setup)
      .tracks(0, { money: 20, income: 5, reputation: 0, population: 12 })
      .tracks(1, { money: 12, income: 2, reputation: 1, population: 10 })
    const t = lastTurn(h)
    const scored = first(t.events, "GoalsScored")
    expect(scored.results.map((r) => [r.goal, r.owner, r.values, r.achiever, r.bonus])).toEqual([
      ["billionaire", null, [20, 16], 0, 10],
      ["luminary", null, [0, 1], 1, 10],
      ["investor", 0, [5, 2], 0, 15],
      ["miser", 1, [5, 2], 1, 15],
    ])
    expect(t.events.findIndex((e) => e.type === "GoalsScored")).toBeLessThan(
      t.events.findIndex((e) => e.type === "MoneyConverted"),
    )
  })

  it("'Population bonuses for accomplished Goals and converting money to population at the end of the game do not trigger the Income and Reputation lowering effect of the Red Lines.'", () => {
    const h = History.game(2, setup)
      .tracks(0, { money: 20, income: 5, reputation: 0, population: 12 })
      .tracks(1, { money: 12, income: 2, reputation: 1, population: 10 })
    const t = lastTurn(h)
    const p0 = t.state.players[0]
    expect(p0).toMatchObject({ population: 12 + 10 + 15 + 4, income: 5, reputation: 0, money: 0 })
    const final = [...first(t.events, "GoalsScored").changes, ...first(t.events, "MoneyConverted").changes]
    expect(final.some((c) => c.cause.kind === "red-line")).toBe(false)
  })

  it("'awarded to a single player who achieves those goals. If two or more players tie for achieving a goal, no one is awarded that goal's Population bonus.'", () => {
    const h = History.game(2, setup)
      .tracks(0, { money: 14, income: 2, reputation: 1 })
      .tracks(1, { money: 10, income: 2, reputation: 1 })
    const results = first(lastTurn(h).events, "GoalsScored").results
    expect(results.map((r) => r.achiever)).toEqual([null, null, null, null])
  })

  it("'in turn order, each of the players' secret goals are revealed, and if a player has singularly achieved his secret goal …, he is awarded that goal's Population bonus.'", () => {
    const h = History.game(3, { goals: ["billionaire"], kept: ["investor", "miser", "luminary"] }).turn(0, 1)
    h.set({ startPlayer: 1 })
    h.push({ type: "OneMoreRoundDrawn", round: 0 })
    const t = h.when(0, { type: "BuildLake", slot: 6, q: 0, r: 3 })
    expect(first(t.events, "GoalsScored").results.map((r) => r.owner)).toEqual([null, 1, 2, 0])
    const revealed = first(t.events, "GoalsRevealed").reveals
    expect(revealed.map((r) => r.value)).toEqual(["investor", "miser", "luminary"])
  })

  it("'Only the owner of a secret goal tile is able to receive the Population bonus for achieving his secret goal.'", () => {
    const h = History.game(2, { goals: ["billionaire", "luminary"], kept: ["investor", "luminary"] })
      .tracks(0, { income: 1 })
      .tracks(1, { income: 6 })
    const investor = first(lastTurn(h).events, "GoalsScored").results.find((r) => r.goal === "investor")
    expect(investor).toMatchObject({ owner: 0, values: [1, 6], achiever: null })
  })

  it("'Each player's money is converted: 1 Population for every $5 …, rounded down (the player keeps any leftover money to be used as a 3rd-level tiebreaker).'", () => {
    const h = History.game(2, setup).tracks(0, { money: 23 }).tracks(1, { money: 4, income: 0 })
    const t = lastTurn(h)
    expect(brief(first(t.events, "MoneyConverted").changes)).toEqual([
      "p0 money -20 conversion",
      "p0 population +4 conversion",
      "p1 money -5 conversion",
      "p1 population +1 conversion",
    ])
    expect(t.state.players.map((p) => p.money)).toEqual([3, 1])
    expect(ofType(t.events, "GameEnded")[0]?.scores).toEqual(t.state.players.map((p) => p.population))
  })

  it("net() sums a placement's changes per track (test support)", () => {
    const t = History.game(2).when(0, { type: "BuyTile", slot: 6, q: 1, r: 0 })
    expect(net(first(t.events, "TilePlaced").changes)).toEqual({
      income: 1,
      reputation: 1,
      population: 0,
      money: -6,
    })
  })
})
