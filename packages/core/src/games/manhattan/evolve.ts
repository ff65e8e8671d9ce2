import { advance } from "../../kernel/random.js"
import { cellIndex, type XY } from "./board.js"
import { SUPPLY_LIMITS } from "./data.js"
import type { Event, PlayerBankrupt, StoryBuilt } from "./events.js"
import {
  afterCrossing,
  afterDemandDeclined,
  afterMove,
  afterOnes,
  at,
  crossingStep,
  endTurn,
  enterTurn,
  nextSolvent,
  onesStep,
  sixesStep,
} from "./flow.js"
import { type Building, type BuildingCell, type Cell, STREET, type State } from "./state.js"

const at2 = (p: XY): number => cellIndex(p.x, p.y)

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

/** Folds one event into the state. Events carry every fact; only the step bookkeeping is derived here. */
export const evolve = (state: State, event: Event): State => {
  switch (event.type) {
    case "GameStarted":
    case "GameEnded":
      return state
    case "CornerChosen": {
      const next: State = { ...state, pawns: setRow(state.pawns, event.seat, [event.corner, event.corner]) }
      if (state.step.kind !== "corner") return next
      return event.seat + 1 < state.seats ? { ...next, current: event.seat + 1 } : enterTurn(next, 0, false)
    }
    case "DiceRolled":
      return {
        ...state,
        rng: advance(state.rng),
        current: event.seat,
        dice: [event.dice[0], event.dice[1]],
        step: { kind: "move" },
      }
    case "PawnsMoved": {
      const row = state.pawns[event.seat] ?? [null, null]
      const pawns: [number | null, number | null] = [row[0], row[1]]
      for (const m of event.moves) pawns[m.pawn] = m.to
      const next: State = { ...state, pawns: setRow(state.pawns, event.seat, pawns) }
      return state.step.kind === "move" ? afterMove(next) : next
    }
    case "RoofTaken": {
      const next: State = {
        ...state,
        supply: { ...state.supply, roofs: state.supply.roofs - 1 },
        roofsHeld: setAt(state.roofsHeld, event.seat, (state.roofsHeld[event.seat] ?? 0) + 1),
      }
      return state.step.kind === "doubles" ? crossingStep(next) : next
    }
    case "StoryBuilt":
      return afterStory(state, buildStory(state, event))
    case "StreetBuilt": {
      const next: State = {
        ...state,
        cells: setAt(state.cells, cellIndex(event.x, event.y), STREET),
        supply: { ...state.supply, streets: state.supply.streets - 1 },
      }
      return state.step.kind === "crossing-street" ? afterCrossing(next) : next
    }
    case "RoofPlaced": {
      const next: State = {
        ...state,
        cells: retop(state.cells, cellIndex(event.x, event.y), "roof"),
        roofsHeld: setAt(state.roofsHeld, event.seat, (state.roofsHeld[event.seat] ?? 0) - 1),
      }
      return state.step.kind === "place-roof" ? onesStep(next, state.step.left - 1) : next
    }
    case "RoofRemoved": {
      const next: State = {
        ...state,
        cells: retop(state.cells, cellIndex(event.x, event.y), "free"),
        supply: { ...state.supply, roofs: state.supply.roofs + 1 },
      }
      return state.step.kind === "remove-roof" ? afterCrossing(next) : next
    }
    case "Declined":
      switch (state.step.kind) {
        case "demand":
          return afterDemandDeclined(state, state.step.from)
        case "crossing-story":
        case "remove-roof":
          return afterCrossing(state)
        case "place-roof":
          return afterOnes(state)
        case "six-story":
          return endTurn(state)
        default:
          return state
      }
    case "PlayerBankrupt":
      return bankrupt(state, event)
    case "GameBlocked":
      return at(state, { kind: "over", reason: "blocked" })
  }
}

const retop = (cells: ReadonlyArray<Cell>, cell: number, top: BuildingCell["top"]): Cell[] => {
  const c = cells[cell] as BuildingCell
  return setAt<Cell>(cells, cell, { ...c, top })
}

/** The board after a story: the cell, the builder's tower, merged and taken-over buildings. */
const buildStory = (state: State, e: StoryBuilt): State => {
  const cells = state.cells.slice()
  const buildings = state.buildings.slice()
  let towers = state.towers
  const cell = cellIndex(e.x, e.y)
  const builtAt = SUPPLY_LIMITS.stories - state.supply.stories + 1
  const supply = { ...state.supply, stories: state.supply.stories - 1 }
  const before = cells[cell] as Cell
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
    towers = setRow(towers, e.seat, tower === 0 ? [e.building, row[1]] : [row[0], e.building])
    return { ...state, cells, buildings, towers, supply }
  }
  const into = buildings[e.building] as Building
  let members = before.kind === "building" ? into.cells : [...into.cells, cell]
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
    const from = e.tower.from === null ? null : at2(e.tower.from)
    if (from !== null) cells[from] = { ...(cells[from] as BuildingCell), top: "free" }
    towerCell = at2(e.tower.to)
    cells[towerCell] = { ...(cells[towerCell] as BuildingCell), top: "tower" }
  }
  buildings[e.building] = { ...into, cells: members, height, blocks, towerCell }
  return { ...state, cells, buildings, towers, supply }
}

/** The step after a story: the game ends at once when the last story is built. */
const afterStory = (before: State, state: State): State => {
  if (state.supply.stories <= 0) return at(state, { kind: "over", reason: "stories" })
  switch (before.step.kind) {
    case "crossing-build":
    case "crossing-story":
      return afterCrossing(state)
    case "six-story":
      return sixesStep(state, before.step.left - 1)
    default:
      return state
  }
}

/** A bankrupt player's pawns and towers leave the game; his buildings stay, ownerless. */
const bankrupt = (state: State, e: PlayerBankrupt): State => {
  const cells = state.cells.slice()
  const buildings = state.buildings.slice()
  for (const id of e.buildings) {
    const b = buildings[id] as Building
    if (b.towerCell !== null) cells[b.towerCell] = { ...(cells[b.towerCell] as BuildingCell), top: "free" }
    buildings[id] = { ...b, owner: null, tower: null, towerCell: null }
  }
  const next: State = {
    ...state,
    cells,
    buildings,
    towers: setRow(state.towers, e.seat, [null, null]),
    pawns: setRow(state.pawns, e.seat, [null, null]),
    roofsHeld: setAt(state.roofsHeld, e.seat, 0),
    supply: { ...state.supply, roofs: state.supply.roofs + e.roofsReturned },
    bankrupt: setAt(state.bankrupt, e.seat, true),
    eliminated: [...state.eliminated, e.seat],
  }
  const solvent = next.bankrupt.filter((b) => !b).length
  if (solvent <= 1) return at(next, { kind: "over", reason: "bankruptcy" })
  if (e.seat !== state.current || (state.step.kind !== "bankrupt" && state.step.kind !== "demand"))
    return next
  return enterTurn(next, nextSolvent(next, e.seat), false)
}
