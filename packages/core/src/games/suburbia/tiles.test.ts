/**
 * One test per tile of the table (design note §4.3 with its verdicts): what it does when placed (immediate
 * and conditional effects, and the tiles that react to it), what it does when a matching tile comes later,
 * and what an investment marker on it does. Two seats; seat 0 has $60. Starting borough: Suburbs (0,0),
 * Community Park (0,1), Heavy Factory (0,2). Hex (1,0) and (−1,1) touch Suburbs and Park; (1,1) touches Park
 * and Factory; (1,2) and (0,3) touch the Factory only; (2,0) touches (1,0); (2,1) touches (1,1); (2,2)
 * touches (1,2). The tile under test comes from market slot 6 ($0 surcharge), a later tile from slot 5.
 */
import { describe, expect, it } from "vitest"
import type { Command } from "./commands.js"
import { TILES } from "./data/tiles.js"
import { brief, first, History } from "./testing.js"

type Hex = readonly [number, number]

interface Spec {
  readonly at: Hex
  /** Extra position before the tile is placed (the placement pays and resolves in full). */
  readonly given?: (h: History) => History
  readonly placed: ReadonlyArray<string>
  /** A later placement (by seat 0 or 1) and what the tile under test does in answer. */
  readonly later?: {
    readonly by: 0 | 1
    readonly tile: string
    readonly at: Hex
    readonly population?: number
    readonly expect: ReadonlyArray<string>
  }
  /** What happened between the tile's placement and the investment (for effects with a history). */
  readonly before?: (h: History) => History
  readonly invest: ReadonlyArray<string>
}

const BASIC = new Set(["suburbs", "community-park", "heavy-factory"])
const CS = "convenience-store"

const game = (tile: string, later = CS) =>
  History.game(2, {
    market: [CS, CS, CS, CS, CS, later, tile],
  }).tracks(0, { money: 60 })

/** Plays a command on the history and keeps its events (throws on a refusal). */
const played = (h: History, seat: number, command: Command): History => {
  const t = h.when(seat, command)
  if (t.violation) throw new Error(`${t.violation.rule}: ${t.violation.message}`)
  return h.push(...t.events)
}

const buy = (tile: string, slot: number, [q, r]: Hex): Command =>
  BASIC.has(tile) ? { type: "BuyBasicTile", tile: tile as "suburbs", q, r } : { type: "BuyTile", slot, q, r }

/** A red line crossed by seat 0 after the tile: a Mobile Home Community (+6) from population 14. */
const crossRedLine = (h: History): History =>
  played(
    h
      .set({ market: h.state.market.map((t, i) => (i === 5 ? "mobile-home-community" : t)) })
      .tracks(0, { population: 14 }),
    0,
    {
      type: "BuyTile",
      slot: 5,
      q: 0,
      r: 3,
    },
  ).turn(0)

