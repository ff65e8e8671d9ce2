import { Schema } from "effect"
import { type RuleViolation, violation } from "../../kernel/violation.js"

/** The rules played: the standard game or the published two-player variant (design note). */
export const Options = Schema.Struct({
  variant: Schema.Literals(["standard", "2p-official"]),
  /**
   * What choosing a closed (scored) or full zone is (ruling 26): `paid` (rule text 3.2) — a request like any
   * other, paid in full (in the 2p variant: its markers used up) with no space got; `pass` — a pass like a
   * park (ruling 6 as first built). Absent: `paid` in games of rules version 2 on, `pass` in games recorded
   * under version 1, so those replay and verify unchanged (`initial` settles it).
   */
  fullZoneChoice: Schema.optional(Schema.Literals(["paid", "pass"])),
})
export type Options = typeof Options.Type

/**
 * The seat counts each variant is played by — the one place they are declared: the standard game 3–6 (rule
 * text, "max. 3 spaces in a 3-4 player game and max. 2 spaces in a 5-6 player game"), the two-player variant 2
 * (ruling 21). The game's `seats` spans them; `seatRange(downtown, options)` and every screen read them from
 * here through `validateSetup`.
 */
export const SEATS: Readonly<Record<Options["variant"], { readonly min: number; readonly max: number }>> = {
  standard: { min: 3, max: 6 },
  "2p-official": { min: 2, max: 2 },
}

/** Every seat count some variant accepts (the kernel's first check; `seatRange` narrows it per variant). */
export const ALL_SEATS = {
  min: Math.min(...Object.values(SEATS).map((s) => s.min)),
  max: Math.max(...Object.values(SEATS).map((s) => s.max)),
}

/** The standard game; the 2-player variant is an option, not the default (design note, Decisions). */
export const defaultOptions: Options = { variant: "standard" }

/** The rules version from which a closed or full zone is paid for unless the options say otherwise. */
export const PAID_FULL_ZONES_FROM = 2

/** The options a game is played by: the recorded ones, with what their rules version left unsaid settled. */
export const settledOptions = (options: Options, rulesVersion: number): Options =>
  options.fullZoneChoice !== undefined
    ? options
    : { ...options, fullZoneChoice: rulesVersion >= PAID_FULL_ZONES_FROM ? "paid" : "pass" }

/** Checks that the variant fits the number of seats. */
export const validateSetup = (options: Options, seats: number): RuleViolation | null => {
  const decoded = Schema.decodeUnknownResult(Options)(options)
  if (decoded._tag === "Failure")
    return violation("downtown.setup.options", `invalid options: ${String(decoded.failure)}`)
  const { min, max } = SEATS[options.variant]
  if (seats >= min && seats <= max) return null
  return violation(
    "downtown.setup.seats",
    options.variant === "2p-official"
      ? `the two-player variant is for ${min} seats, not ${seats}`
      : `Downtown is played by ${min}–${max} players, not ${seats}`,
  )
}
