import type { Seat } from "../../kernel/game.js"
import { CELLS, EDGE_NEIGHBOURS, TOUCHING } from "./board.js"
import { canBuildOnEmpty, hasFreeTower } from "./contact.js"
import type { Board, Building, BuildingCell, Cell } from "./state.js"

/** Whether the seat has at least one building (each of his buildings carries one of his towers). */
export const hasBuildings = (board: Board, seat: Seat): boolean => {
  const towers = board.towers[seat]
  return towers !== undefined && (towers[0] !== null || towers[1] !== null)
}

/**
 * Whether one of the seat's buildings can still be developed (design "Bankruptcy (digital)"): a cell with a
 * free top, a roof the owner may remove, or an empty cell sharing an edge with it where a story would be a
 * legal extension or takeover.
 */
export const hasDevelopableBuilding = (board: Board, seat: Seat): boolean => {
  const towers = board.towers[seat]
  if (!towers) return false
  for (const id of towers) {
    if (id === null) continue
    const b = board.buildings[id] as Building
    for (const cell of b.cells) {
      const c = board.cells[cell]
      if (c?.kind === "building" && c.top !== "tower") return true
    }
    for (const cell of b.cells)
      for (const n of EDGE_NEIGHBOURS[cell] as ReadonlyArray<number>)
        if (board.cells[n]?.kind === "empty" && canBuildOnEmpty(board, seat, n, false)) return true
  }
  return false
}

/**
 * Whether the seat must announce bankruptcy when an opponent demands: he has buildings and none of them
 * can be developed. A player with no building (both towers in hand) is never bankrupt.
 */
export const isInsolvent = (board: Board, seat: Seat): boolean =>
  hasBuildings(board, seat) && !hasDevelopableBuilding(board, seat)

/** Whether an empty cell touches no building at all (a new building could stand there). */
const isOpenGround = (board: Board, cell: number): boolean => {
  if (board.cells[cell]?.kind !== "empty") return false
  for (const n of TOUCHING[cell] as ReadonlyArray<number>)
    if (board.cells[n]?.kind === "building") return false
  return true
}

/**
 * The last answer of `isBlocked` with what it was read from (arrays never changed once a state holds
 * them). Every turn asks, and most turns change none of them.
 */
let lastBlocked: {
  readonly cells: Board["cells"]
  readonly buildings: Board["buildings"]
  readonly towers: Board["towers"]
  readonly bankrupt: Board["bankrupt"]
  readonly blocked: boolean
} | null = null

/**
 * Whether no remaining player can ever place another story (our ruling "Blocked game"): none has a
 * developable building, and none holding a free tower has open ground to found a building on.
 */
export const isBlocked = (board: Board): boolean => {
  const { cells, buildings, towers, bankrupt } = board
  const last = lastBlocked
  if (
    last !== null &&
    last.cells === cells &&
    last.buildings === buildings &&
    last.towers === towers &&
    last.bankrupt === bankrupt
  )
    return last.blocked
  const blocked = findBlocked(board)
  lastBlocked = { cells, buildings, towers, bankrupt, blocked }
  return blocked
}

const findBlocked = (board: Board): boolean => {
  // Fast path: a free top or a roof on a building of a player still in the game can be developed.
  for (let cell = 0; cell < CELLS; cell++) {
    const c = board.cells[cell]
    if (c?.kind === "building" && c.top !== "tower") {
      const owner = (board.buildings[c.building] as Building).owner
      if (owner !== null && !board.bankrupt[owner]) return false
    }
  }
  let open: boolean | null = null
  for (let seat = 0; seat < board.seats; seat++) {
    if (board.bankrupt[seat]) continue
    if (hasFreeTower(board, seat)) {
      if (open === null) {
        open = false
        for (let cell = 0; cell < CELLS; cell++)
          if (isOpenGround(board, cell)) {
            open = true
            break
          }
      }
      if (open) return false
    }
    if (hasDevelopableBuilding(board, seat)) return false
  }
  return true
}

/**
 * Whether a story may go on an empty cell that shares an edge with one of the seat's buildings: the
 * seat's tallest building touching it must be strictly taller than every other building touching it.
 * This is `canBuildOnEmpty` once the edge contact is known, in one pass over the touching cells.
 */
const isExtension = (board: Board, seat: Seat, cell: number): boolean => {
  const { cells, buildings } = board
  let ownHeight = 0
  let rivalHeight = 0
  const touching = TOUCHING[cell] as ReadonlyArray<number>
  for (let i = 0; i < touching.length; i++) {
    const c = cells[touching[i] as number] as Cell
    if (c.kind !== "building") continue
    const b = buildings[c.building] as Building
    if (b.owner === seat) {
      if (b.height > ownHeight) ownHeight = b.height
    } else if (b.height > rivalHeight) rivalHeight = b.height
  }
  return ownHeight > rivalHeight
}

/**
 * Scratch for `findSixTargets` (which never calls out while it uses them): `seen[cell] === search` marks a
 * cell this search has looked at, `hit[cell] === search` one it found. A counter, so nothing is cleared.
 */
