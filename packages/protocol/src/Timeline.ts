import { Schema } from "effect"
import { GameId, Instant, Version } from "./Ids.js"

/** One seat's standing at a position: its score so far and its money (null where the game has none). */
export const Standing = Schema.Struct({
  score: Schema.Number,
  money: Schema.NullOr(Schema.Number),
}).annotate({ identifier: "Standing" })
export type Standing = typeof Standing.Type

/** A position of the game: the event that led to it, the round, when it was played, every seat's standing. */
export const TimelinePoint = Schema.Struct({
  version: Version,
  type: Schema.String,
  /** The game's round at this position (Manhattan counts a round each time play passes seat 0). */
  round: Schema.Int,
  /** When the command behind this event was accepted (null when it was not recorded). */
  time: Schema.NullOr(Instant),
  standings: Schema.Array(Standing),
}).annotate({ identifier: "TimelinePoint" })
export type TimelinePoint = typeof TimelinePoint.Type

/**
 * `GET /api/games/:gameId/timeline`: every position the caller may see, from the caller's views — what
 * replay scrubbers, round jumps and score charts need without fetching each view.
 */
export const Timeline = Schema.Struct({
  gameId: GameId,
  game: Schema.String,
  version: Version,
  /** What `score` means in this game ("money", "population", "prestige", "best building"). */
  scoreLabel: Schema.String,
  points: Schema.Array(TimelinePoint),
}).annotate({ identifier: "Timeline" })
export type Timeline = typeof Timeline.Type
