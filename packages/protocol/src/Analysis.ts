import { Schema } from "effect"
import { GameId, Instant, Version } from "./Ids.js"

/** A share of the win, 0..1. */
const Chance = Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 }))

/** What an analysis spends and how it judges (core's `AnalysisSettings`); the analysis's `key` names them. */
export const AnalysisSettings = Schema.Struct({
  rollouts: Schema.Int,
  maxRollouts: Schema.Int,
  minimumRollouts: Schema.Int,
  epsilon: Schema.Number,
  suspectsPerSeat: Schema.Int,
  minimumDrop: Schema.Number,
  candidates: Schema.Int,
  candidateRollouts: Schema.Int,
  mistakeMargin: Schema.Number,
}).annotate({ identifier: "AnalysisSettings" })
export type AnalysisSettings = typeof AnalysisSettings.Type

/** Every seat's chances at one position (after `version` events): share of the win and expected rank. */
export const PositionChances = Schema.Struct({
  version: Version,
  win: Schema.Array(Chance),
  rank: Schema.Array(Schema.Number),
}).annotate({ identifier: "PositionChances" })
export type PositionChances = typeof PositionChances.Type

/** A seat's command with its chance of winning before it (`before` events) and right after it (`after`). */
export const JudgedDecision = Schema.Struct({
  seat: Schema.Int,
  before: Schema.Int,
  after: Schema.Int,
  command: Schema.Unknown,
  chanceBefore: Chance,
  chanceAfter: Chance,
}).annotate({ identifier: "JudgedDecision" })
export type JudgedDecision = typeof JudgedDecision.Type

/** A decision the search beat: the played command's chance and the one it preferred, with what it keeps. */
export const Mistake = Schema.Struct({
  ...JudgedDecision.fields,
  played: Chance,
  better: Schema.Struct({ command: Schema.Unknown, chance: Chance }),
}).annotate({ identifier: "Mistake" })
export type Mistake = typeof Mistake.Type

/** A finished game's analysis, as the server computed it in the background once the game ended. */
export const AnalysisReady = Schema.Struct({
  status: Schema.Literal("ready"),
  gameId: GameId,
  game: Schema.String,
  /** Names the algorithm's version and the settings: another key is another analysis. */
  key: Schema.String,
  settings: AnalysisSettings,
  seats: Schema.Int,
  /** Rollouts from each position (fewer than `settings.rollouts` in a game too long for the budget). */
  perPosition: Schema.Int,
  rollouts: Schema.Int,
  positions: Schema.Array(PositionChances),
  decisions: Schema.Array(JudgedDecision),
  mistakes: Schema.Array(Mistake),
  computedAt: Instant,
  /** Wall time the analysis took on the server, in milliseconds. */
  elapsedMs: Schema.Int,
}).annotate({ identifier: "AnalysisReady" })
export type AnalysisReady = typeof AnalysisReady.Type

/** An ended game whose analysis is queued or under way: ask again (positions `done` of `total`). */
export const AnalysisPending = Schema.Struct({
  status: Schema.Literals(["queued", "running"]),
  gameId: GameId,
  key: Schema.String,
  done: Schema.Int,
  total: Schema.NullOr(Schema.Int),
}).annotate({ identifier: "AnalysisPending" })
export type AnalysisPending = typeof AnalysisPending.Type

/**
 * `GET /api/games/:gameId/analysis`: each seat's chance of winning at every position of a finished game,
 * and its mistakes. A live game has none (409): analysis reads the whole state, which only the end makes
 * public.
 */
export const GameAnalysis = Schema.Union([AnalysisReady, AnalysisPending]).annotate({
  identifier: "GameAnalysis",
})
export type GameAnalysis = typeof GameAnalysis.Type
