import type { Commitment } from "../../kernel/commitment.js"
import type { GameStarted } from "../../kernel/game.js"
import { type RngState, rngFromSeed } from "../../kernel/random.js"
import type { BasicTile } from "./commands.js"
import { GOALS } from "./data/goals.js"
import {
  BASIC_SUPPLY,
  BASIC_TILE_IDS,
  BUFFER_TILES,
  DALE_MARKET_SURCHARGES,
  MARKET_SURCHARGES,
  MIXED_WITH_ONE_MORE_ROUND,
  STACK_SIZE,
  START,
  STARTING_COLUMN,
} from "./data/rules.js"
import { TILES } from "./data/tiles.js"
import { DIRECTIONS, type Hex, onBoroughBoard, START_HEXES } from "./hex.js"
import type { Options } from "./options.js"

/** A tile in a borough. `pid` numbers placements in the order they happened, across all boroughs. */
export interface PlacedTile {
  readonly pid: number
  /** The tile's kind; for a lake, the market tile turned face down. */
  readonly tile: string
  readonly lake: boolean
  readonly q: number
  readonly r: number
  readonly invested: boolean
  /** The owner's upward red-line count when placed: a red-line effect's history starts here. */
  readonly linesAtPlacement: number
}

/** One player's borough and tracks (a seat, or Dale in a solo game). */
export interface Borough {
  readonly dale: boolean
  readonly money: number
  readonly income: number
  readonly reputation: number
  readonly population: number
  /** Investment markers still in hand. */
  readonly investments: number
  readonly tiles: ReadonlyArray<PlacedTile>
  /** Free hexes next to the borough where a tile may go, in the order they opened. */
  readonly open: ReadonlyArray<Hex>
  /** Red lines crossed upward so far (each fires the owner's red-line effects). */
  readonly linesUp: number
  readonly turns: number
}

/** A part of the draw pile: `tiles` of one stack, mixed with the One More Round tile when `oneMoreRound`. */
export interface Segment {
  readonly stack: "A" | "B" | "C"
  readonly tiles: number
  readonly oneMoreRound: boolean
}

/**
 * Where the game stands. Decisions: `goals` (every seat that has not kept a goal), `action`, `discard`.
 * Automatic: `setup`, `income`, `population`, `refill`, `dale` (Dale's purchase), `clear`, `reveal`,
 * `score-goals`, `convert`. `over`: ended.
 */
export type Step =
  | "setup"
  | "goals"
  | "action"
  | "income"
  | "population"
  | "discard"
  | "refill"
  | "dale"
  | "clear"
  | "reveal"
  | "score-goals"
  | "convert"
  | "over"

/** The public game: everything every viewer may see. Rules and bots share the helpers that read it. */
export interface Board {
  readonly seats: number
  readonly options: Options
  /** A one-seat game: the seat plays against Dale, who is player 1. */
  readonly solo: boolean
  readonly players: ReadonlyArray<Borough>
  /** Market slots, leftmost (newest) first; null when empty. */
  readonly market: ReadonlyArray<string | null>
  readonly surcharges: ReadonlyArray<number>
  /** The draw pile from the top: sizes only (the order exists nowhere: each tile is drawn when flipped). */
  readonly deck: ReadonlyArray<Segment>
  readonly basic: Readonly<Record<BasicTile, number>>
  readonly discards: ReadonlyArray<string>
  readonly publicGoals: ReadonlyArray<string>
  /** Which seats have kept their secret goal (not which goal). */
  readonly goalKept: ReadonlyArray<boolean>
  readonly startPlayer: number
  /** The player whose turn it is. */
  readonly current: number
  readonly round: number
  /** The round after which the game ends, once the One More Round tile is out. */
  readonly lastRound: number | null
  readonly oneMoreRound: boolean
  /** The current player placed a basic tile or an investment: he discards in step IV. */
  readonly owesDiscard: boolean
  readonly nextPid: number
  readonly step: Step
  /** Final goal results, once scored. */
  readonly goalResults: ReadonlyArray<GoalOutcome> | null
}

/** One goal as scored at the end. */
export interface GoalOutcome {
  readonly goal: string
  readonly owner: number | null
  readonly values: ReadonlyArray<number>
  readonly achiever: number | null
  readonly bonus: number
}

/** A seat's kept goal with what opens its commitment. */
export interface KeptGoal {
  readonly goal: string
  readonly salt: string
  readonly commitment: Commitment
}

/** The full state: the board plus what no view shows before the end (seed, PRNG, unseen goals and tiles). */
export interface State extends Board {
  readonly seed: string
  readonly rng: RngState
  /** Goals not drawn yet (what is left depends on the secret deals). */
  readonly goalPool: ReadonlyArray<string>
  readonly dealt: ReadonlyArray<ReadonlyArray<string> | null>
  readonly kept: ReadonlyArray<KeptGoal | null>
  /** Unseen tiles per kind (index into TILES): the stacks and the box, which draws pick from uniformly. */
  readonly unseen: ReadonlyArray<number>
}

