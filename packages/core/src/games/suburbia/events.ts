import { Schema } from "effect"
import { GOAL_IDS } from "./data/goals.js"
import { TILE_IDS } from "./data/tiles.js"
import { Options } from "./options.js"

const Int = Schema.Int
const Seat = Schema.Int
/** A borough: a seat's index, or, in a solo game, index 1 for Dale. */
const Player = Schema.Int
const TileId = Schema.Literals(TILE_IDS)
const GoalId = Schema.Literals(GOAL_IDS)
const StackLetter = Schema.Literals(["A", "B", "C"])
const StatName = Schema.Literals(["income", "reputation", "population", "money"])

/**
 * Why a track moved. `effect`: effect number `effect` of the tile placed as `pid` (its kind `tile`, or
 * `"lake"` for a lake's own effect) applied `count` times × `multiplier` (2 once invested); `of` lists the
 * placements counted (neighbours, matching tiles, lake–tile pairs' other end), `line` the red line that fired
 * a red-line effect, `investment` marks the re-application when a marker goes on the tile.
 */
export const Cause = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("cost"),
    item: Schema.Literals(["tile", "surcharge", "investment", "discard", "dale-price"]),
  }),
  Schema.Struct({
    kind: Schema.Literal("effect"),
    pid: Int,
    tile: Schema.Union([TileId, Schema.Literal("lake")]),
    effect: Int,
    count: Int,
    multiplier: Int,
    of: Schema.Array(Int),
    line: Schema.NullOr(Int),
    investment: Schema.Boolean,
  }),
  Schema.Struct({
    kind: Schema.Literal("red-line"),
    line: Int,
    direction: Schema.Literals(["up", "down"]),
  }),
  Schema.Struct({
    kind: Schema.Literals(["income", "income-shortfall", "reputation", "reputation-shortfall", "conversion"]),
  }),
  Schema.Struct({ kind: Schema.Literal("goal"), goal: GoalId }),
])
export type Cause = typeof Cause.Type

/**
 * One track movement: `delta` asked, `value` the track's value after it (income and reputation stop at
 * −5..15, population at 0). Folding the changes of every event, from the starting values, gives every track.
 */
export const Change = Schema.Struct({ player: Player, stat: StatName, delta: Int, value: Int, cause: Cause })
export type Change = typeof Change.Type
const Changes = Schema.Array(Change)

/** The first event (kernel): options, seat count, the secret seed and its public commitment. */
export const GameStarted = Schema.Struct({
  type: Schema.Literal("GameStarted"),
  game: Schema.String,
  rulesVersion: Int,
  options: Options,
  seats: Int,
  seed: Schema.String,
  seedCommitment: Schema.String,
})

/** The start player, drawn at random (always the player against Dale). */
export const StartPlayerChosen = Schema.Struct({ type: Schema.Literal("StartPlayerChosen"), seat: Seat })

/** A tile flipped from the current stack into market `slot` (a chance event). */
export const TileDrawn = Schema.Struct({
  type: Schema.Literal("TileDrawn"),
  stack: StackLetter,
  tile: TileId,
  slot: Int,
})

/** The One More Round tile came up during `round`: set aside, and another tile is drawn in its place. */
export const OneMoreRoundDrawn = Schema.Struct({ type: Schema.Literal("OneMoreRoundDrawn"), round: Int })

/** The public goals, drawn at random. */
export const PublicGoalsDrawn = Schema.Struct({
  type: Schema.Literal("PublicGoalsDrawn"),
  goals: Schema.Array(GoalId),
})

/** Two goals drawn by a seat (private to it). */
export const GoalsDealt = Schema.Struct({
  type: Schema.Literal("GoalsDealt"),
  seat: Seat,
  goals: Schema.Array(GoalId),
})
/** What other seats and spectators see of GoalsDealt. */
export const GoalsDealtRedacted = Schema.Struct({ type: Schema.Literal("GoalsDealt"), seat: Seat })

const Commitment = Schema.Struct({ key: Schema.String, hash: Schema.String })

/** A seat kept one of its two goals (private, committed; revealed at the end). */
export const GoalKept = Schema.Struct({
  type: Schema.Literal("GoalKept"),
  seat: Seat,
  goal: GoalId,
  commitment: Commitment,
  salt: Schema.String,
})
/** What other seats and spectators see of GoalKept. */
export const GoalKeptRedacted = Schema.Struct({
  type: Schema.Literal("GoalKept"),
  seat: Seat,
  commitment: Commitment,
})

/**
 * A tile went into a borough at (q, r) as placement `pid`: from the market (`slot`) or the basic supply,
 * face up, or face down as a lake. `changes`: the payment, then every effect it caused in the resolution
 * order, with red lines as they were crossed.
 */
