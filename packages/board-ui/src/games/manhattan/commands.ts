import type { Command } from "@boroughs/core/games/manhattan"
import { describerOf } from "../../common/commands.js"
import { plural } from "../../common/names.js"
import type { CommandWords } from "../../common/types.js"

type PawnMove = Extract<Command, { type: "MovePawns" }>["moves"][number]

const at = (c: { x: number; y: number }) => `column ${c.x}, row ${c.y}`

const pawnMove = (m: PawnMove) =>
  `pawn ${m.pawn + 1} by ${plural(m.pips, "square")} ${m.direction === "cw" ? "clockwise" : "anticlockwise"}${
    m.entry === undefined ? "" : ` from corner ${m.entry}`
  }`

/** Manhattan's commands in a few words: "pawn 1 by 7 squares clockwise", "story at column 3, row 5". */
export const manhattanCommandWords: CommandWords<Command> = {
  ChooseCorner: (c) => `pawns on corner ${c.corner}`,
  MovePawns: (c) => c.moves.map(pawnMove).join(" and "),
  BuildStory: (c) => `story at ${at(c)}`,
  RemoveRoof: (c) => `roof removed at ${at(c)}`,
  PlaceRoof: (c) => `roof placed at ${at(c)}`,
  DemandBankruptcy: () => "bankruptcy demanded",
  Skip: () => "skip",
}

export const describeManhattanCommand = describerOf(manhattanCommandWords)
