import { advance } from "../../kernel/random.js"
import { cellIndex, type XY } from "./board.js"
import { SUPPLY_LIMITS } from "./data.js"
import type { Event, PlayerBankrupt, StoryBuilt } from "./events.js"
import {
  afterCrossing,
  afterDemandDeclined,
  afterMove,
  afterOnes,
  crossingStep,
  type Draft,
  draft,
  endTurn,
  enterTurn,
  nextSolvent,
  onesStep,
  sixesStep,
} from "./flow.js"
import { rollOf } from "./moves.js"
import {
  type Building,
  type BuildingCell,
  buildingCell,
  buildingOf,
  type Cell,
  STREET,
  type State,
  type Step,
  supplyOf,
  withTop,
} from "./state.js"

const MOVE: Step = { kind: "move" }

const indexOf = (p: XY): number => cellIndex(p.x, p.y)

const setRow = <T>(rows: ReadonlyArray<readonly [T, T]>, seat: number, row: readonly [T, T]) => {
  const out = rows.slice()
  out[seat] = row
  return out
}

const setAt = <T>(items: ReadonlyArray<T>, index: number, value: T): T[] => {
  const out = items.slice()
  out[index] = value
  return out
}

const retop = (cells: ReadonlyArray<Cell>, cell: number, top: BuildingCell["top"]): Cell[] =>
  setAt<Cell>(cells, cell, withTop(cells[cell] as BuildingCell, top))

/**
 * Folds one event into the state. Events carry every fact; only the bookkeeping of whose step comes next is
 * derived here (flow.ts). Each event copies the state once and shares every part it does not change.
 */
export const evolve = (state: State, event: Event): State => {
  const step = state.step
  const d = draft(state)
  switch (event.type) {
    case "GameStarted":
    case "GameEnded":
      return state
    case "CornerChosen":
      d.pawns = setRow(state.pawns, event.seat, [event.corner, event.corner])
      if (step.kind === "corner") {
        if (event.seat + 1 < state.seats) d.current = event.seat + 1
        else enterTurn(d, 0, false)
      }
      return d
    case "DiceRolled":
      d.rng = advance(state.rng)
      d.current = event.seat
      d.dice = rollOf(event.dice[0], event.dice[1])
      d.step = MOVE
      return d
    case "PawnsMoved": {
      const row = state.pawns[event.seat] ?? [null, null]
      const pawns: [number | null, number | null] = [row[0], row[1]]
      for (const m of event.moves) pawns[m.pawn] = m.to
      d.pawns = setRow(state.pawns, event.seat, pawns)
      if (step.kind === "move") afterMove(d)
      return d
    }
    case "RoofTaken":
      d.supply = supplyOf(state.supply.stories, state.supply.roofs - 1, state.supply.streets)
      d.roofsHeld = setAt(state.roofsHeld, event.seat, (state.roofsHeld[event.seat] ?? 0) + 1)
      if (step.kind === "doubles") crossingStep(d)
      return d
    case "StoryBuilt":
      buildStory(d, event)
      if (d.supply.stories <= 0) d.step = { kind: "over", reason: "stories" }
      else if (step.kind === "crossing-build" || step.kind === "crossing-story") afterCrossing(d)
      else if (step.kind === "six-story") sixesStep(d, step.left - 1)
      return d
    case "StreetBuilt":
      d.cells = setAt(state.cells, cellIndex(event.x, event.y), STREET)
      d.supply = supplyOf(state.supply.stories, state.supply.roofs, state.supply.streets - 1)
      if (step.kind === "crossing-street") afterCrossing(d)
      return d
    case "RoofPlaced":
      d.cells = retop(state.cells, cellIndex(event.x, event.y), "roof")
      d.roofsHeld = setAt(state.roofsHeld, event.seat, (state.roofsHeld[event.seat] ?? 0) - 1)
      if (step.kind === "place-roof") onesStep(d, step.left - 1)
      return d
    case "RoofRemoved":
      d.cells = retop(state.cells, cellIndex(event.x, event.y), "free")
      d.supply = supplyOf(state.supply.stories, state.supply.roofs + 1, state.supply.streets)
      if (step.kind === "remove-roof") afterCrossing(d)
      return d
    case "Declined":
      if (step.kind === "demand") afterDemandDeclined(d, step.from)
      else if (step.kind === "crossing-story" || step.kind === "remove-roof") afterCrossing(d)
      else if (step.kind === "place-roof") afterOnes(d)
      else if (step.kind === "six-story") endTurn(d)
      return d
    case "PlayerBankrupt":
      bankrupt(d, event)
      return d
    case "GameBlocked":
      d.step = { kind: "over", reason: "blocked" }
      return d
  }
}

