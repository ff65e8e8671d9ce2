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
import { type Building, type BuildingCell, type Cell, STREET, type State, type Step } from "./state.js"

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
  setAt<Cell>(cells, cell, { ...(cells[cell] as BuildingCell), top })

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
      d.dice = [event.dice[0], event.dice[1]]
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
      d.supply = { ...state.supply, roofs: state.supply.roofs - 1 }
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
      d.supply = { ...state.supply, streets: state.supply.streets - 1 }
      if (step.kind === "crossing-street") afterCrossing(d)
      return d
    case "RoofPlaced":
      d.cells = retop(state.cells, cellIndex(event.x, event.y), "roof")
      d.roofsHeld = setAt(state.roofsHeld, event.seat, (state.roofsHeld[event.seat] ?? 0) - 1)
      if (step.kind === "place-roof") onesStep(d, step.left - 1)
      return d
    case "RoofRemoved":
      d.cells = retop(state.cells, cellIndex(event.x, event.y), "free")
      d.supply = { ...state.supply, roofs: state.supply.roofs + 1 }
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
  d.supply = { ...d.supply, stories: d.supply.stories - 1 }
  d.cells = cells
  d.buildings = buildings
  if (e.founded) {
    const tower = e.tower?.tower ?? 0
    buildings[e.building] = {
      id: e.building,
      owner: e.seat,
      tower,
      towerCell: cell,
      cells: [cell],
      height: 1,
      blocks: 1,
      mergedInto: null,
    }
    cells[cell] = { kind: "building", building: e.building, height: 1, top: "tower", builtAt }
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
    if (b.towerCell !== null) cells[b.towerCell] = { ...(cells[b.towerCell] as BuildingCell), top: "free" }
    if (b.owner !== null && b.tower !== null) {
      const row = towers[b.owner] ?? [null, null]
      towers = setRow(towers, b.owner, b.tower === 0 ? [null, row[1]] : [row[0], null])
    }
    for (const m of b.cells) cells[m] = { ...(cells[m] as BuildingCell), building: e.building }
    members = [...members, ...b.cells]
    height = Math.max(height, b.height)
    blocks += b.blocks
    buildings[id] = { ...b, owner: e.seat, tower: null, towerCell: null, cells: [], mergedInto: e.building }
  }
  for (const t of e.takenOver) absorb(t.building)
  for (const m of e.merged) absorb(m.building)
  cells[cell] = { kind: "building", building: e.building, height: e.height, top: "free", builtAt }
  let towerCell = into.towerCell
  if (e.tower !== null) {
    if (e.tower.from !== null) {
      const from = indexOf(e.tower.from)
      cells[from] = { ...(cells[from] as BuildingCell), top: "free" }
    }
    towerCell = indexOf(e.tower.to)
    cells[towerCell] = { ...(cells[towerCell] as BuildingCell), top: "tower" }
  }
  buildings[e.building] = { ...into, cells: members, height, blocks, towerCell }
  d.towers = towers
}

/** A bankrupt player's pawns and towers leave the game; his buildings stay, ownerless. */
const bankrupt = (d: Draft, e: PlayerBankrupt): void => {
  const before = d.step
  const cells = d.cells.slice()
  const buildings = d.buildings.slice()
  for (const id of e.buildings) {
    const b = buildings[id] as Building
    if (b.towerCell !== null) cells[b.towerCell] = { ...(cells[b.towerCell] as BuildingCell), top: "free" }
    buildings[id] = { ...b, owner: null, tower: null, towerCell: null }
  }
  d.cells = cells
  d.buildings = buildings
  d.towers = setRow(d.towers, e.seat, [null, null])
  d.pawns = setRow(d.pawns, e.seat, [null, null])
  d.supply = { ...d.supply, roofs: d.supply.roofs + e.roofsReturned }
  d.roofsHeld = setAt(d.roofsHeld, e.seat, 0)
  d.bankrupt = setAt(d.bankrupt, e.seat, true)
  d.eliminated = [...d.eliminated, e.seat]
  if (d.bankrupt.filter((b) => !b).length <= 1) d.step = { kind: "over", reason: "bankruptcy" }
  else if (e.seat === d.current && (before.kind === "bankrupt" || before.kind === "demand"))
    enterTurn(d, nextSolvent(d, e.seat), false)
}
