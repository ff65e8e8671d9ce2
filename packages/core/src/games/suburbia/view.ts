import { Schema } from "effect"
import { describeFields } from "../../kernel/describe.js"
import type { Viewer } from "../../kernel/game.js"
import { GOAL_IDS } from "./data/goals.js"
import { BASIC_TILE_IDS } from "./data/rules.js"
import { TILE_IDS } from "./data/tiles.js"
import { GoalResult } from "./events.js"
import { Options } from "./options.js"
import { redLinesUpTo } from "./redlines.js"
import type { Board, State } from "./state.js"

const Int = Schema.Int
const TileId = Schema.Literals(TILE_IDS)
const GoalId = Schema.Literals(GOAL_IDS)
const Hex = Schema.Struct({
  q: Int.annotate({ description: "The hex's column (axial q): x = 1.5·q." }),
  r: Int.annotate({ description: "The hex's axial r: y = √3·(r + q/2)." }),
})

const PlacedTileView = Schema.Struct({
  pid: Int.annotate({
    description: "Placement number: tiles numbered in the order they were placed, across all boroughs.",
  }),
  tile: TileId.annotate({ description: "The tile's kind; for a lake, the market tile turned face down." }),
  lake: Schema.Boolean.annotate({ description: "Placed face down as a lake." }),
  q: Int.annotate({ description: "The hex's column (axial q): x = 1.5·q." }),
  r: Int.annotate({ description: "The hex's axial r: y = √3·(r + q/2)." }),
  invested: Schema.Boolean.annotate({
    description: "An investment marker lies on it (its effects count double).",
  }),
  linesAtPlacement: Int.annotate({
    description: "The owner's upward red-line count when placed: a red-line effect's history starts here.",
  }),
})

const BoroughView = Schema.Struct({
  dale: Schema.Boolean.annotate({ description: "This borough is Dale's, the solo game's bot opponent." }),
  money: Int.annotate({ description: "Money in hand, in $." }),
  income: Int.annotate({ description: "The income track: money gained (or paid, when negative) each turn." }),
  reputation: Int.annotate({
    description: "The reputation track: population gained (or lost, when negative) each turn.",
  }),
  population: Int.annotate({ description: "The population track: the score." }),
  investments: Int.annotate({ description: "Investment markers still in hand." }),
  tiles: Schema.Array(PlacedTileView).annotate({ description: "The borough's tiles, in placement order." }),
  open: Schema.Array(Hex).annotate({
    description: "Free hexes next to the borough where a tile may go, in the order they opened.",
  }),
  linesUp: Int.annotate({
    description: "Red lines crossed upward so far (each lowers income and reputation by 1).",
  }),
  turns: Int.annotate({ description: "Turns this borough has taken." }),
})

const SegmentView = Schema.Struct({
  stack: Schema.Literals(["A", "B", "C"]).annotate({ description: "The stack these tiles come from." }),
  tiles: Int.annotate({ description: "Unseen tiles of that stack in this part." }),
  oneMoreRound: Schema.Boolean.annotate({ description: "The One More Round tile is mixed into this part." }),
})

const StepView = Schema.Literals([
  "setup",
  "goals",
  "action",
  "income",
  "population",
  "discard",
  "refill",
  "dale",
  "clear",
  "reveal",
  "score-goals",
  "convert",
  "over",
])

/**
 * What a viewer sees: every borough (hexes with their tiles, lakes, investment markers, open hexes, tracks),
 * the market with its surcharges, the stacks' sizes, the basic supply, the public goals, the population
 * track's red lines — and the viewer's own secret goals (`mine`); organisers see every seat's (`secrets`).
 * Hex (q, r) is drawn flat-topped at x = 1.5·q, y = √3·(r + q/2) (see the catalogue).
 */