const SPECS: Readonly<Record<string, Spec>> = {
  suburbs: {
    at: [1, 2],
    placed: ["p0 money -3 cost:tile", "p0 population +2 suburbs#0×1", "p0 reputation -1 heavy-factory#1×1"],
    invest: ["p0 money -3 cost:investment", "p0 population +2 invest:suburbs#0×1"],
  },
  "community-park": {
    at: [1, 0],
    placed: [
      "p0 money -4 cost:tile",
      "p0 income -1 community-park#0×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: CS, at: [2, 0], expect: ["p0 reputation +1 community-park#1×1"] },
    invest: [
      "p0 money -4 cost:investment",
      "p0 income -1 invest:community-park#0×1",
      "p0 reputation +1 invest:community-park#1×1",
    ],
  },
  "heavy-factory": {
    at: [1, 1],
    placed: [
      "p0 money -3 cost:tile",
      "p0 income +1 heavy-factory#0×1",
      "p0 reputation -1 heavy-factory#1×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [2, 0], expect: ["p0 reputation -1 heavy-factory#1×1"] },
    invest: [
      "p0 money -3 cost:investment",
      "p0 income +1 invest:heavy-factory#0×1",
      "p0 reputation -1 invest:heavy-factory#1×1",
    ],
  },
  "business-supply-store": {
    at: [1, 2],
    given: (h) => h.place(1, "office-building", 1, 0),
    placed: [
      "p0 money -8 cost:tile",
      "p0 income +1 business-supply-store#0×1",
      "p0 income +1 business-supply-store#1×1",
    ],
    later: { by: 1, tile: "office-building", at: [1, 2], expect: ["p0 income +1 business-supply-store#1×1"] },
    invest: [
      "p0 money -8 cost:investment",
      "p0 income +1 invest:business-supply-store#0×1",
      "p0 income +1 invest:business-supply-store#1×1",
    ],
  },
  "convenience-store": {
    at: [1, 2],
    placed: ["p0 money -6 cost:tile", "p0 income +1 convenience-store#0×1"],
    invest: ["p0 money -6 cost:investment", "p0 income +1 invest:convenience-store#0×1"],
  },
  "fancy-restaurant": {
    at: [1, 2],
    given: (h) => h.place(1, "fast-food-restaurant", 1, 2),
    placed: ["p0 money -9 cost:tile", "p0 income +3 fancy-restaurant#0×1"],
    later: { by: 1, tile: "fast-food-restaurant", at: [1, 0], expect: ["p0 income -1 fancy-restaurant#1×1"] },
    before: (h) => h.place(1, "fast-food-restaurant", 1, 0),
    invest: [
      "p0 money -9 cost:investment",
      "p0 income +3 invest:fancy-restaurant#0×1",
      "p0 income -1 invest:fancy-restaurant#1×1",
    ],
  },
  farm: {
    at: [1, 2],
    given: (h) => h.place(1, "fast-food-restaurant", 1, 2),
    placed: ["p0 money -9 cost:tile", "p0 reputation -1 farm#0×1", "p0 income +1 farm#1×1"],
    later: { by: 1, tile: "fancy-restaurant", at: [1, 0], expect: ["p0 income +1 farm#1×1"] },
    invest: [
      "p0 money -9 cost:investment",
      "p0 reputation -1 invest:farm#0×1",
      "p0 income +1 invest:farm#1×1",
    ],
  },
  "fast-food-restaurant": {
    at: [1, 0],
    placed: [
      "p0 money -7 cost:tile",
      "p0 income +1 fast-food-restaurant#0×1",
      "p0 population +3 fast-food-restaurant#1×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [2, 0], expect: ["p0 population +3 fast-food-restaurant#1×1"] },
    invest: [
      "p0 money -7 cost:investment",
      "p0 income +1 invest:fast-food-restaurant#0×1",
      "p0 population +3 invest:fast-food-restaurant#1×1",
    ],
  },
  freeway: {
    at: [1, 0],
    placed: ["p0 money -5 cost:tile", "p0 reputation -1 freeway#0×1", "p0 reputation +1 community-park#1×1"],
    later: { by: 0, tile: CS, at: [2, 0], expect: ["p0 income +1 freeway#1×1"] },
    invest: ["p0 money -5 cost:investment", "p0 reputation -1 invest:freeway#0×1"],
  },
  "homeowners-association": {
    at: [1, 2],
    placed: [
      "p0 money -6 cost:tile",
      "p0 population +1 homeowners-association#0×1",
      "p0 money +6 homeowners-association#1×3",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 1, tile: "suburbs", at: [1, 2], expect: ["p0 money +2 homeowners-association#1×1"] },
    invest: [
      "p0 money -6 cost:investment",
      "p0 population +1 invest:homeowners-association#0×1",
      "p0 money +6 invest:homeowners-association#1×3",
    ],
  },
  landfill: {
    at: [1, 0],
    placed: [
      "p0 money -4 cost:tile",
      "p0 income +2 landfill#0×1",
      "p0 reputation -2 landfill#1×2",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: CS, at: [2, 0], expect: ["p0 reputation -1 landfill#1×1"] },
    invest: [
      "p0 money -4 cost:investment",
      "p0 income +2 invest:landfill#0×1",
      "p0 reputation -2 invest:landfill#1×2",
    ],
  },
  mint: {
    at: [1, 2],
    placed: [
      "p0 money -15 cost:tile",
      "p0 income +3 mint#0×1",
      "p0 money +4 mint#1×2",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: "community-park", at: [0, 3], expect: ["p0 money +2 mint#1×1"] },
    invest: ["p0 money -15 cost:investment", "p0 income +3 invest:mint#0×1", "p0 money +4 invest:mint#1×2"],
  },
  "mobile-home-community": {
    at: [1, 2],
    placed: [
      "p0 money -4 cost:tile",
      "p0 population +6 mobile-home-community#0×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    invest: ["p0 money -4 cost:investment", "p0 population +6 invest:mobile-home-community#0×1"],
  },
  "municipal-airport": {
    at: [1, 0],
    placed: [
      "p0 money -6 cost:tile",
      "p0 income +1 municipal-airport#0×1",
      "p0 reputation -1 municipal-airport#1×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 1, tile: "municipal-airport", at: [1, 2], expect: ["p0 income +1 municipal-airport#0×1"] },
    invest: [
      "p0 money -6 cost:investment",
      "p0 income +1 invest:municipal-airport#0×1",
      "p0 reputation -1 invest:municipal-airport#1×1",
    ],
  },
  "office-building": {
    at: [1, 2],
    given: (h) => h.place(0, CS, 1, 1),
    placed: ["p0 money -9 cost:tile", "p0 income +1 office-building#0×1", "p0 income +1 office-building#1×1"],
    later: { by: 0, tile: CS, at: [2, 2], expect: ["p0 income +1 office-building#1×1"] },
    invest: [
      "p0 money -9 cost:investment",
      "p0 income +1 invest:office-building#0×1",
      "p0 income +1 invest:office-building#1×1",
    ],
  },
  "parking-lot": {
    at: [1, 0],
    placed: [
      "p0 money -12 cost:tile",
      "p0 income +1 parking-lot#0×1",
      "p0 income +1 parking-lot#1×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: CS, at: [2, 0], expect: ["p0 income +1 parking-lot#1×1"] },
    invest: [
      "p0 money -12 cost:investment",
      "p0 income +1 invest:parking-lot#0×1",
      "p0 income +1 invest:parking-lot#1×1",
    ],
  },
  slaughterhouse: {
    at: [1, 2],
    given: (h) => h.place(1, "fast-food-restaurant", 1, 2),
    placed: [
      "p0 money -5 cost:tile",
      "p0 reputation -2 slaughterhouse#0×1",
      "p0 income +1 slaughterhouse#1×1",
    ],
    later: { by: 1, tile: "fancy-restaurant", at: [1, 0], expect: ["p0 income +1 slaughterhouse#1×1"] },
    invest: [
      "p0 money -5 cost:investment",
      "p0 reputation -2 invest:slaughterhouse#0×1",
      "p0 income +1 invest:slaughterhouse#1×1",
    ],
  },
  "waterfront-realty": {
    at: [1, 2],
    given: (h) => h.place(0, CS, -1, 1, true),
    placed: ["p0 money -6 cost:tile", "p0 money +4 waterfront-realty#0×2"],
    later: { by: 0, tile: CS, at: [-2, 2], expect: ["p0 money +2 waterfront-realty#0×1"] },
    invest: ["p0 money -6 cost:investment", "p0 money +4 invest:waterfront-realty#0×2"],
  },
  "burg-von-alspach": {
    at: [1, 0],
    placed: [
      "p0 money -12 cost:tile",
      "p0 population +3 burg-von-alspach#0×1",
      "p0 reputation +1 burg-von-alspach#1×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [2, 0], expect: ["p0 reputation +1 burg-von-alspach#1×1"] },
    invest: [
      "p0 money -12 cost:investment",
      "p0 population +3 invest:burg-von-alspach#0×1",
      "p0 reputation +1 invest:burg-von-alspach#1×1",
    ],
  },
  casino: {
    at: [1, 2],
    placed: ["p0 money -22 cost:tile", "p0 reputation -3 casino#0×1"],
    later: {
      by: 0,
      tile: "mobile-home-community",
      at: [0, 3],
      population: 14,
      expect: ["p0 income +1 casino#1×1@15"],
    },
    before: crossRedLine,
    invest: [
      "p0 money -22 cost:investment",
      "p0 reputation -3 invest:casino#0×1",
      "p0 income +1 invest:casino#1×1",
    ],
  },
  "domestic-airport": {
    at: [1, 0],
    placed: [
      "p0 money -11 cost:tile",
      "p0 income +1 domestic-airport#0×1",
      "p0 reputation +1 domestic-airport#1×1",
      "p0 reputation -1 domestic-airport#2×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: {
      by: 1,
      tile: "municipal-airport",
      at: [1, 2],
      expect: ["p0 reputation +1 domestic-airport#1×1"],
    },
    invest: [
      "p0 money -11 cost:investment",
      "p0 income +1 invest:domestic-airport#0×1",
      "p0 reputation +1 invest:domestic-airport#1×1",
      "p0 reputation -1 invest:domestic-airport#2×1",
    ],
  },
  "elementary-school": {
    at: [1, 2],
    placed: [
      "p0 money -5 cost:tile",
      "p0 reputation +1 elementary-school#0×1",
      "p0 population +1 elementary-school#1×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [0, 3], expect: ["p0 population +1 elementary-school#1×1"] },
    invest: [
      "p0 money -5 cost:investment",
      "p0 reputation +1 invest:elementary-school#0×1",
      "p0 population +1 invest:elementary-school#1×1",
    ],
  },
  "gas-station": {
    at: [1, 0],
    placed: [
      "p0 money -7 cost:tile",
      "p0 income +1 gas-station#0×1",
      "p0 population +1 gas-station#1×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [2, 0], expect: ["p0 population +1 gas-station#1×1"] },
    invest: [
      "p0 money -7 cost:investment",
      "p0 income +1 invest:gas-station#0×1",
      "p0 population +1 invest:gas-station#1×1",
    ],
  },
  hostel: {
    at: [1, 2],
    given: (h) => h.place(0, CS, 1, 1),
    placed: [
      "p0 population +2 hostel#0×1",
      "p0 reputation -1 hostel#1×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: CS, at: [2, 2], expect: ["p0 reputation -1 hostel#1×1"] },
    invest: ["p0 population +2 invest:hostel#0×1", "p0 reputation -1 invest:hostel#1×1"],
  },
  "housing-projects": {
    at: [1, 0],
    placed: [
      "p0 money -8 cost:tile",
      "p0 population +10 housing-projects#0×1",
      "p0 reputation -4 housing-projects#1×2",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: CS, at: [2, 0], expect: ["p0 reputation -2 housing-projects#1×1"] },
    invest: [
      "p0 money -8 cost:investment",
      "p0 population +10 invest:housing-projects#0×1",
      "p0 reputation -4 invest:housing-projects#1×2",
    ],
  },
  "movie-theater": {
    at: [1, 0],
    placed: [
      "p0 money -10 cost:tile",
      "p0 income +1 movie-theater#0×1",
      "p0 income +1 movie-theater#1×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [2, 0], expect: ["p0 income +1 movie-theater#1×1"] },
    invest: [
      "p0 money -10 cost:investment",
      "p0 income +1 invest:movie-theater#0×1",
      "p0 income +1 invest:movie-theater#1×1",
    ],
  },
  museum: {
    at: [1, 0],
    placed: ["p0 money -8 cost:tile", "p0 reputation +1 museum#0×1", "p0 reputation +1 museum#1×1"],
    later: { by: 0, tile: "community-park", at: [2, 0], expect: ["p0 reputation +1 museum#1×1"] },
    invest: [
      "p0 money -8 cost:investment",
      "p0 reputation +1 invest:museum#0×1",
      "p0 reputation +1 invest:museum#1×1",
    ],
  },
  "office-of-bureaucracy": {
    at: [1, 2],
    placed: [
      "p0 money -9 cost:tile",
      "p0 reputation -2 office-of-bureaucracy#0×1",
      "p0 income +2 office-of-bureaucracy#1×2",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: "community-park", at: [0, 3], expect: ["p0 income +1 office-of-bureaucracy#1×1"] },
    invest: [
      "p0 money -9 cost:investment",
      "p0 reputation -2 invest:office-of-bureaucracy#0×1",
      "p0 income +2 invest:office-of-bureaucracy#1×2",
    ],
  },
  "postal-service": {
    at: [1, 2],
    given: (h) => h.place(0, CS, 1, 1),
    placed: [
      "p0 money -12 cost:tile",
      "p0 income +1 postal-service#0×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: CS, at: [0, 3], expect: ["p0 income +1 postal-service#0×1"] },
    invest: ["p0 money -12 cost:investment", "p0 income +1 invest:postal-service#0×1"],
  },
  "power-station": {
    at: [1, 2],
    placed: [
      "p0 money -11 cost:tile",
      "p0 income +1 power-station#0×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: "heavy-factory", at: [0, 3], expect: ["p0 income +1 power-station#0×1"] },
    invest: ["p0 money -11 cost:investment", "p0 income +1 invest:power-station#0×1"],
  },
  "retirement-village": {
    at: [1, 2],
    placed: [
      "p0 money -8 cost:tile",
      "p0 population +5 retirement-village#0×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    invest: ["p0 money -8 cost:investment", "p0 population +5 invest:retirement-village#0×1"],
  },
  "shipping-center": {
    at: [1, 2],
    given: (h) => h.place(1, CS, 1, 0),
    placed: ["p0 money -16 cost:tile", "p0 income +1 shipping-center#0×1", "p0 money +4 shipping-center#1×2"],
    later: { by: 1, tile: CS, at: [1, 2], expect: ["p0 money +2 shipping-center#1×1"] },
    invest: [
      "p0 money -16 cost:investment",
      "p0 income +1 invest:shipping-center#0×1",
      "p0 money +4 invest:shipping-center#1×2",
    ],
  },
  skyscraper: {
    at: [1, 2],
    given: (h) => h.place(1, "skyscraper", 1, 2),
    placed: ["p0 money -11 cost:tile", "p0 income +3 skyscraper#0×1", "p1 income -1 skyscraper#1×1"],
    later: { by: 1, tile: "skyscraper", at: [1, 0], expect: ["p0 income -1 skyscraper#1×1"] },
    before: (h) => h.place(1, "skyscraper", 1, 0),
    invest: [
      "p0 money -11 cost:investment",
      "p0 income +3 invest:skyscraper#0×1",
      "p0 income -1 invest:skyscraper#1×1",
    ],
  },
  stadium: {
    at: [1, 0],
    placed: ["p0 money -16 cost:tile", "p0 income +1 stadium#0×1", "p0 reputation +2 stadium#1×1"],
    later: { by: 0, tile: "suburbs", at: [2, 0], expect: ["p0 reputation +2 stadium#1×1"] },
    invest: [
      "p0 money -16 cost:investment",
      "p0 income +1 invest:stadium#0×1",
      "p0 reputation +2 invest:stadium#1×1",
    ],
  },
  warehouse: {
    at: [1, 2],
    given: (h) => h.place(0, CS, 1, 1),
    placed: ["p0 money -13 cost:tile", "p0 reputation -1 warehouse#0×1", "p0 income +2 warehouse#1×1"],
    later: { by: 0, tile: CS, at: [2, 2], expect: ["p0 income +2 warehouse#1×1"] },
    invest: [
      "p0 money -13 cost:investment",
      "p0 reputation -1 invest:warehouse#0×1",
      "p0 income +2 invest:warehouse#1×1",
    ],
  },
  apartments: {
    at: [1, 2],
    given: (h) => h.place(0, CS, 1, 1),
    placed: [
      "p0 money -12 cost:tile",
      "p0 population +5 apartments#0×1",
      "p0 population +2 apartments#1×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: CS, at: [2, 2], expect: ["p0 population +2 apartments#1×1"] },
    invest: [
      "p0 money -12 cost:investment",
      "p0 population +5 invest:apartments#0×1",
      "p0 population +2 invest:apartments#1×1",
    ],
  },
  "bed-and-breakfast": {
    at: [1, 2],
    placed: [
      "p0 money -9 cost:tile",
      "p0 population +2 bed-and-breakfast#0×1",
      "p0 population +2 bed-and-breakfast#1×2",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [0, 3], expect: ["p0 population +1 bed-and-breakfast#1×1"] },
    invest: [
      "p0 money -9 cost:investment",
      "p0 population +2 invest:bed-and-breakfast#0×1",
      "p0 population +2 invest:bed-and-breakfast#1×2",
    ],
  },
  boutique: {
    at: [1, 0],
    placed: [
      "p0 money -9 cost:tile",
      "p0 income +1 boutique#0×1",
      "p0 reputation +1 boutique#1×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [2, 0], expect: ["p0 reputation +1 boutique#1×1"] },
    invest: [
      "p0 money -9 cost:investment",
      "p0 income +1 invest:boutique#0×1",
      "p0 reputation +1 invest:boutique#1×1",
    ],
  },
  "chip-fabrication-plant": {
    at: [1, 2],
    given: (h) => h.place(0, CS, 1, 1),
    placed: [
      "p0 money -18 cost:tile",
      "p0 reputation +2 chip-fabrication-plant#0×1",
      "p0 income +1 chip-fabrication-plant#1×1",
    ],
    later: { by: 0, tile: CS, at: [0, 3], expect: ["p0 income +1 chip-fabrication-plant#1×1"] },
    invest: [
      "p0 money -18 cost:investment",
      "p0 reputation +2 invest:chip-fabrication-plant#0×1",
      "p0 income +1 invest:chip-fabrication-plant#1×1",
    ],
  },
  condominium: {
    at: [1, 2],
    given: (h) => h.place(0, CS, 1, 1),
    placed: [
      "p0 money -14 cost:tile",
      "p0 population +5 condominium#0×1",
      "p0 population +3 condominium#1×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: CS, at: [2, 2], expect: ["p0 population +3 condominium#1×1"] },
    invest: [
      "p0 money -14 cost:investment",
      "p0 population +5 invest:condominium#0×1",
      "p0 population +3 invest:condominium#1×1",
    ],
  },
  "high-school": {
    at: [1, 2],
    placed: [
      "p0 money -18 cost:tile",
      "p0 reputation +1 high-school#0×1",
      "p0 population +3 high-school#1×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [0, 3], expect: ["p0 population +3 high-school#1×1"] },
    invest: [
      "p0 money -18 cost:investment",
      "p0 reputation +1 invest:high-school#0×1",
      "p0 population +3 invest:high-school#1×1",
    ],
  },
  hotel: {
    at: [1, 2],
    placed: ["p0 money -13 cost:tile", "p0 income +1 hotel#0×1", "p0 population +1 hotel#1×1"],
    later: { by: 1, tile: "suburbs", at: [1, 2], expect: ["p0 population +1 hotel#1×1"] },
    invest: [
      "p0 money -13 cost:investment",
      "p0 income +1 invest:hotel#0×1",
      "p0 population +1 invest:hotel#1×1",
    ],
  },
  "international-airport": {
    at: [1, 0],
    placed: [
      "p0 money -18 cost:tile",
      "p0 income +1 international-airport#0×1",
      "p0 reputation +1 international-airport#1×1",
      "p0 reputation -1 international-airport#2×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: {
      by: 1,
      tile: "municipal-airport",
      at: [1, 2],
      expect: ["p0 income +1 international-airport#0×1", "p0 reputation +1 international-airport#1×1"],
    },
    invest: [
      "p0 money -18 cost:investment",
      "p0 income +1 invest:international-airport#0×1",
      "p0 reputation +1 invest:international-airport#1×1",
      "p0 reputation -1 invest:international-airport#2×1",
    ],
  },
  "local-epa-office": {
    at: [1, 2],
    placed: [
      "p0 money -12 cost:tile",
      "p0 reputation +1 local-epa-office#0×1",
      "p0 money +4 local-epa-office#1×2",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 1, tile: "heavy-factory", at: [1, 2], expect: ["p0 money +2 local-epa-office#1×1"] },
    invest: [
      "p0 money -12 cost:investment",
      "p0 reputation +1 invest:local-epa-office#0×1",
      "p0 money +4 invest:local-epa-office#1×2",
    ],
  },
  "middle-school": {
    at: [1, 2],
    placed: [
      "p0 money -10 cost:tile",
      "p0 reputation +1 middle-school#0×1",
      "p0 population +2 middle-school#1×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 0, tile: "suburbs", at: [0, 3], expect: ["p0 population +2 middle-school#1×1"] },
    invest: [
      "p0 money -10 cost:investment",
      "p0 reputation +1 invest:middle-school#0×1",
      "p0 population +2 invest:middle-school#1×1",
    ],
  },
  "new-car-dealership": {
    at: [1, 2],
    given: (h) => h.place(1, "new-car-dealership", 1, 2),
    placed: [
      "p0 money -12 cost:tile",
      "p0 income +5 new-car-dealership#0×1",
      "p1 income -2 new-car-dealership#1×1",
    ],
    later: { by: 1, tile: "new-car-dealership", at: [1, 0], expect: ["p0 income -2 new-car-dealership#1×1"] },
    before: (h) => h.place(1, "new-car-dealership", 1, 0),
    invest: [
      "p0 money -12 cost:investment",
      "p0 income +5 invest:new-car-dealership#0×1",
      "p0 income -2 invest:new-car-dealership#1×1",
    ],
  },
  "pr-firm": {
    at: [1, 2],
    placed: ["p0 money -20 cost:tile", "p0 income -2 pr-firm#0×1"],
    later: {
      by: 0,
      tile: "mobile-home-community",
      at: [0, 3],
      population: 14,
      expect: ["p0 reputation +1 pr-firm#1×1@15"],
    },
    before: crossRedLine,
    invest: [
      "p0 money -20 cost:investment",
      "p0 income -2 invest:pr-firm#0×1",
      "p0 reputation +1 invest:pr-firm#1×1",
    ],
  },
  "recycling-plant": {
    at: [1, 1],
    placed: [
      "p0 money -17 cost:tile",
      "p0 reputation +1 recycling-plant#0×1",
      "p0 reputation +2 recycling-plant#1×1",
      "p0 reputation +1 community-park#1×1",
    ],
    later: { by: 0, tile: "heavy-factory", at: [2, 1], expect: ["p0 reputation +2 recycling-plant#1×1"] },
    invest: [
      "p0 money -17 cost:investment",
      "p0 reputation +1 invest:recycling-plant#0×1",
      "p0 reputation +2 invest:recycling-plant#1×1",
    ],
  },
  resort: {
    at: [1, 2],
    placed: ["p0 money -16 cost:tile", "p0 income +1 resort#0×1", "p0 population +2 resort#1×2"],
    later: { by: 1, tile: "suburbs", at: [1, 2], expect: ["p0 population +1 resort#1×1"] },
    invest: [
      "p0 money -16 cost:investment",
      "p0 income +1 invest:resort#0×1",
      "p0 population +2 invest:resort#1×2",
    ],
  },
  university: {
    at: [1, 2],
    given: (h) => h.place(1, "elementary-school", 1, 0),
    placed: [
      "p0 money -15 cost:tile",
      "p0 income +2 university#0×1",
      "p0 reputation +1 university#1×1",
      "p0 reputation -1 heavy-factory#1×1",
    ],
    later: { by: 1, tile: "middle-school", at: [1, 2], expect: ["p0 reputation +1 university#1×1"] },
    invest: [
      "p0 money -15 cost:investment",
      "p0 income +2 invest:university#0×1",
      "p0 reputation +1 invest:university#1×1",
    ],
  },
}

/** The pid the tile under test gets when seat 0 places it now. */
const placedPid = (h: History) => h.state.nextPid

describe("every tile of the table", () => {
  it("has a spec here (one test per tile)", () => {
    expect(Object.keys(SPECS).sort()).toEqual(TILES.map((t) => t.id).sort())
  })

  for (const def of TILES) {
    const spec = SPECS[def.id]
    if (!spec) continue
    it(`${def.name} (${def.stack}, $${def.cost}, ${def.confidence}): placed, answering later tiles, invested`, () => {
      // Placed: paid, immediate and conditional effects, then the tiles that react.
      const base = () => (spec.given ?? ((h: History) => h))(game(def.id, spec.later?.tile))
      const placing = base().when(0, buy(def.id, 6, spec.at))
      expect(placing.violation).toBeNull()
      expect(brief(first(placing.events, "TilePlaced").changes)).toEqual(spec.placed)

      // Later: the tile's answers to a matching placement (or a red line) after it.
      if (spec.later) {
        const later = spec.later
        const h = base()
        const pid = placedPid(h)
        h.place(0, def.id, spec.at[0], spec.at[1])
        if (later.population !== undefined) h.tracks(0, { population: later.population })
        if (later.by === 1) h.turn(1)
        const t = h.when(later.by, buy(later.tile, 5, later.at))
        expect(t.violation).toBeNull()
        const answers = first(t.events, "TilePlaced").changes.filter(
          (c) => c.cause.kind === "effect" && c.cause.pid === pid,
        )
        expect(brief(answers)).toEqual(later.expect)
      }

      // Invested: pays the cost again and applies each effect once more; no other tile reacts.
      const h = base()
      h.place(0, def.id, spec.at[0], spec.at[1])
      const ready = (spec.before ?? ((x: History) => x))(h)
      const investing = ready.when(0, { type: "PlaceInvestment", q: spec.at[0], r: spec.at[1] })
      expect(investing.violation).toBeNull()
      expect(brief(first(investing.events, "InvestmentPlaced").changes)).toEqual(spec.invest)
    })
  }

  it("a lake: $2 per adjacent tile when placed and for each tile placed next to it later; invested for $0, doubled", () => {
    const placing = game(CS).when(0, { type: "BuildLake", slot: 6, q: 1, r: 0 })
    expect(brief(first(placing.events, "TilePlaced").changes)).toEqual(["p0 money +4 lake#0×2"])
    const h = game(CS)
    const pid = placedPid(h)
    h.place(0, CS, 1, 0, true)
    const later = h.when(0, { type: "BuyTile", slot: 5, q: 2, r: 0 })
    const answers = first(later.events, "TilePlaced").changes.filter(
      (c) => c.cause.kind === "effect" && c.cause.pid === pid,
    )
    expect(brief(answers)).toEqual(["p0 money +2 lake#0×1"])
    const invested = h.invest(0, 1, 0).when(0, { type: "BuyTile", slot: 5, q: 2, r: 0 })
    const doubled = first(invested.events, "TilePlaced").changes.filter(
      (c) => c.cause.kind === "effect" && c.cause.pid === pid,
    )
    expect(brief(doubled)).toEqual(["p0 money +4 lake#0×1×2"])
    const investing = game(CS).place(0, CS, 1, 0, true).when(0, { type: "PlaceInvestment", q: 1, r: 0 })
    expect(brief(first(investing.events, "InvestmentPlaced").changes)).toEqual([
      "p0 money +4 invest:lake#0×2",
    ])
  })
})