/** The board after a story: the cell, the builder's tower, merged and taken-over buildings. */
const buildStory = (d: Draft, e: StoryBuilt): void => {
  const cells = d.cells.slice()
  const buildings = d.buildings.slice()
  let towers = d.towers
  const cell = cellIndex(e.x, e.y)
  const builtAt = SUPPLY_LIMITS.stories - d.supply.stories + 1
  d.supply = supplyOf(d.supply.stories - 1, d.supply.roofs, d.supply.streets)
  d.cells = cells
  d.buildings = buildings
  if (e.founded) {
    const tower = e.tower?.tower ?? 0
    buildings[e.building] = buildingOf(e.building, e.seat, tower, cell, [cell], 1, 1, null)
    cells[cell] = buildingCell(e.building, 1, "tower", builtAt)
    const row = towers[e.seat] ?? [null, null]
    d.towers = setRow(towers, e.seat, tower === 0 ? [e.building, row[1]] : [row[0], e.building])
    return
  }
  const into = buildings[e.building] as Building
  let members = (cells[cell] as Cell).kind === "building" ? into.cells : [...into.cells, cell]
  let height = Math.max(into.height, e.height)
  let blocks = into.blocks + 1
  const absorb = (id: number) => {
    const b = buildings[id] as Building
    if (b.towerCell !== null) cells[b.towerCell] = withTop(cells[b.towerCell] as BuildingCell, "free")
    if (b.owner !== null && b.tower !== null) {
      const row = towers[b.owner] ?? [null, null]
      towers = setRow(towers, b.owner, b.tower === 0 ? [null, row[1]] : [row[0], null])
    }
    for (const m of b.cells) {
      const c = cells[m] as BuildingCell
      cells[m] = buildingCell(e.building, c.height, c.top, c.builtAt)
    }
    members = members.concat(b.cells)
    height = Math.max(height, b.height)
    blocks += b.blocks
    buildings[id] = buildingOf(b.id, e.seat, null, null, [], b.height, b.blocks, e.building)
  }
  for (const t of e.takenOver) absorb(t.building)
  for (const m of e.merged) absorb(m.building)
  cells[cell] = buildingCell(e.building, e.height, "free", builtAt)
  let towerCell = into.towerCell
  if (e.tower !== null) {
    if (e.tower.from !== null) {
      const from = indexOf(e.tower.from)
      cells[from] = withTop(cells[from] as BuildingCell, "free")
    }
    towerCell = indexOf(e.tower.to)
    cells[towerCell] = withTop(cells[towerCell] as BuildingCell, "tower")
  }
  buildings[e.building] = buildingOf(
    into.id,
    into.owner,
    into.tower,
    towerCell,
    members,
    height,
    blocks,
    into.mergedInto,
  )
  d.towers = towers
}

/** A bankrupt player's pawns and towers leave the game; his buildings stay, ownerless. */
const bankrupt = (d: Draft, e: PlayerBankrupt): void => {
  const before = d.step
  const cells = d.cells.slice()
  const buildings = d.buildings.slice()
  for (const id of e.buildings) {
    const b = buildings[id] as Building
    if (b.towerCell !== null) cells[b.towerCell] = withTop(cells[b.towerCell] as BuildingCell, "free")
    buildings[id] = buildingOf(b.id, null, null, null, b.cells, b.height, b.blocks, b.mergedInto)
  }
  d.cells = cells
  d.buildings = buildings
  d.towers = setRow(d.towers, e.seat, [null, null])
  d.pawns = setRow(d.pawns, e.seat, [null, null])
  d.supply = supplyOf(d.supply.stories, d.supply.roofs + e.roofsReturned, d.supply.streets)
  d.roofsHeld = setAt(d.roofsHeld, e.seat, 0)
  d.bankrupt = setAt(d.bankrupt, e.seat, true)
  d.eliminated = [...d.eliminated, e.seat]
  if (d.bankrupt.filter((b) => !b).length <= 1) d.step = { kind: "over", reason: "bankruptcy" }
  else if (e.seat === d.current && (before.kind === "bankrupt" || before.kind === "demand"))
    enterTurn(d, nextSolvent(d, e.seat), false)
}
