import type { Seat } from "../../kernel/game.js"
import { CELLS, CORNERS, xyOf } from "./board.js"
import type { Command } from "./commands.js"
import { roofTargets, sixTargets } from "./develop.js"
import { legalMoves } from "./moves.js"
import { pendingSeat } from "./pending.js"
import type { Board } from "./state.js"

const SKIP: Command = Object.freeze({ type: "Skip" })
const DEMAND: Command = Object.freeze({ type: "DemandBankruptcy" })
const CORNER_CHOICES: ReadonlyArray<Command> = CORNERS.map((corner) =>
  Object.freeze({ type: "ChooseCorner", corner }),
)
// Commands that name a cell, one frozen object per cell: bots get them in every list of a playout.
const perCell = <T extends "BuildStory" | "RemoveRoof" | "PlaceRoof">(type: T) =>
  Array.from({ length: CELLS }, (_, cell) => {
    const { x, y } = xyOf(cell)
    return Object.freeze({ type, x, y })
  })
const AT = {
  BuildStory: perCell("BuildStory"),
  RemoveRoof: perCell("RemoveRoof"),
  PlaceRoof: perCell("PlaceRoof"),
}
const at = <T extends "BuildStory" | "RemoveRoof" | "PlaceRoof">(type: T, cell: number) =>
  AT[type][cell] as { readonly type: T; readonly x: number; readonly y: number }

/** The commands naming each of `cells`, then Skip. */
const andSkip = (type: "BuildStory" | "PlaceRoof", cells: ReadonlyArray<number>): Command[] => {
  const out: Command[] = []
  for (const cell of cells) out.push(at(type, cell))
  out.push(SKIP)
  return out
}

/** Every command the seat may play now, and no other (empty when it owes nothing). */
export const legalCommands = (board: Board, seat: Seat): ReadonlyArray<Command> => {
  if (pendingSeat(board) !== seat) return []
  const step = board.step
  switch (step.kind) {
    case "corner":
      return CORNER_CHOICES
    case "demand":
      return [DEMAND, SKIP]
    case "move":
      return legalMoves(board.dice as readonly [number, number], board.pawns[seat] ?? [null, null])
    case "crossing-story":
      return [at("BuildStory", step.cell), SKIP]
    case "remove-roof":
      return [at("RemoveRoof", step.cell), SKIP]
    case "place-roof":
      return andSkip("PlaceRoof", roofTargets(board))
    case "six-story":
      return andSkip("BuildStory", sixTargets(board, seat))
    default:
      return []
  }
}

/**
 * What a clock timeout plays: the mildest legal choice. Optional steps are skipped (and no bankruptcy is
 * demanded); a corner choice takes the top-left corner; a move takes the first legal move.
 */
export const defaultCommand = (board: Board, seat: Seat): Command => {
  const legal = legalCommands(board, seat)
  if (legal.length === 0) throw new Error(`manhattan: seat ${seat} owes no decision`)
  return legal.includes(SKIP) ? SKIP : (legal[0] as Command)
}
