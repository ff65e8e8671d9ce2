import { Result, Schema, SchemaGetter } from "effect"
import { type RuleViolation, violation } from "../../kernel/violation.js"

const Int = Schema.Int

/** The options' shape; `Options` below decodes into it with the variant's values filled in. */
export const OptionsS = Schema.Struct({
  /** Contract deck make-up: standard (15 / 6 + key / 15), or the rule text's long and short games. */
  length: Schema.Literals(["standard", "long", "short"]),
  /** End the game after the turn in which the Olympic Games are revealed, not at the end of the round. */
  olympicsEndsImmediately: Schema.Boolean,
  /** Safety cap: the game ends after this many rounds (rules §9, ruling 56; the default 100). */
  maxRounds: Int,
  /** University, Marina, Port and Temple: as printed, halved, or out of the Metropolis deck (design note §5.6). */
  metroHighImpact: Schema.Literals(["full", "halved", "removed"]),
  /**
   * A preset for the seven balance options below (ruling 55): `sourced` (the default) — the written rules;
   * `tuned` — every change of the balance report (docs/urban-sprawl-balance.md). An option given explicitly
   * wins over the preset. Decoding writes the preset's values into the options, so recorded options are
   * complete.
   */
  variant: Schema.optional(Schema.Literals(["sourced", "tuned"])),
  /**
   * Compensation for the start player's lead (our design, measured in docs/urban-sprawl-balance.md): `plain`
   * (sourced) — every player has 6 AP (7 as Mayor) from the first turn; `compensated` — in rounds 1 and 2 the
   * player at position k after the start player (k = 0 for him) has seats − 1 − k fewer action points, and at
   * three seats the starter draft snakes from the last player in reverse turn order; `tapered` (tuned) — the
   * same, except that at four seats the handicap of round 2 is halved, rounded down (ruling 52). Absent:
   * `plain`.
   */
  turnOrder: Schema.optional(Schema.Literals(["plain", "compensated", "tapered"])),
  /**
   * Contract-deck make-up (our design, docs/urban-sprawl-balance.md): `34+2` (sourced) — 34 contracts and 2
   * events besides the key event per deck; `26+10` (tuned) — 26 contracts and 10 events. Absent: `34+2`.
   */
  contractMix: Schema.optional(Schema.Literals(["34+2", "26+10"])),
  /**
   * Permits a contract needs (our design, docs/urban-sprawl-balance.md): `size` (sourced) — as many as lots,
   * every deck; `cityDiscount` (tuned) — City and Metropolis contracts one fewer than their size, minimum 1.
   * Absent: `size`.
   */
  permitCost: Schema.optional(Schema.Literals(["size", "cityDiscount"])),
  /**
   * Where the 4 Urban Renewal cards start (design note §8 row 7): false (sourced) — in the planning discard;
   * true (tuned) — shuffled into the top part of the planning deck. Absent: false.
   */
  urbanRenewalInDeck: Schema.optional(Schema.Boolean),
  /**
   * What a prestige payout's ranks gain (our design, docs/urban-sprawl-balance.md): `full` (sourced) — first v,
   * second ⌊v/2⌋; `twoThirds` (tuned) — first ⌈2v/3⌉, second ⌊v/3⌋. Wealth payouts pay v and ⌊v/2⌋ either
   * way. Absent: `full`.
   */
  prestigePayouts: Schema.optional(Schema.Literals(["full", "twoThirds"])),
  /**
   * What the Police Chief's buildings are immune to (our design, docs/urban-sprawl-balance.md):
   * `eventsAndRenewal` (sourced, design note §3.5) — Fire, Flood, Earthquake, Urban Decay and another player's
   * Urban Renewal; `events` (tuned) — those four events only. Absent: `eventsAndRenewal`.
   */
  policeChiefImmunity: Schema.optional(Schema.Literals(["eventsAndRenewal", "events"])),
  /**
   * What the events paying the highest wealth value on the board pay (our design, docs/urban-sprawl-balance.md):
   * `full` (sourced) — v and ⌊v/2⌋ like every wealth payout; `half` (tuned) — the first in a line ⌈v/2⌉, the
   * second ⌊v/4⌋. Absent: `full`.
   */
  boomPayouts: Schema.optional(Schema.Literals(["full", "half"])),
})