export const View = Schema.Struct({
  seats: Int.annotate({ description: "Number of seats; seats are numbered 0 to seats − 1." }),
  options: describeFields(Options, {
    solo: "The solo opponent of a one-seat game: Dale the bot.",
    soloPrivateGoal: "Against Dale, whether the player still draws two goals and keeps one secret.",
  }).annotate({ description: "The options the game was set up with." }),
  solo: Schema.Boolean.annotate({
    description: "A one-seat game: the seat plays against Dale, who is player 1.",
  }),
  players: Schema.Array(BoroughView).annotate({
    description: "Each player's borough and tracks, by player (seats, then Dale as player 1 in a solo game).",
  }),
  market: Schema.Array(Schema.NullOr(TileId)).annotate({
    description: "The Real Estate Market's slots, leftmost (newest) first; null when empty.",
  }),
  surcharges: Schema.Array(Int).annotate({
    description: "The cost printed above each market slot, in $, paid on top of the tile's own cost.",
  }),
  deck: Schema.Array(SegmentView).annotate({
    description:
      "The draw pile from the top, sizes only (the order exists nowhere: each tile is drawn when flipped).",
  }),
  stacks: Schema.Struct({
    A: Int.annotate({ description: "Tiles left in stack A (the One More Round tile included)." }),
    B: Int.annotate({ description: "Tiles left in stack B (the One More Round tile included)." }),
    C: Int.annotate({ description: "Tiles left in stack C (the One More Round tile included)." }),
  }).annotate({ description: "Tiles left in each stack." }),
  basic: Schema.Record(
    Schema.Literals(BASIC_TILE_IDS),
    Int.annotate({ description: "Tiles of this basic kind left in the supply." }),
  ).annotate({ description: "The basic tiles left in the supply, by kind." }),
  discards: Schema.Array(TileId).annotate({ description: "The discard pile, in the order discarded." }),
  publicGoals: Schema.Array(GoalId).annotate({ description: "The public goals, face up for all." }),
  goalKept: Schema.Array(Schema.Boolean).annotate({
    description: "Which seats have kept their secret goal (not which goal).",
  }),
  startPlayer: Int.annotate({ description: "The seat that took the first turn." }),
  current: Int.annotate({ description: "The player whose turn it is." }),
  round: Int.annotate({ description: "The round being played, from 1." }),
  lastRound: Schema.NullOr(Int).annotate({
    description: "The round after which the game ends, once the One More Round tile is out; null before.",
  }),
  oneMoreRound: Schema.Boolean.annotate({ description: "The One More Round tile has been drawn." }),
  owesDiscard: Schema.Boolean.annotate({
    description:
      "The current player placed a basic tile or an investment: he discards a market tile in step IV.",
  }),
  nextPid: Int.annotate({ description: "The placement number the next placed tile gets." }),
  step: StepView.annotate({
    description:
      "Where the game stands. Decisions: `goals` (every seat that has not kept a goal), `action`, `discard`. Automatic: `setup`, `income`, `population`, `refill`, `dale` (Dale's purchase), `clear`, `reveal`, `score-goals`, `convert`. `over`: the game has ended.",
  }),
  goalResults: Schema.NullOr(
    Schema.Array(
      describeFields(GoalResult, {
        goal: "The goal scored.",
        owner: "The seat whose secret goal it is; null for a public goal.",
        values: "Each player's value for the goal.",
        achiever: "The player who achieved it alone; null on a tie (no bonus).",
        bonus: "The population bonus the achiever gained.",
      }),
    ),
  ).annotate({ description: "The final goal results, once scored; null before." }),
  redLines: Schema.Array(Int).annotate({
    description:
      "The population track's red lines, ascending: crossing one upward lowers income and reputation.",
  }),
  mine: Schema.NullOr(
    Schema.Struct({
      seat: Int.annotate({ description: "Your seat." }),
      dealt: Schema.NullOr(Schema.Array(GoalId)).annotate({
        description: "The two goals dealt to you; null before the deal.",
      }),
      kept: Schema.NullOr(GoalId).annotate({
        description: "The secret goal you kept; null before you keep one.",
      }),
    }),
  ).annotate({ description: "Your own secret goals; null for spectators and organisers." }),
  secrets: Schema.NullOr(
    Schema.Struct({
      dealt: Schema.Array(Schema.NullOr(Schema.Array(GoalId))).annotate({
        description: "The goals dealt to each seat; null before its deal.",
      }),
      kept: Schema.Array(Schema.NullOr(GoalId)).annotate({
        description: "The secret goal each seat kept; null before it keeps one.",
      }),
    }),
  ).annotate({ description: "Every seat's secret goals: organisers only, null for everyone else." }),
})

/** The view as TypeScript sees it: the public board, stack sizes, red lines and the viewer's goals. */
export interface View extends Board {
  readonly stacks: { readonly A: number; readonly B: number; readonly C: number }
  readonly redLines: ReadonlyArray<number>
  readonly mine: {
    readonly seat: number
    readonly dealt: ReadonlyArray<string> | null
    readonly kept: string | null
  } | null
  readonly secrets: {
    readonly dealt: ReadonlyArray<ReadonlyArray<string> | null>
    readonly kept: ReadonlyArray<string | null>
  } | null
}

/** Red lines a renderer draws on the population track: every line up to 151 (then every odd number). */
const RED_LINES = redLinesUpTo(151)

/** The view of a viewer: the public board, plus the viewer's own goals (organisers: everyone's). */
export const view = (state: State, viewer: Viewer): View => {
  let A = 0
  let B = 0
  let C = 0
  for (const s of state.deck) {
    const n = s.tiles + (s.oneMoreRound ? 1 : 0)
    if (s.stack === "A") A += n
    else if (s.stack === "B") B += n
    else C += n
  }
  const seat = viewer.kind === "seat" ? viewer.seat : null
  return {
    seats: state.seats,
    options: state.options,
    solo: state.solo,
    players: state.players,
    market: state.market,
    surcharges: state.surcharges,
    deck: state.deck,
    stacks: { A, B, C },
    basic: state.basic,
    discards: state.discards,
    publicGoals: state.publicGoals,
    goalKept: state.goalKept,
    startPlayer: state.startPlayer,
    current: state.current,
    round: state.round,
    lastRound: state.lastRound,
    oneMoreRound: state.oneMoreRound,
    owesDiscard: state.owesDiscard,
    nextPid: state.nextPid,
    step: state.step,
    goalResults: state.goalResults,
    redLines: RED_LINES,
    mine:
      seat === null ? null : { seat, dealt: state.dealt[seat] ?? null, kept: state.kept[seat]?.goal ?? null },
    secrets:
      viewer.kind === "organiser"
        ? { dealt: state.dealt, kept: state.kept.map((k) => k?.goal ?? null) }
        : null,
  }
}
