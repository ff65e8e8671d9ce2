import { Schema } from "effect"
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
const Hex = Schema.Struct({ q: Int, r: Int })

const PlacedTileView = Schema.Struct({
  pid: Int,
  tile: TileId,
  lake: Schema.Boolean,
  q: Int,
  r: Int,
  invested: Schema.Boolean,
  linesAtPlacement: Int,
})

const BoroughView = Schema.Struct({
  dale: Schema.Boolean,
  money: Int,
  income: Int,
  reputation: Int,
  population: Int,
  investments: Int,
  tiles: Schema.Array(PlacedTileView),
  open: Schema.Array(Hex),
  linesUp: Int,
  turns: Int,
})

const SegmentView = Schema.Struct({
  stack: Schema.Literals(["A", "B", "C"]),
  tiles: Int,
  oneMoreRound: Schema.Boolean,
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
  seats: Int,
  options: Options,
  solo: Schema.Boolean,
  players: Schema.Array(BoroughView),
  market: Schema.Array(Schema.NullOr(TileId)),
  surcharges: Schema.Array(Int),
  deck: Schema.Array(SegmentView),
  stacks: Schema.Struct({ A: Int, B: Int, C: Int }),
  basic: Schema.Record(Schema.Literals(BASIC_TILE_IDS), Int),
  discards: Schema.Array(TileId),
  publicGoals: Schema.Array(GoalId),
  goalKept: Schema.Array(Schema.Boolean),
  startPlayer: Int,
  current: Int,
  round: Int,
  lastRound: Schema.NullOr(Int),
  oneMoreRound: Schema.Boolean,
  owesDiscard: Schema.Boolean,
  nextPid: Int,
  step: StepView,
  goalResults: Schema.NullOr(Schema.Array(GoalResult)),
  redLines: Schema.Array(Int),
  mine: Schema.NullOr(
    Schema.Struct({ seat: Int, dealt: Schema.NullOr(Schema.Array(GoalId)), kept: Schema.NullOr(GoalId) }),
  ),
  secrets: Schema.NullOr(
    Schema.Struct({
      dealt: Schema.Array(Schema.NullOr(Schema.Array(GoalId))),
      kept: Schema.Array(Schema.NullOr(GoalId)),
    }),
  ),
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
