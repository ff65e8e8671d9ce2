import { Schema } from "effect"
import { type RuleViolation, violation } from "../../kernel/violation.js"
import { DEFAULT_STARTING_ROOFS, SUPPLY_LIMITS } from "./data.js"

/** Game options (design "Decisions"). */
export const Options = Schema.Struct({
  /** Roofs each player takes from the supply at the start (published fact: 2). */
  startingRoofs: Schema.Int,
  /**
   * How pawns enter: `corners` (rule text: each player places both pawns on a corner of his choice at setup)
   * or `off-board` (keirat's variant: pawns start off the board; the first pip of a move puts a pawn on a
   * corner of the owner's choice).
   */
  entry: Schema.Literals(["corners", "off-board"]),
  /**
   * Bankruptcy "if an opponent demands": `automatic` (design: every opponent always demands) or `manual`
   * (each opponent in turn is asked whether to demand).
   */
  bankruptcyDemand: Schema.Literals(["automatic", "manual"]),
})
export type Options = typeof Options.Type

/** The options a game uses when none are given. */
export const defaultOptions: Options = {
  startingRoofs: DEFAULT_STARTING_ROOFS,
  entry: "corners",
  bankruptcyDemand: "automatic",
}

/**
 * Checks options against a seat count: the starting roofs must come out of the 20-roof supply. The kernel
 * has decoded the options with `Options` before it calls this (decoding again cost every game start).
 */
export const validateSetup = (options: Options, seats: number): RuleViolation | null => {
  if (options.startingRoofs < 0 || options.startingRoofs * seats > SUPPLY_LIMITS.roofs)
    return violation(
      "manhattan.setup.starting-roofs",
      `${seats} players × ${options.startingRoofs} starting roofs exceed the ${SUPPLY_LIMITS.roofs} roofs in the box`,
    )
  return null
}
