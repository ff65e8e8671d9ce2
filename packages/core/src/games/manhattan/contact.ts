import type { Seat } from "../../kernel/game.js"
import { EDGE_NEIGHBOURS, TOUCHING } from "./board.js"
import type { Board, Building } from "./state.js"

/**
 * How a story on an empty cell fits the building rules (docs/rulings/manhattan.md "Contact, merge and
 * takeover"): `into` is the own building the cell joins (null: it founds a new building), `merged` the other
 * own buildings it touches, `takenOver` the rival or ownerless buildings it touches.
 */
export interface StoryPlan {
  readonly into: number | null
  readonly merged: ReadonlyArray<number>
  readonly takenOver: ReadonlyArray<number>
}

/** Whether the seat holds a tower that marks no building. */
export const hasFreeTower = (board: Board, seat: Seat): boolean => {
  const towers = board.towers[seat]
  return !board.bankrupt[seat] && towers !== undefined && (towers[0] === null || towers[1] === null)
}

/** The seat's lowest-numbered tower in hand, or null. */
export const freeTower = (board: Board, seat: Seat): number | null => {
  const towers = board.towers[seat]
  if (!towers || board.bankrupt[seat]) return null
  return towers[0] === null ? 0 : towers[1] === null ? 1 : null
}

/**
 * Whether the seat may put a story on this empty cell. Touching nothing (edge or corner): a new building,
 * if `allowNew` and the seat has a free tower. Otherwise the cell must share an edge with one of the seat's
 * buildings; every own building it touches merges; every other building it touches is taken over, which
 * needs the seat's tallest touched building to be strictly taller than each of them.
 */
export const canBuildOnEmpty = (board: Board, seat: Seat, cell: number, allowNew: boolean): boolean => {
  const { cells, buildings } = board
  let ownTouched = false
  let ownEdge = false
  let ownHeight = 0
  let rivalHeight = 0
  const touching = TOUCHING[cell] as ReadonlyArray<number>
  for (let i = 0; i < touching.length; i++) {
    const c = cells[touching[i] as number]
    if (c === undefined || c.kind !== "building") continue
    const b = buildings[c.building] as Building
    if (b.owner === seat) {
      ownTouched = true
      if (b.height > ownHeight) ownHeight = b.height
    } else if (b.height > rivalHeight) rivalHeight = b.height
  }
  if (!ownTouched) return rivalHeight === 0 && allowNew && hasFreeTower(board, seat)
  const edges = EDGE_NEIGHBOURS[cell] as ReadonlyArray<number>
  for (let i = 0; i < edges.length; i++) {
    const c = cells[edges[i] as number]
    if (c !== undefined && c.kind === "building" && (buildings[c.building] as Building).owner === seat) {
      ownEdge = true
      break
    }
  }
  return ownEdge && ownHeight > rivalHeight
}

/**
 * The plan for a story on an empty cell the seat may build on (check `canBuildOnEmpty` first). The cell
 * joins the tallest own building it touches (the most recently topped on a tie, whose tower stays); the
 * other own buildings merge into it; rival and ownerless buildings it touches are taken over.
 */
export const planStory = (board: Board, seat: Seat, cell: number): StoryPlan => {
  const { cells, buildings } = board
  const own: Building[] = []
  const rivals: number[] = []
  for (const n of TOUCHING[cell] as ReadonlyArray<number>) {
    const c = cells[n]
    if (c === undefined || c.kind !== "building") continue
    const b = buildings[c.building] as Building
    if (b.owner === seat) {
      if (!own.includes(b)) own.push(b)
    } else if (!rivals.includes(b.id)) rivals.push(b.id)
  }
  if (own.length === 0) return { into: null, merged: [], takenOver: [] }
  let into = own[0] as Building
  for (const b of own) if (isTopped(board, b, into)) into = b
  return {
    into: into.id,
    merged: own
      .filter((b) => b !== into)
      .map((b) => b.id)
      .sort((a, b) => a - b),
    takenOver: rivals.sort((a, b) => a - b),
  }
}

/** Whether building `a`'s top (tallest, then most recent) is above building `b`'s. */
const isTopped = (board: Board, a: Building, b: Building): boolean => {
  if (a.height !== b.height) return a.height > b.height
  return builtAtOf(board, a.towerCell) > builtAtOf(board, b.towerCell)
}

const builtAtOf = (board: Board, cell: number | null): number => {
  if (cell === null) return 0
  const c = board.cells[cell]
  return c !== undefined && c.kind === "building" ? c.builtAt : 0
}