export const TilePlaced = Schema.Struct({
  type: Schema.Literal("TilePlaced"),
  player: Player,
  pid: Int,
  tile: TileId,
  lake: Schema.Boolean,
  q: Int,
  r: Int,
  from: Schema.Literals(["market", "basic"]),
  slot: Schema.NullOr(Int),
  changes: Changes,
})

/** An investment marker went on placement `pid` at (q, r): its cost paid again, its effects applied again. */
export const InvestmentPlaced = Schema.Struct({
  type: Schema.Literal("InvestmentPlaced"),
  player: Player,
  pid: Int,
  tile: TileId,
  lake: Schema.Boolean,
  q: Int,
  r: Int,
  changes: Changes,
})

/** A market tile discarded after a basic tile or an investment, paying the slot's surcharge. */
export const TileDiscarded = Schema.Struct({
  type: Schema.Literal("TileDiscarded"),
  player: Player,
  slot: Int,
  tile: TileId,
  changes: Changes,
})

/** A discard was owed but the market held no tile the player could pay for. */
export const DiscardSkipped = Schema.Struct({ type: Schema.Literal("DiscardSkipped"), player: Player })

/** The player could take no action at all. */
export const ActionPassed = Schema.Struct({ type: Schema.Literal("ActionPassed"), player: Player })

/** Step II: money collected or paid by income, with any population lost to a shortfall. */
export const IncomeCollected = Schema.Struct({
  type: Schema.Literal("IncomeCollected"),
  player: Player,
  changes: Changes,
})

/** Step III: population moved by reputation, with red lines crossed and any money paid below 0. */
export const PopulationAdjusted = Schema.Struct({
  type: Schema.Literal("PopulationAdjusted"),
  player: Player,
  changes: Changes,
})

/** Against Dale: the tiles left in the market after his turn leave the game. */
export const MarketCleared = Schema.Struct({
  type: Schema.Literal("MarketCleared"),
  slots: Schema.Array(Int),
  tiles: Schema.Array(TileId),
})

/** The turn passes; `round` is the round the next turn belongs to. */
export const TurnPassed = Schema.Struct({
  type: Schema.Literal("TurnPassed"),
  from: Player,
  to: Player,
  round: Int,
})

const Reveal = Schema.Struct({ key: Schema.String, value: GoalId, salt: Schema.String })

/** Final scoring: every secret goal opened (kernel convention: `reveals`). */
export const GoalsRevealed = Schema.Struct({
  type: Schema.Literal("GoalsRevealed"),
  reveals: Schema.Array(Reveal),
})

/** One goal as scored: each player's value, the sole achiever (null on a tie) and the bonus. */
export const GoalResult = Schema.Struct({
  goal: GoalId,
  owner: Schema.NullOr(Seat),
  values: Schema.Array(Int),
  achiever: Schema.NullOr(Player),
  bonus: Int,
})
export type GoalResult = typeof GoalResult.Type

/** Final scoring: public goals, then secret goals in turn order; bonuses cross no red line. */
export const GoalsScored = Schema.Struct({
  type: Schema.Literal("GoalsScored"),
  results: Schema.Array(GoalResult),
  changes: Changes,
})

/** Final scoring: $5 → 1 population, the rest kept as the third tie-break. */
export const MoneyConverted = Schema.Struct({ type: Schema.Literal("MoneyConverted"), changes: Changes })

/** The kernel's last event: outcome, and the seed revealed. */
export const GameEnded = Schema.Struct({
  type: Schema.Literal("GameEnded"),
  ranks: Schema.Array(Int),
  scores: Schema.Array(Schema.Number),
  seed: Schema.String,
  reason: Schema.Literals(["rules", "adjudicated"]),
})

/** Every Suburbia event. */
export const Event = Schema.Union([
  GameStarted,
  StartPlayerChosen,
  TileDrawn,
  OneMoreRoundDrawn,
  PublicGoalsDrawn,
  GoalsDealt,
  GoalKept,
  TilePlaced,
  InvestmentPlaced,
  TileDiscarded,
  DiscardSkipped,
  ActionPassed,
  IncomeCollected,
  PopulationAdjusted,
  MarketCleared,
  TurnPassed,
  GoalsRevealed,
  GoalsScored,
  MoneyConverted,
  GameEnded,
])
export type Event = typeof Event.Type
export type GameStarted = typeof GameStarted.Type
export type TilePlaced = typeof TilePlaced.Type
export type InvestmentPlaced = typeof InvestmentPlaced.Type
export type TileDrawn = typeof TileDrawn.Type
export type GoalKept = typeof GoalKept.Type
export type GoalsDealt = typeof GoalsDealt.Type
export type GoalsScored = typeof GoalsScored.Type
export type StatName = typeof StatName.Type
export type GoalsDealtRedacted = typeof GoalsDealtRedacted.Type
export type GoalKeptRedacted = typeof GoalKeptRedacted.Type
