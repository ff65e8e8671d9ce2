import { Result, Schema } from "effect"
import { type RuleViolation, violation } from "../../kernel/violation.js"
import { OptionsS } from "./model.js"

/** The options schema under the name every game uses. */
export const Options = OptionsS
export type Options = typeof OptionsS.Type

/**
 * The standard game, ending when the round of the Olympic Games is complete, bounded at 40 rounds, with the
 * changes of the balance report (docs/urban-sprawl-balance.md): turn-order compensation, contract decks of 26
 * contracts and 10 events, one permit fewer for City and Metropolis contracts, Urban Renewal in the deck,
 * prestige payouts of two thirds and one third, the Police Chief shielded from events but not Urban Renewal,
 * and the booms (events paying the highest wealth value) at half.
 */
export const defaultOptions: Options = {
  length: "standard",
  olympicsEndsImmediately: false,
  maxRounds: 40,
  metroHighImpact: "full",
  turnOrder: "tapered",
  contractMix: "26+10",
  permitCost: "cityDiscount",
  urbanRenewalInDeck: true,
  prestigePayouts: "twoThirds",
  policeChiefImmunity: "events",
  boomPayouts: "half",
}

export const validateSetup = (options: Options, _seats: number): RuleViolation | null => {
  const decoded = Schema.decodeUnknownResult(OptionsS)(options)
  if (Result.isFailure(decoded))
    return violation("urban-sprawl.setup.options", `invalid options: ${decoded.failure}`)
  if (options.maxRounds < 1) return violation("urban-sprawl.setup.max-rounds", "maxRounds must be at least 1")
  return null
}