/** A mutable copy of a state for one evolve step. A literal, not a spread: spreading ~25 fields costs ~6× more. */
export const cloneState = (s: State): { -readonly [K in keyof State]: State[K] } => ({
  seats: s.seats,
  options: s.options,
  solo: s.solo,
  players: s.players,
  market: s.market,
  surcharges: s.surcharges,
  deck: s.deck,
  basic: s.basic,
  discards: s.discards,
  publicGoals: s.publicGoals,
  goalKept: s.goalKept,
  startPlayer: s.startPlayer,
  current: s.current,
  round: s.round,
  lastRound: s.lastRound,
  oneMoreRound: s.oneMoreRound,
  owesDiscard: s.owesDiscard,
  nextPid: s.nextPid,
  step: s.step,
  goalResults: s.goalResults,
  seed: s.seed,
  rng: s.rng,
  goalPool: s.goalPool,
  dealt: s.dealt,
  kept: s.kept,
  unseen: s.unseen,
})

/** A mutable copy of a borough (a literal, for the same reason). */
export const cloneBorough = (b: Borough): { -readonly [K in keyof Borough]: Borough[K] } => ({
  dale: b.dale,
  money: b.money,
  income: b.income,
  reputation: b.reputation,
  population: b.population,
  investments: b.investments,
  tiles: b.tiles,
  open: b.open,
  linesUp: b.linesUp,
  turns: b.turns,
})

/** The draw pile of a game with this many seats (rule text, set-up; Dale set-up for one seat). */
export const initialDeck = (seats: number): Segment[] => {
  const size = STACK_SIZE[seats] as number
  const mixed = MIXED_WITH_ONE_MORE_ROUND[seats] as number
  const buffer = BUFFER_TILES[seats] as number
  const deck: Segment[] = [
    { stack: "A", tiles: size, oneMoreRound: false },
    { stack: "B", tiles: size, oneMoreRound: false },
    { stack: "C", tiles: size - mixed, oneMoreRound: false },
    { stack: "C", tiles: mixed, oneMoreRound: true },
  ]
  if (buffer > 0) deck.push({ stack: "C", tiles: buffer, oneMoreRound: false })
  return deck
}

/** Free hexes around a set of tiles, in a fixed order: tile by tile, neighbour by neighbour. */
export const openHexes = (tiles: ReadonlyArray<Hex>): Hex[] => {
  const out: Hex[] = []
  for (const t of tiles)
    for (const d of DIRECTIONS) {
      const h = { q: t.q + d.q, r: t.r + d.r }
      if (onBoroughBoard(h.q, h.r)) continue
      if (tiles.some((o) => o.q === h.q && o.r === h.r)) continue
      if (out.some((o) => o.q === h.q && o.r === h.r)) continue
      out.push(h)
    }
  return out
}

/** The open hexes after a tile goes on `at`: `at` closes, its free neighbours open (appended in order). */
export const openAfter = (open: ReadonlyArray<Hex>, tiles: ReadonlyArray<Hex>, at: Hex): Hex[] => {
  const out = open.filter((h) => h.q !== at.q || h.r !== at.r)
  for (const d of DIRECTIONS) {
    const q = at.q + d.q
    const r = at.r + d.r
    if (onBoroughBoard(q, r)) continue
    if (tiles.some((o) => o.q === q && o.r === r)) continue
    if (out.some((o) => o.q === q && o.r === r)) continue
    out.push({ q, r })
  }
  return out
}

const startingBorough = (index: number, dale: boolean): Borough => {
  const tiles: PlacedTile[] = STARTING_COLUMN.map((tile, i) => ({
    pid: index * STARTING_COLUMN.length + i,
    tile,
    lake: false,
    q: (START_HEXES[i] as Hex).q,
    r: (START_HEXES[i] as Hex).r,
    invested: false,
    linesAtPlacement: 0,
  }))
  return {
    dale,
    money: START.money,
    income: START.income,
    reputation: START.reputation,
    population: START.population,
    investments: START.investments,
    tiles,
    open: openHexes(tiles),
    linesUp: 0,
    turns: 0,
  }
}

/** The state right after GameStarted: starting columns placed, nothing drawn yet. */
export const initialState = (started: GameStarted<Options>): State => {
  const { seats, options, seed } = started
  const solo = seats === 1
  const players = Array.from({ length: seats + (solo ? 1 : 0) }, (_, i) =>
    startingBorough(i, solo && i === 1),
  )
  const surcharges = solo ? DALE_MARKET_SURCHARGES : MARKET_SURCHARGES
  return {
    seats,
    options,
    solo,
    players,
    market: surcharges.map(() => null),
    surcharges,
    deck: initialDeck(seats),
    basic: Object.fromEntries(BASIC_TILE_IDS.map((id) => [id, BASIC_SUPPLY])) as Record<BasicTile, number>,
    discards: [],
    publicGoals: [],
    goalKept: Array.from({ length: seats }, () => false),
    startPlayer: 0,
    current: 0,
    round: 1,
    lastRound: null,
    oneMoreRound: false,
    owesDiscard: false,
    nextPid: players.length * STARTING_COLUMN.length,
    step: "setup",
    goalResults: null,
    seed,
    rng: rngFromSeed(seed),
    goalPool: GOALS.map((g) => g.id),
    dealt: Array.from({ length: seats }, () => null),
    kept: Array.from({ length: seats }, () => null),
    unseen: TILES.map((t) => (t.stack === "basic" ? 0 : t.count)),
  }
}
