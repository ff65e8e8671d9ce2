import { GOALS } from "./data/goals.js"
import {
  BASIC_SUPPLY,
  BUFFER_TILES,
  DALE_MARKET_SURCHARGES,
  DALE_PRICE,
  DALE_PUBLIC_GOALS,
  DOLLARS_PER_POPULATION,
  GOALS_DEALT,
  MARKET_SURCHARGES,
  MIXED_WITH_ONE_MORE_ROUND,
  SEAT_LIMITS,
  SOLO_TITLES,
  STACK_SIZE,
  START,
  STARTING_COLUMN,
  TRACK_MAX,
  TRACK_MIN,
} from "./data/rules.js"
import { LAKE, TILES } from "./data/tiles.js"
import { CATEGORIES, ICONS, STATS } from "./effects.js"
import { BOROUGH_BOARD, boroughBoardHexes, DIRECTIONS, START_HEXES } from "./hex.js"
import type { Options } from "./options.js"
import { redLinesUpTo } from "./redlines.js"

/** Static data for `describe suburbia`: every tile and goal, the effect vocabulary, geometry, market, track. */
export const catalogue = (options: Options) => ({
  title: "Suburbia (Alspach, 2012)",
  sources: {
    rules: "shared/rules/suburbia.txt",
    design: "shared/design/games/suburbia.md",
    rulings: "docs/rulings/suburbia.md",
  },
  seats: SEAT_LIMITS,
  modes: {
    standard: "2–4 seats",
    solo: "1 seat against Dale the bot (Dale is player 1 in events and views)",
  },
  options: {
    current: options,
    solo: "the opponent of a one-seat game: dale",
    soloPrivateGoal:
      "against Dale, the player draws two goals and keeps one secret (default true); Dale has none",
  },
  start: {
    ...START,
    column: STARTING_COLUMN,
    note: "set directly; the starting tiles' effects are not applied",
  },
  tiles: TILES,
  lake: {
    ...LAKE,
    note: "any market tile placed face down; pays its surcharge only; no category, so lake–lake pays nothing",
  },
  goals: GOALS,
  effects: {
    triggers: {
      immediate: "once when placed (and once more on investment)",
      each: "for each matching tile in scope when placed, then again for each matching tile placed later in scope",
      "each-later": "for each matching tile placed after this one, in any borough",
      "red-line": "each time the owner crosses a red line upward",
    },
    scopes: {
      adjacent: "tiles sharing an edge",
      own: "each of your tiles, this one included",
      every: "every borough, yours and this tile included",
      others: "all other boroughs",
      lakeside: "each (your lake, adjacent matching tile) pair",
    },
    categories: CATEGORIES,
    icons: ICONS,
    stats: STATS,
    investment:
      "pays the tile's cost again ($0 for a lake), applies each effect once more with what it has counted so far, doubles it from then on; no other tile reacts",
    resolution: [
      "pay the tile's cost and the market surcharge",
      "the placed tile's immediate effects",
      "the placed tile's conditional effects",
      "adjacent tiles' conditional effects (placement order)",
      "the other tiles of the borough (placement order)",
      "other players' tiles affecting you (none in the base game: effects move their owner's tracks)",
      "the other boroughs' tiles, clockwise from the player (placement order)",
    ],
    tracks: `income and reputation stay within ${TRACK_MIN}..${TRACK_MAX} at every step; population never below 0`,
  },
  geometry: {
    hexes: "flat-topped, axial (q, r); centre x = 1.5·q, y = √3·(r + q/2)",
    directions: DIRECTIONS,
    boroughBoard: { ...BOROUGH_BOARD, hexes: boroughBoardHexes() },
    startingColumn: STARTING_COLUMN.map((tile, i) => ({ tile, ...START_HEXES[i] })),
  },
  market: {
    surcharges: MARKET_SURCHARGES,
    daleSurcharges: DALE_MARKET_SURCHARGES,
    slots:
      "0 = leftmost, the newest; a removed tile's left neighbours slide right; the new tile enters slot 0",
  },
  stacks: {
    size: STACK_SIZE,
    mixedWithOneMoreRound: MIXED_WITH_ONE_MORE_ROUND,
    bufferTiles: BUFFER_TILES,
    note: "each tile is drawn when flipped, uniformly from that stack's unseen tiles",
  },
  basicSupply: BASIC_SUPPLY,
  goalsPerGame: {
    public: `one per player; ${DALE_PUBLIC_GOALS} against Dale (none showing a lake or an investment marker)`,
    dealt: GOALS_DEALT,
  },
  populationTrack: {
    redLines: redLinesUpTo(151),
    beyond: "every odd number from 101 on: 151, 153, …",
    crossing:
      "reaching a line's value from below crosses it: −1 income and −1 reputation; dropping below gives them back",
  },
  dale: {
    price: DALE_PRICE,
    rule: "buys the priciest market tile (cost + surcharge, leftmost on a tie) for $3 and places it for the most income + reputation (ties favour reputation)",
  },
  scoring: {
    goals: "public, then secret in turn order; only a sole achiever scores; no red lines",
    money: `$${DOLLARS_PER_POPULATION} → 1 population, rounded down`,
    tieBreaks: ["population", "reputation", "income", "money left"],
    soloTitles: SOLO_TITLES.map((t) => ({ from: Number.isFinite(t.from) ? t.from : 0, title: t.title })),
  },
  decisions: ["keep-goal", "action", "discard"],
})

/** The type of Suburbia's catalogue: what `suburbia.catalogue(options)` gives, exactly. */
export type Catalogue = ReturnType<typeof catalogue>
