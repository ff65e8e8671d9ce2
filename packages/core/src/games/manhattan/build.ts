import type { Seat } from "../../kernel/game.js"
import { type XY, xyOf } from "./board.js"
import { freeTower, planStory, type StoryPlan } from "./contact.js"
import type { StoryBuilt } from "./events.js"
import type { Board, Building, BuildingCell } from "./state.js"

const xy = (cell: number): XY => {
  const { x, y } = xyOf(cell)
  return { x, y }
}

/**
 * The event for a story the seat may legally add on `cell` (an empty cell, or a free top of his own
 * building). The tower goes on the tallest stack, the most recently built on a tie, so a new story moves it
 * when the new stack is at least as tall as the building.
 */
export const storyEvent = (
  board: Board,
  seat: Seat,
  cell: number,
  source: StoryBuilt["source"],
): StoryBuilt => {
  const c = board.cells[cell]
  if (c?.kind === "building") return storyOnStack(board, seat, cell, c, source)
  return storyOnEmpty(board, seat, cell, planStory(board, seat, cell), source)
}

const storyOnStack = (
  board: Board,
  seat: Seat,
  cell: number,
  c: BuildingCell,
  source: StoryBuilt["source"],
): StoryBuilt => {
  const b = board.buildings[c.building] as Building
  const height = c.height + 1
  const moves = height >= b.height && b.towerCell !== null && b.tower !== null && b.towerCell !== cell
  return {
    type: "StoryBuilt",
    seat,
    x: xyOf(cell).x,
    y: xyOf(cell).y,
    height,
    building: b.id,
    founded: false,
    source,
    tower: moves ? { tower: b.tower as number, from: xy(b.towerCell as number), to: xy(cell) } : null,
    merged: [],
    takenOver: [],
  }
}

/** The event for a story on an empty cell following a plan (tests may pass their own plan). */
export const storyOnEmpty = (
  board: Board,
  seat: Seat,
  cell: number,
  plan: StoryPlan,
  source: StoryBuilt["source"],
): StoryBuilt => {
  const { x, y } = xyOf(cell)
  if (plan.into === null) {
    const tower = freeTower(board, seat) ?? 0
    return {
      type: "StoryBuilt",
      seat,
      x,
      y,
      height: 1,
      building: board.buildings.length,
      founded: true,
      source,
      tower: { tower, from: null, to: { x, y } },
      merged: [],
      takenOver: [],
    }
  }
  const into = board.buildings[plan.into] as Building
  const merged = plan.merged.map((id) => {
    const b = board.buildings[id] as Building
    return { building: id, cells: b.cells.map(xy), tower: b.tower as number, from: xy(b.towerCell as number) }
  })
  const takenOver = plan.takenOver.map((id) => {
    const b = board.buildings[id] as Building
    return {
      building: id,
      owner: b.owner,
      cells: b.cells.map(xy),
      tower: b.tower === null || b.towerCell === null ? null : { tower: b.tower, from: xy(b.towerCell) },
    }
  })
  // The joined buildings are no taller than `into` (takeovers are strictly shorter), so only a building
  // of height 1 hands its tower to the new, more recent story.
  let height = into.height
  for (const id of plan.merged) height = Math.max(height, (board.buildings[id] as Building).height)
  const moves = height <= 1 && into.towerCell !== null
  return {
    type: "StoryBuilt",
    seat,
    x,
    y,
    height: 1,
    building: into.id,
    founded: false,
    source,
    tower: moves ? { tower: into.tower as number, from: xy(into.towerCell as number), to: xy(cell) } : null,
    merged,
    takenOver,
  }
}
