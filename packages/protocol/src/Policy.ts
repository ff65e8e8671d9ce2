import { Schema } from "effect"

/**
 * Who may watch a game that is not theirs (ARCHITECTURE.md §5): everyone live, everyone `events` events
 * behind (until the game ends), or organisers only. Seats always see their own game.
 */
export const SpectatorPolicy = Schema.Union([
  Schema.Struct({ mode: Schema.Literal("live") }),
  Schema.Struct({
    mode: Schema.Literal("delayed"),
    events: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1), Schema.isLessThanOrEqualTo(10_000)),
  }),
  Schema.Struct({ mode: Schema.Literal("private") }),
]).annotate({ identifier: "SpectatorPolicy" })
export type SpectatorPolicy = typeof SpectatorPolicy.Type

/** Milliseconds a seat has for each decision before the clock plays the game's default command. */
export const DecisionMs = Schema.Int.check(
  Schema.isGreaterThanOrEqualTo(50),
  Schema.isLessThanOrEqualTo(7 * 24 * 3_600_000),
)

/** The clock a game gets when its creator names none. */
export const DEFAULT_DECISION_MS = 30_000
