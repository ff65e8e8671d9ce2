import type { GameStarted, Seat } from "../../kernel/game.js"
import { type RngState, rngFromSeed } from "../../kernel/random.js"
import { CELLS } from "./board.js"
import { SUPPLY_LIMITS } from "./data.js"
import type { Options } from "./options.js"

/** What covers the top story of a cell: nothing, the owner's tower, or a roof. */
export type Top = "free" | "tower" | "roof"

/** One city cell. Building cells carry the stack height and when their top story was built. */
export type Cell =
  | { readonly kind: "empty" }
  | { readonly kind: "street" }
  | {
      readonly kind: "building"
      readonly building: number
      readonly height: number
      readonly top: Top
      /** Sequence number (1..45) of the top story: the tower goes to the most recent on equal height. */
      readonly builtAt: number
    }
export type BuildingCell = Extract<Cell, { kind: "building" }>

/**
 * Building cells, supplies and buildings are built by these functions only, never by spreads: one literal
 * each keeps one V8 shape per kind of object, and `{ ...cell, top }` on the cell union showed in playout
 * profiles (evolve writes several per story).
 */
export const buildingCell = (building: number, height: number, top: Top, builtAt: number): BuildingCell => ({
  kind: "building",
  building,
  height,
  top,
  builtAt,
})

/** The same building cell with another top. */
export const withTop = (c: BuildingCell, top: Top): BuildingCell =>
  buildingCell(c.building, c.height, top, c.builtAt)

/** The pieces left in the supply. */
export const supplyOf = (stories: number, roofs: number, streets: number): Supply => ({
  stories,
  roofs,
  streets,
})

/** A building record (see `Building`). */
export const buildingOf = (
  id: number,
  owner: Seat | null,
  tower: number | null,
  towerCell: number | null,
  cells: ReadonlyArray<number>,
  height: number,
  blocks: number,
  mergedInto: number | null,
): Building => ({ id, owner, tower, towerCell, cells, height, blocks, mergedInto })

/** Shared cells without data (never mutated). */
export const EMPTY: Cell = { kind: "empty" }
export const STREET: Cell = { kind: "street" }

/**
 * A building: an owner's group of cells marked by one of his towers. Ids are given in founding order. A
 * building absorbed by a merge or a takeover keeps its id with no cells and `mergedInto` set; a bankrupt
 * player's buildings stay with `owner` null and no tower.
 */
export interface Building {
  readonly id: number
  readonly owner: Seat | null
  /** Which of the owner's two towers marks it (0 or 1); null when ownerless or absorbed. */
  readonly tower: number | null
  /** The cell the tower stands on: the highest stack, the most recently built on a tie. */
  readonly towerCell: number | null
  readonly cells: ReadonlyArray<number>
  /** The tallest stack. */
  readonly height: number
  /** Stories in the whole building. */
  readonly blocks: number
  readonly mergedInto: number | null
}

/**
 * Where the game stands: whose decision is due or which automatic step comes next. Decisions: `corner`,
 * `demand`, `move`, `crossing-story`, `remove-roof`, `place-roof`, `six-story`. Automatic: `roll`,
 * `doubles`, `crossing-build`, `crossing-street`, `bankrupt`, `blocked`. `over`: the game has ended.
 */
export type Step =
  | { readonly kind: "corner" }
  | { readonly kind: "roll" }
  | { readonly kind: "bankrupt" }
  | { readonly kind: "demand"; readonly from: Seat }
  | { readonly kind: "blocked" }
  | { readonly kind: "move" }
  | { readonly kind: "doubles" }
  | { readonly kind: "crossing-build"; readonly cell: number }
  | { readonly kind: "crossing-street"; readonly cell: number }
  | { readonly kind: "crossing-story"; readonly cell: number }
  | { readonly kind: "remove-roof"; readonly cell: number }
  | { readonly kind: "place-roof"; readonly left: number }
  | { readonly kind: "six-story"; readonly left: number }
  | { readonly kind: "over"; readonly reason: "stories" | "bankruptcy" | "blocked" }

/** Pieces still in the shared supply. */
export interface Supply {
  readonly stories: number
  readonly roofs: number
  readonly streets: number
}

/**
 * The public board: everything every viewer may see. Rule helpers take a Board so that bots, which see
 * only a view, use the same code as the rules.
 */
export interface Board {
  readonly seats: number
  readonly options: Options
  /** The seat whose turn it is (during setup: whose corner choice). */
  readonly current: Seat
  readonly step: Step
  readonly dice: readonly [number, number] | null
  /** `pawns[seat][pawn]`: the ring square (0..31), or null when off the board. */
  readonly pawns: ReadonlyArray<readonly [number | null, number | null]>
  /** Indexed by cell index (y − 1)·7 + (x − 1). */
  readonly cells: ReadonlyArray<Cell>
  /** Indexed by building id. */
  readonly buildings: ReadonlyArray<Building>
  /** `towers[seat][tower]`: the building it marks, or null when in the owner's hand (or gone, if bankrupt). */
  readonly towers: ReadonlyArray<readonly [number | null, number | null]>
  readonly roofsHeld: ReadonlyArray<number>
  readonly supply: Supply
  readonly bankrupt: ReadonlyArray<boolean>
  /** Seats in the order they went bankrupt. */
  readonly eliminated: ReadonlyArray<Seat>
}

/** The full state: the board plus the secrets (seed and PRNG state) no view shows before the end. */
export interface State extends Board {
  readonly seed: string
  readonly rng: RngState
}

/** `length` values made by `make`: a loop, as `Array.from({ length })` showed in playout profiles. */
const repeat = <T>(length: number, make: () => T): T[] => {
  const out: T[] = []
  for (let i = 0; i < length; i++) out.push(make())
  return out
}

/** The state right after GameStarted, before any corner is chosen. */
export const initialBoard = (started: GameStarted<Options>): State => {
  const { seats, options } = started
  const hand = options.startingRoofs
  return {
    seats,
    options,
    seed: started.seed,
    rng: rngFromSeed(started.seed),
    current: 0,
    step: options.entry === "corners" ? { kind: "corner" } : { kind: "roll" },
    dice: null,
    pawns: repeat(seats, () => [null, null] as const),
    cells: repeat(CELLS, () => EMPTY),
    buildings: [],
    towers: repeat(seats, () => [null, null] as const),
    roofsHeld: repeat(seats, () => hand),
    supply: supplyOf(SUPPLY_LIMITS.stories, SUPPLY_LIMITS.roofs - hand * seats, SUPPLY_LIMITS.streets),
    bankrupt: repeat(seats, () => false),
    eliminated: [],
  }
}