type OptionsType = typeof OptionsS.Type

/** The options that change the balance (rulings 47–54); each may be set on its own. */
export type BalanceOptions = Required<
  Pick<
    OptionsType,
    | "turnOrder"
    | "contractMix"
    | "permitCost"
    | "urbanRenewalInDeck"
    | "prestigePayouts"
    | "policeChiefImmunity"
    | "boomPayouts"
  >
>

/**
 * The written rules (ruling 55): 6 AP for every seat from the first turn, 34 contracts and 2 events besides the
 * key event per contract deck, permits = size, Urban Renewal in the planning discard, the Police Chief immune
 * to the four events and to other players' Urban Renewal, every payout v and ⌊v/2⌋ (design note §§2–5). An
 * option left out of recorded options has this value too.
 */
export const SOURCED: BalanceOptions = {
  turnOrder: "plain",
  contractMix: "34+2",
  permitCost: "size",
  urbanRenewalInDeck: false,
  prestigePayouts: "full",
  policeChiefImmunity: "eventsAndRenewal",
  boomPayouts: "full",
}

/** Every balance change of docs/urban-sprawl-balance.md at once (rulings 47–54, ruling 55). */
export const TUNED: BalanceOptions = {
  turnOrder: "tapered",
  contractMix: "26+10",
  permitCost: "cityDiscount",
  urbanRenewalInDeck: true,
  prestigePayouts: "twoThirds",
  policeChiefImmunity: "events",
  boomPayouts: "half",
}

/** What each `variant` sets. Never change a row: a game recorded with it holds the values it had then. */
export const VARIANTS: Readonly<Record<NonNullable<OptionsType["variant"]>, BalanceOptions>> = {
  sourced: SOURCED,
  tuned: TUNED,
}

/**
 * The options with their variant's values in every balance option they leave out (ruling 55); options given
 * explicitly win. Options without a variant are returned as they are: an option they leave out means its
 * sourced value wherever it is read.
 */
export const withVariant = (options: OptionsType): OptionsType => {
  if (options.variant === undefined) return options
  const variant: Readonly<Record<string, unknown>> = VARIANTS[options.variant]
  const given: Readonly<Record<string, unknown>> = options
  // `{ ...variant, ...given }` without undefined values, keys in that order. Built key by key: spreading one
  // object over another with the same keys took ~10 µs on Node 20, and this runs twice per game.
  const out: Record<string, unknown> = {}
  for (const k in variant) out[k] = given[k] !== undefined ? given[k] : variant[k]
  for (const k in given) if (!Object.hasOwn(variant, k) && given[k] !== undefined) out[k] = given[k]
  return out as OptionsType
}

/**
 * The options schema under the name every game uses. Decoding fills in what the variant sets, so the options
 * a GameStarted records are complete and replay never reads the variant table.
 */
export const Options = OptionsS.pipe(
  Schema.decode({
    decode: SchemaGetter.transform(withVariant),
    encode: SchemaGetter.transform((o: OptionsType) => o),
  }),
)
export type Options = OptionsType

/**
 * The written rules (ruling 55), ending when the round of the Olympic Games is complete, with a safety cap of
 * 100 rounds for games where nobody takes a contract any more (ruling 56). `{ ...defaultOptions, variant:
 * "tuned" }` is the tuned game of the balance report.
 */
export const defaultOptions: Options = {
  length: "standard",
  olympicsEndsImmediately: false,
  maxRounds: 100,
  metroHighImpact: "full",
  variant: "sourced",
}

export const validateSetup = (options: Options, _seats: number): RuleViolation | null => {
  const decoded = Schema.decodeUnknownResult(OptionsS)(options)
  if (Result.isFailure(decoded))
    return violation("urban-sprawl.setup.options", `invalid options: ${decoded.failure}`)
  if (options.maxRounds < 1) return violation("urban-sprawl.setup.max-rounds", "maxRounds must be at least 1")
  return null
}
