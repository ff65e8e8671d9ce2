import { Result, Schema } from "effect"
import { type RuleViolation, violation } from "../../kernel/violation.js"

/** Game options (design note, Decisions). A one-seat game is solo; 2–4 seats play the standard game. */
export const Options = Schema.Struct({
  /** The solo opponent of a one-seat game: Dale the bot (rule text, "Solo Game 2"). */
  solo: Schema.Literals(["dale"]),
  /**
   * Against Dale, whether the player still draws two goals and keeps one secret (design note A.4, proposed
   * ruling: yes; Dale has none).
   */
  soloPrivateGoal: Schema.Boolean,
})
export type Options = typeof Options.Type

/** The options a game uses when none are given. */
export const defaultOptions: Options = { solo: "dale", soloPrivateGoal: true }

/** Checks options against a seat count (the kernel already checked 1–4 seats). */
export const validateSetup = (options: Options, _seats: number): RuleViolation | null => {
  const decoded = Schema.decodeUnknownResult(Options)(options)
  if (Result.isFailure(decoded))
    return violation("suburbia.setup.options", `invalid options: ${decoded.failure}`)
  return null
}
