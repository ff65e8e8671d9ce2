import { Result, Schema, SchemaGetter } from "effect"
import { type RuleViolation, violation } from "../../kernel/violation.js"
import { OptionsS } from "./model.js"

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
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined))
  return { ...VARIANTS[options.variant], ...given } as OptionsType
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