const seen = new Int32Array(CELLS)
const hit = new Int32Array(CELLS)
let search = 0

/**
 * The cells where the seat may add a story for a rolled 6, ascending: the free tops of his buildings and
 * the empty cells sharing an edge with them where a story is legal — the same cells as `isSixTarget`, as
 * an empty cell qualifies only next to one of his buildings. It walks his buildings (each carries one of
 * his towers) instead of testing all 49 cells: the scan showed in playout profiles.
 */
const findSixTargets = (board: Board, seat: Seat): number[] => {
  const out: number[] = []
  const towers = board.towers[seat]
  if (!towers) return out
  search = search === 0x7fffffff ? 1 : search + 1
  const mark = search
  const cells = board.cells
  let found = 0
  for (let t = 0; t < towers.length; t++) {
    const id = towers[t]
    if (id === null || id === undefined) continue
    const members = (board.buildings[id] as Building).cells
    for (let i = 0; i < members.length; i++) {
      const cell = members[i] as number
      if ((cells[cell] as BuildingCell).top === "free") {
        hit[cell] = mark
        found++
      }
      const edges = EDGE_NEIGHBOURS[cell] as ReadonlyArray<number>
      for (let j = 0; j < edges.length; j++) {
        const n = edges[j] as number
        if (seen[n] === mark) continue
        seen[n] = mark
        if ((cells[n] as Cell).kind === "empty" && isExtension(board, seat, n)) {
          hit[n] = mark
          found++
        }
      }
    }
  }
  for (let cell = 0; found > 0 && cell < CELLS; cell++)
    if (hit[cell] === mark) {
      out.push(cell)
      found--
    }
  return out
}

/**
 * The last answer of `sixTargets`, with what it was computed from. The answer depends on nothing but the
 * seat and the cells, buildings and towers arrays, which are never changed once a state holds them (evolve
 * fills fresh copies before any rule reads them), so the same four mean the same answer: the flow asks
 * when it enters a six-story step and `legalCommands` then asks again for the very same board.
 */
let lastSix: {
  readonly cells: Board["cells"]
  readonly buildings: Board["buildings"]
  readonly towers: Board["towers"]
  readonly seat: Seat
  readonly targets: ReadonlyArray<number>
} | null = null

/**
 * Cells where the seat may add a story for a rolled 6, ascending: a free top of his building, or a legal
 * extension. The list is shared with later callers for the same board: never mutate it.
 */
export const sixTargets = (board: Board, seat: Seat): ReadonlyArray<number> => {
  const { cells, buildings, towers } = board
  const last = lastSix
  if (
    last !== null &&
    last.cells === cells &&
    last.buildings === buildings &&
    last.towers === towers &&
    last.seat === seat
  )
    return last.targets
  const targets = findSixTargets(board, seat)
  lastSix = { cells, buildings, towers, seat, targets }
  return targets
}

/** Whether the seat may add a story on this cell for a rolled 6. */
export const isSixTarget = (board: Board, seat: Seat, cell: number): boolean => {
  const c = board.cells[cell]
  if (c === undefined) return false
  if (c.kind === "building")
    return c.top === "free" && (board.buildings[c.building] as Building).owner === seat
  if (c.kind !== "empty") return false
  for (const n of EDGE_NEIGHBOURS[cell] as ReadonlyArray<number>) {
    const e = board.cells[n]
    if (e?.kind === "building" && (board.buildings[e.building] as Building).owner === seat)
      return canBuildOnEmpty(board, seat, cell, false)
  }
  return false
}

/** Whether the seat has any cell to add a story on for a rolled 6 (the list is kept for `legalCommands`). */
export const hasSixTarget = (board: Board, seat: Seat): boolean => sixTargets(board, seat).length > 0

/** Whether a roof may go on this cell: the free top of any building (ruling: opponents' included). */
export const isRoofTarget = (board: Board, cell: number): boolean => {
  const c = board.cells[cell]
  return c?.kind === "building" && c.top === "free"
}

/**
 * The last answer of `roofTargets` and the cells it was read from (never changed once a state holds them):
 * the flow asks when a 1 is rolled and `legalCommands` then asks again for the very same cells.
 */
let lastRoofs: { readonly cells: Board["cells"]; readonly targets: ReadonlyArray<number> } | null = null

/** Cells where a roof may go for a rolled 1, ascending. Shared with later callers: never mutate it. */
export const roofTargets = (board: Board): ReadonlyArray<number> => {
  const cells = board.cells
  if (lastRoofs !== null && lastRoofs.cells === cells) return lastRoofs.targets
  const targets: number[] = []
  for (let cell = 0; cell < CELLS; cell++) if (isRoofTarget(board, cell)) targets.push(cell)
  lastRoofs = { cells, targets }
  return targets
}

/** Whether any building has a free top. */
export const hasRoofTarget = (board: Board): boolean => roofTargets(board).length > 0
