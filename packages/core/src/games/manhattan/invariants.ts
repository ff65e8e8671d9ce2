import { CELLS, TOUCHING } from "./board.js"
import { PER_PLAYER, SUPPLY_LIMITS } from "./data.js"
import type { Board, Building, BuildingCell } from "./state.js"

/**
 * What must hold in every Manhattan position (property tests and audits): pieces are conserved (supply +
 * board + held), buildings never touch, each building carries exactly one tower of its owner on its highest
 * stack (the most recent on a tie). Returns the problems found; empty when the board is sound.
 */
export const problems = (board: Board): string[] => {
  const out: string[] = []
  let stories = 0
  let roofs = 0
  let streets = 0
  let towerTops = 0
  for (let cell = 0; cell < CELLS; cell++) {
    const c = board.cells[cell]
    if (c === undefined) out.push(`cell ${cell} missing`)
    else if (c.kind === "street") streets++
    else if (c.kind === "building") {
      stories += c.height
      if (c.height < 1) out.push(`cell ${cell} has height ${c.height}`)
      if (c.top === "roof") roofs++
      if (c.top === "tower") towerTops++
      const b = board.buildings[c.building]
      if (!b || b.mergedInto !== null || !b.cells.includes(cell))
        out.push(`cell ${cell} not in building ${c.building}`)
      for (const n of TOUCHING[cell] as ReadonlyArray<number>) {
        const o = board.cells[n]
        if (o?.kind === "building" && o.building !== c.building)
          out.push(`buildings ${c.building} and ${o.building} touch at cells ${cell}/${n}`)
      }
    }
  }
  const held = board.roofsHeld.reduce((a, b) => a + b, 0)
  if (stories + board.supply.stories !== SUPPLY_LIMITS.stories)
    out.push(`stories: ${stories} built + ${board.supply.stories} in supply ≠ ${SUPPLY_LIMITS.stories}`)
  if (roofs + held + board.supply.roofs !== SUPPLY_LIMITS.roofs)
    out.push(
      `roofs: ${roofs} placed + ${held} held + ${board.supply.roofs} in supply ≠ ${SUPPLY_LIMITS.roofs}`,
    )
  if (streets + board.supply.streets !== SUPPLY_LIMITS.streets)
    out.push(`streets: ${streets} laid + ${board.supply.streets} in supply ≠ ${SUPPLY_LIMITS.streets}`)
  if (
    board.supply.stories < 0 ||
    board.supply.roofs < 0 ||
    board.supply.streets < 0 ||
    board.roofsHeld.some((r) => r < 0)
  )
    out.push("a negative count of pieces")
  let owned = 0
  for (const b of board.buildings) {
    if (b.mergedInto !== null) {
      if (b.cells.length > 0) out.push(`absorbed building ${b.id} still has cells`)
      continue
    }
    out.push(...buildingProblems(board, b))
    if (b.owner !== null) owned++
  }
  if (towerTops !== owned) out.push(`${towerTops} towers on the board for ${owned} owned buildings`)
  for (let seat = 0; seat < board.seats; seat++) {
    const towers = board.towers[seat] ?? [null, null]
    if (towers.length !== PER_PLAYER.towers) out.push(`seat ${seat} has ${towers.length} towers`)
    towers.forEach((id, t) => {
      if (id === null) return
      const b = board.buildings[id]
      if (board.bankrupt[seat]) out.push(`bankrupt seat ${seat} still has tower ${t} on building ${id}`)
      if (!b || b.owner !== seat || b.tower !== t)
        out.push(`seat ${seat} tower ${t} is not on its building ${id}`)
    })
    const pawns = board.pawns[seat] ?? [null, null]
    if (board.bankrupt[seat] && (pawns[0] !== null || pawns[1] !== null))
      out.push(`bankrupt seat ${seat} has pawns`)
    for (const p of pawns)
      if (p !== null && !(Number.isInteger(p) && p >= 0 && p < 32))
        out.push(`seat ${seat} pawn off the ring: ${p}`)
  }
  return out
}

const buildingProblems = (board: Board, b: Building): string[] => {
  const out: string[] = []
  if (b.cells.length === 0) return [`building ${b.id} has no cells`]
  let height = 0
  let blocks = 0
  let top = -1
  let topAt = -1
  for (const cell of b.cells) {
    const c = board.cells[cell] as BuildingCell
    if (c?.kind !== "building" || c.building !== b.id) {
      out.push(`building ${b.id} lists cell ${cell} it does not own`)
      continue
    }
    height = Math.max(height, c.height)
    blocks += c.height
    if (c.height > topAt || (c.height === topAt && c.builtAt > (board.cells[top] as BuildingCell).builtAt)) {
      top = cell
      topAt = c.height
    }
    if (c.top === "tower" && cell !== b.towerCell)
      out.push(`building ${b.id} has a tower off its tower cell ${cell}`)
  }
  if (height !== b.height) out.push(`building ${b.id} height ${b.height}, stacks say ${height}`)
  if (blocks !== b.blocks) out.push(`building ${b.id} blocks ${b.blocks}, stacks say ${blocks}`)
  if (b.owner === null) {
    if (b.tower !== null || b.towerCell !== null) out.push(`ownerless building ${b.id} has a tower`)
    return out
  }
  if (b.tower === null || b.towerCell === null)
    return [...out, `building ${b.id} of seat ${b.owner} has no tower`]
  if ((board.towers[b.owner] ?? [])[b.tower] !== b.id)
    out.push(`building ${b.id}'s tower ${b.tower} is not seat ${b.owner}'s`)
  if ((board.cells[b.towerCell] as BuildingCell | undefined)?.top !== "tower")
    out.push(`building ${b.id}'s tower cell ${b.towerCell} shows no tower`)
  if (b.towerCell !== top)
    out.push(`building ${b.id}'s tower on cell ${b.towerCell}, highest/newest is ${top}`)
  return out
}
