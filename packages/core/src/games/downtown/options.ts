import { Schema } from "effect"
import { type RuleViolation, violation } from "../../kernel/violation.js"

/** The rules played: the standard game (3–6) or the published two-player variant (design note). */
export const DowntownOptions = Schema.Struct({
  variant: Schema.Literals(["standard", "2p-official"]),
})
export type DowntownOptions = typeof DowntownOptions.Type

/** The standard game; the 2-player variant is an option, not the default (design note, Decisions). */
export const defaultOptions: DowntownOptions = { variant: "standard" }

/** Checks that the variant fits the number of seats. */
export const validateSetup = (options: DowntownOptions, seats: number): RuleViolation | null => {
  const decoded = Schema.decodeUnknownResult(DowntownOptions)(options)
  if (decoded._tag === "Failure")
    return violation("downtown.setup.options", `invalid options: ${String(decoded.failure)}`)
  if (options.variant === "2p-official" && seats !== 2)
    return violation("downtown.setup.seats", `the two-player variant is for 2 seats, not ${seats}`)
  if (options.variant === "standard" && (seats < 3 || seats > 6))
    return violation("downtown.setup.seats", `Downtown is played by 3–6 players, not ${seats}`)
  return null
}
