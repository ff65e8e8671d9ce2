import type { Seat } from "../../kernel/game.js"
import { CELLS, CORNERS, crossing, xyOf } from "./board.js"
import type { Command } from "./commands.js"
import { roofTargets, sixTargets } from "./develop.js"
import { legalMoves, pawnsAfter } from "./moves.js"
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
 * What a clock timeout plays (ruling M-default in docs/rulings/manhattan.md): the choice that harms no one
 * and keeps the game moving towards its end. An offered story on the player's own building is built (the
 * first target of a 6); every other optional step is skipped (no roof placed or removed, no bankruptcy
 * demanded); a corner choice takes the top-left corner; a move takes the first legal move whose pawn lines
 * cross on an empty property, else the first legal move. With "skip, and the first move" alone, a game whose
 * players all time out never ends: the same pawn circles the ring and nothing is built.
 */
export const defaultCommand = (board: Board, seat: Seat): Command => {
  const legal = legalCommands(board, seat)
  if (legal.length === 0) throw new Error(`manhattan: seat ${seat} owes no decision`)
  const kind = board.step.kind
  if (kind === "crossing-story" || kind === "six-story") return legal[0] as Command
  if (legal.includes(SKIP)) return SKIP
  if (kind === "move") {
    for (const command of legal) {
      if (command.type !== "MovePawns") continue
      const [a, b] = pawnsAfter(board, seat, command.moves)
      const cell = crossing(a, b)
      if (cell !== null && board.cells[cell]?.kind === "empty") return command
    }
  }
  return legal[0] as Command
}
