import type { Bot } from "../../../kernel/bot.js"
import type { Seat } from "../../../kernel/game.js"
import { CELLS, cellIndex, crossing, EDGE_NEIGHBOURS } from "../board.js"
import type { Command } from "../commands.js"
import { canBuildOnEmpty, planStory } from "../contact.js"
import { pawnsAfter } from "../moves.js"
import { bestBuilding } from "../outcome.js"
import type { Board, Building } from "../state.js"

/*
 * A greedy one-step bot: it scores every legal command and plays the best (ties broken at random). It builds
 * on its own tallest building, takes over whenever it can, roofs the tallest rival and removes roofs from
 * its own buildings.
 */

const owner = (board: Board, cell: number): Seat | null | undefined => {
  const c = board.cells[cell]
  return c?.kind === "building" ? (board.buildings[c.building] as Building).owner : undefined
}

/** Empty cells around a building's cells: room to grow. */
const room = (board: Board, cell: number): number => {
  let n = 0
  for (const m of EDGE_NEIGHBOURS[cell] as ReadonlyArray<number>) if (board.cells[m]?.kind === "empty") n++
  return n
}

/** What a story on `cell` is worth to `seat` (the cell must be a legal place for it). */
export const storyValue = (board: Board, seat: Seat, cell: number): number => {
  const best = bestBuilding(board, seat)
  const c = board.cells[cell]
  if (c?.kind === "building") {
    const b = board.buildings[c.building] as Building
    const h = c.height + 1
    const tallest = b.height === best.height
    if (h > b.height) return (tallest ? 100 : 40) + h
    return (tallest ? 50 : 20) + h * 4
  }
  const plan = planStory(board, seat, cell)
  if (plan.into === null) return best.height === 0 ? 45 : 12 + room(board, cell)
  const into = board.buildings[plan.into] as Building
  let value = (into.height === best.height ? 30 : 15) + room(board, cell) * 2
  for (const id of plan.takenOver) {
    const v = board.buildings[id] as Building
    value += 80 + v.blocks * 10 + (v.height >= best.height ? 40 : 0)
  }
  return value + plan.merged.length * 10
}

/** What a street on `cell` costs or gains: bad next to own buildings, good next to rivals. */
const streetValue = (board: Board, seat: Seat, cell: number): number => {
  let value = 0
  for (const m of EDGE_NEIGHBOURS[cell] as ReadonlyArray<number>) {
    const o = owner(board, m)
    if (o === seat) value -= 12
    else if (o !== undefined && o !== null) value += 4
  }
  return value
}

/** What landing the pawns on this crossing is worth. */
export const crossingValue = (board: Board, seat: Seat, cell: number | null): number => {
  if (cell === null) return 0
  const c = board.cells[cell]
  if (c?.kind === "empty") {
    if (canBuildOnEmpty(board, seat, cell, true)) return storyValue(board, seat, cell)
    return board.supply.streets > 0 ? streetValue(board, seat, cell) : 0
  }
  if (c?.kind !== "building" || owner(board, cell) !== seat) return 0
  if (c.top === "free") return storyValue(board, seat, cell)
  if (c.top === "roof") return 35 + c.height
  return 0
}

/** What a roof on `cell` is worth: most on the tallest rival's highest free top, never on our own. */
const roofValue = (board: Board, seat: Seat, cell: number): number => {
  const c = board.cells[cell]
  if (c?.kind !== "building") return -100
  const b = board.buildings[c.building] as Building
  if (b.owner === seat) return -100
  if (b.owner === null) return -5
  const rival = bestBuilding(board, b.owner)
  return 10 + b.height * 6 + c.height * 4 + (b.height === rival.height ? 10 : 0)
}

/**
 * Crossing values of one board for one seat, each worked out once: a dozen moves land on a few crossings, and
 * working a crossing out (the story plan, the buildings' heights) showed in search profiles. `start()` begins
 * another board or seat; a value is valid while its stamp is the current round, so nothing is cleared.
 */
export const crossingMemo = () => {
  const values = new Float64Array(CELLS)
  const stamps = new Int32Array(CELLS)
  let round = 0
  return {
    start: (): void => {
      round = round === 0x7fffffff ? 1 : round + 1
    },
    value: (board: Board, seat: Seat, cell: number | null): number => {
      if (cell === null) return 0
      if (stamps[cell] !== round) {
        values[cell] = crossingValue(board, seat, cell)
        stamps[cell] = round
      }
      return values[cell] as number
    },
  }
}

const crossings = crossingMemo()

const score = (board: Board, seat: Seat, command: Command): number => {
  switch (command.type) {
    case "MovePawns": {
      const pawns = pawnsAfter(board, seat, command.moves)
      return crossings.value(board, seat, crossing(pawns[0], pawns[1]))
    }
    case "BuildStory":
      return storyValue(board, seat, cellIndex(command.x, command.y))
    case "RemoveRoof":
      return 50
    case "PlaceRoof":
      return roofValue(board, seat, cellIndex(command.x, command.y))
    case "DemandBankruptcy":
      return 1
    default:
      return 0
  }
}

/** The heuristic bot: greedy over one command, as described above. */
export const heuristicBot: Bot<Board, Command> = {
  name: "heuristic",
  choose: ({ seat, view, legal, random }) => {
    crossings.start()
    let best: Command[] = []
    let bestScore = Number.NEGATIVE_INFINITY
    for (const command of legal) {
      const s = score(view, seat, command)
      if (s > bestScore) {
        bestScore = s
        best = [command]
      } else if (s === bestScore) best.push(command)
    }
    return random.pick(best)
  },
}
