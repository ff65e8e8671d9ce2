import { Schema } from "effect"
import { Options } from "./options.js"

const Seat = Schema.Int
const XY = Schema.Struct({ x: Schema.Int, y: Schema.Int })
const Corner = Schema.Literals([0, 8, 16, 24])

/** The first event (kernel): options, seat count, the secret seed and its public commitment. */
export const GameStarted = Schema.Struct({
  type: Schema.Literal("GameStarted"),
  game: Schema.String,
  rulesVersion: Schema.Int,
  options: Options,
  seats: Schema.Int,
  seed: Schema.String,
  seedCommitment: Schema.String,
})

/** A player put both pawns on a corner (ring square 0, 8, 16 or 24). */
export const CornerChosen = Schema.Struct({
  type: Schema.Literal("CornerChosen"),
  seat: Seat,
  corner: Corner,
})

/** A turn began: the seat threw both dice (one chance event, drawn from the committed seed). */
export const DiceRolled = Schema.Struct({
  type: Schema.Literal("DiceRolled"),
  seat: Seat,
  dice: Schema.Tuple([Schema.Int, Schema.Int]),
})

/** One pawn moved from ring square `from` (null: from off the board) to `to`. */
export const PawnMoved = Schema.Struct({
  pawn: Schema.Literals([0, 1]),
  from: Schema.NullOr(Schema.Int),
  to: Schema.Int,
  pips: Schema.Int,
  direction: Schema.Literals(["cw", "ccw"]),
})

/** The seat moved its pawns. */
export const PawnsMoved = Schema.Struct({
  type: Schema.Literal("PawnsMoved"),
  seat: Seat,
  moves: Schema.Array(PawnMoved),
})

/** For doubles, the seat took one roof from the supply into his hand. */
export const RoofTaken = Schema.Struct({ type: Schema.Literal("RoofTaken"), seat: Seat })

/** The builder's tower moving onto the new story: `from` null means from his hand (a new building). */
export const TowerMove = Schema.Struct({ tower: Schema.Int, from: Schema.NullOr(XY), to: XY })

/** An own building absorbed by a merge: its cells join the new building, its tower returns to the hand. */
export const MergedBuilding = Schema.Struct({
  building: Schema.Int,
  cells: Schema.Array(XY),
  tower: Schema.Int,
  from: XY,
})

/** A rival's (or an ownerless) building taken over: its tower, if any, returns to its owner's hand. */
export const TakenBuilding = Schema.Struct({
  building: Schema.Int,
  owner: Schema.NullOr(Seat),
  cells: Schema.Array(XY),
  tower: Schema.NullOr(Schema.Struct({ tower: Schema.Int, from: XY })),
})

/**
 * One story taken from the supply and put on cell (x, y), which now holds `height` stories and belongs to
 * `building` (owned by `seat`; `founded` when this story starts it). Everything the story caused is here:
 * the builder's tower moving (`tower`), own buildings merged into it, rival buildings taken over.
 */
export const StoryBuilt = Schema.Struct({
  type: Schema.Literal("StoryBuilt"),
  seat: Seat,
  x: Schema.Int,
  y: Schema.Int,
  height: Schema.Int,
  building: Schema.Int,
  founded: Schema.Boolean,
  source: Schema.Literals(["crossing", "six"]),
  tower: Schema.NullOr(TowerMove),
  merged: Schema.Array(MergedBuilding),
  takenOver: Schema.Array(TakenBuilding),
})

/** A street taken from the supply and laid on an empty cell. */
export const StreetBuilt = Schema.Struct({
  type: Schema.Literal("StreetBuilt"),
  seat: Seat,
  x: Schema.Int,
  y: Schema.Int,
})

/** A roof from the seat's hand put on the free top of cell (x, y) of `building` (owned by `owner`). */
export const RoofPlaced = Schema.Struct({
  type: Schema.Literal("RoofPlaced"),
  seat: Seat,
  x: Schema.Int,
  y: Schema.Int,
  building: Schema.Int,
  owner: Schema.NullOr(Seat),
})

/** The roof on cell (x, y) of the seat's building removed and returned to the supply. */
export const RoofRemoved = Schema.Struct({
  type: Schema.Literal("RoofRemoved"),
  seat: Seat,
  x: Schema.Int,
  y: Schema.Int,
  building: Schema.Int,
})

/** The seat declined an optional step (the decision it owed). */
export const Declined = Schema.Struct({
  type: Schema.Literal("Declined"),
  seat: Seat,
  decision: Schema.Literals(["demand", "crossing-story", "remove-roof", "place-roof", "six-story"]),
})

/**
 * The seat went bankrupt (`demandedBy` null: the automatic demand). His pawns and towers leave the game,
 * his held roofs return to the supply, his buildings stay ownerless.
 */
export const PlayerBankrupt = Schema.Struct({
  type: Schema.Literal("PlayerBankrupt"),
  seat: Seat,
  demandedBy: Schema.NullOr(Seat),
  towers: Schema.Array(
    Schema.Struct({ tower: Schema.Int, building: Schema.Int, x: Schema.Int, y: Schema.Int }),
  ),
  buildings: Schema.Array(Schema.Int),
  roofsReturned: Schema.Int,
})

/** No remaining player can ever place another story: the game ends as if the stories had run out. */
export const GameBlocked = Schema.Struct({ type: Schema.Literal("GameBlocked"), storiesLeft: Schema.Int })

/** The kernel's last event: outcome, and the seed revealed. */
export const GameEnded = Schema.Struct({
  type: Schema.Literal("GameEnded"),
  ranks: Schema.Array(Schema.Int),
  scores: Schema.Array(Schema.Number),
  seed: Schema.String,
  reason: Schema.Literals(["rules", "adjudicated"]),
})

/** Every Manhattan event. */
export const Event = Schema.Union([
  GameStarted,
  CornerChosen,
  DiceRolled,
  PawnsMoved,
  RoofTaken,
  StoryBuilt,
  StreetBuilt,
  RoofPlaced,
  RoofRemoved,
  Declined,
  PlayerBankrupt,
  GameBlocked,
  GameEnded,
])
export type Event = typeof Event.Type
export type GameStarted = typeof GameStarted.Type
export type CornerChosen = typeof CornerChosen.Type
export type DiceRolled = typeof DiceRolled.Type
export type PawnsMoved = typeof PawnsMoved.Type
export type StoryBuilt = typeof StoryBuilt.Type
export type PlayerBankrupt = typeof PlayerBankrupt.Type
export type Declined = typeof Declined.Type
export type DecisionKind = Declined["decision"]
