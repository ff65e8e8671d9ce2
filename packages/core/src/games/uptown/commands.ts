import { Schema } from "effect"

const Bit = Schema.Literals([0, 1])

/**
 * Play the card in hand (rule text, "Play a card"): onto `site` (0–4) of `street` — your own, or an
 * opponent's for a gift — with `face` up (0 for blue cards; 0 or 1 for a public card, which may be turned
 * over) and `project` (0 = project I, 1 = project II) on top, the other covered.
 */
export const PlaceCard = Schema.Struct({
  type: Schema.Literal("PlaceCard"),
  street: Schema.Int,
  site: Schema.Int,
  face: Bit,
  project: Bit,
})

/** Discard the card taken free from your own deck instead of playing it (1st action). */
export const DiscardCard = Schema.Struct({ type: Schema.Literal("DiscardCard") })

/**
 * 2nd action: buy the top card of a player deck (`deck` = its owner's seat, yours included) that has no
 * upcoins on it, paying its cost to the bank (your own deck) or onto the owner's deck (an opponent's).
 */
export const BuyCard = Schema.Struct({ type: Schema.Literal("BuyCard"), deck: Schema.Int })

/** 2nd action: take the top card of the public pile for free. */
export const TakePublicCard = Schema.Struct({ type: Schema.Literal("TakePublicCard") })

/** Every Uptown command. */
export const Command = Schema.Union([PlaceCard, DiscardCard, BuyCard, TakePublicCard])
export type Command = typeof Command.Type
export type PlaceCard = typeof PlaceCard.Type
export type BuyCard = typeof BuyCard.Type
