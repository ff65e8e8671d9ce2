import type { Seat } from "../../kernel/game.js"
import { CELLS, EDGE_NEIGHBOURS, TOUCHING } from "./board.js"
import { canBuildOnEmpty, hasFreeTower } from "./contact.js"
import type { Board, Building } from "./state.js"

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
 * Whether no remaining player can ever place another story (our ruling "Blocked game"): none has a
 * developable building, and none holding a free tower has open ground to found a building on.
 */
export const isBlocked = (board: Board): boolean => {
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

/** Cells where the seat may add a story for a rolled 6: a free top of his building, or a legal extension. */
export const sixTargets = (board: Board, seat: Seat): number[] => {
  const out: number[] = []
  for (let cell = 0; cell < CELLS; cell++) if (isSixTarget(board, seat, cell)) out.push(cell)
  return out
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

/** Whether the seat has any cell to add a story on for a rolled 6. */
export const hasSixTarget = (board: Board, seat: Seat): boolean => {
  for (let cell = 0; cell < CELLS; cell++) if (isSixTarget(board, seat, cell)) return true
  return false
}

/** Whether a roof may go on this cell: the free top of any building (ruling: opponents' included). */
export const isRoofTarget = (board: Board, cell: number): boolean => {
  const c = board.cells[cell]
  return c?.kind === "building" && c.top === "free"
}

/** Cells where a roof may go for a rolled 1. */
export const roofTargets = (board: Board): number[] => {
  const out: number[] = []
  for (let cell = 0; cell < CELLS; cell++) if (isRoofTarget(board, cell)) out.push(cell)
  return out
}

/** Whether any building has a free top. */
export const hasRoofTarget = (board: Board): boolean => {
  for (let cell = 0; cell < CELLS; cell++) if (isRoofTarget(board, cell)) return true
  return false
}
