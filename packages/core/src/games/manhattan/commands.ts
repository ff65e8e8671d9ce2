import { Schema } from "effect"

const Corner = Schema.Literals([0, 8, 16, 24])
const Coordinate = Schema.Int

/** At setup: put both your pawns on this corner of the ring (rule text, "Preparation"). */
export const ChooseCorner = Schema.Struct({ type: Schema.Literal("ChooseCorner"), corner: Corner })

/**
 * One pawn's part of a move: `pips` squares clockwise (`cw`) or counter-clockwise (`ccw`). A pawn still
 * off the board (off-board entry variant) names the corner it enters by: the first pip puts it there.
 */
export const PawnMove = Schema.Struct({
  pawn: Schema.Literals([0, 1]),
  pips: Schema.Int,
  direction: Schema.Literals(["cw", "ccw"]),
  entry: Schema.optionalKey(Corner),
})
export type PawnMove = typeof PawnMove.Type

/**
 * Move after the roll (rule text, "Move Pawns"): one pawn the total of both dice (one entry in `moves`),
 * or pawn 0 by one die and pawn 1 by the other (two entries, pawn 0 first).
 */
export const MovePawns = Schema.Struct({ type: Schema.Literal("MovePawns"), moves: Schema.Array(PawnMove) })

/** Add a story on a city cell: on your building at the crossing, or for a rolled 6. */
export const BuildStory = Schema.Struct({ type: Schema.Literal("BuildStory"), x: Coordinate, y: Coordinate })

/** Remove the unwanted roof on your building at the crossing and return it to the supply. */
export const RemoveRoof = Schema.Struct({ type: Schema.Literal("RemoveRoof"), x: Coordinate, y: Coordinate })

/** For a rolled 1: put one of your roofs on the free top of any building. */
export const PlaceRoof = Schema.Struct({ type: Schema.Literal("PlaceRoof"), x: Coordinate, y: Coordinate })

/** As an opponent of a player whose buildings can no longer be developed: demand his bankruptcy. */
export const DemandBankruptcy = Schema.Struct({ type: Schema.Literal("DemandBankruptcy") })

/** Decline the optional step you are asked about (a story, a roof removal, the remaining 1s or 6s, a demand). */
export const Skip = Schema.Struct({ type: Schema.Literal("Skip") })

/** Every Manhattan command. */
export const Command = Schema.Union([
  ChooseCorner,
  MovePawns,
  BuildStory,
  RemoveRoof,
  PlaceRoof,
  DemandBankruptcy,
  Skip,
])
export type Command = typeof Command.Type
export type ChooseCorner = typeof ChooseCorner.Type
export type MovePawns = typeof MovePawns.Type
export type BuildStory = typeof BuildStory.Type
export type RemoveRoof = typeof RemoveRoof.Type
export type PlaceRoof = typeof PlaceRoof.Type
