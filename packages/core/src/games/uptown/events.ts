import { Schema } from "effect"
import { Options } from "./options.js"

const Seat = Schema.Int
const Bit = Schema.Literals([0, 1])
const NullableInt = Schema.NullOr(Schema.Int)

/** The first event (kernel): options, seat count, the secret seed and its public commitment. */
export const GameStarted = Schema.Struct({
  type: Schema.Literal("GameStarted"),
  game: Schema.String,
  rulesVersion: Schema.Int,
  options: Options,
  seats: Schema.Int,
  seed: Schema.String,
  seedCommitment: Schema.String,
})

/**
 * Preparation (one chance event): the street boards dealt (`boards[seat]`, board 1 carries the symbol I
 * and its holder `start` begins), every deck's size, the cost showing on each deck's top card (ruling 7),
 * and the public pile with its face-up top card (ruling 8). No deck's order exists anywhere: each card is
 * drawn from the unseen cards when it is taken (ruling 20).
 */
export const TableDealt = Schema.Struct({
  type: Schema.Literal("TableDealt"),
  boards: Schema.Array(Schema.Int),
  start: Seat,
  deckSizes: Schema.Array(Schema.Int),
  topCosts: Schema.Array(Schema.Int),
  publicSize: Schema.Int,
  publicTop: Schema.Int,
})

/** 1st action with upcoins on your deck: you take them all into your account. */
export const UpcoinsCollected = Schema.Struct({
  type: Schema.Literal("UpcoinsCollected"),
  seat: Seat,
  amount: Schema.Int,
})

/**
 * 1st action: the top card of your own deck, taken free (private to you: `card` is yours alone until you
 * play it). `nextTopCost` is the cost now showing on the deck (null when it is empty).
 */
export const CardDrawn = Schema.Struct({
  type: Schema.Literal("CardDrawn"),
  seat: Seat,
  card: Schema.Int,
  cost: Schema.Int,
  nextTopCost: NullableInt,
})
/** What everyone else sees of a CardDrawn. */
export const CardDrawnRedacted = Schema.Struct({
  type: Schema.Literal("CardDrawn"),
  seat: Seat,
  cost: Schema.Int,
  nextTopCost: NullableInt,
})

/** 1st action impossible: your deck is empty and has no upcoins on it. */
export const NothingDrawn = Schema.Struct({ type: Schema.Literal("NothingDrawn"), seat: Seat })

/**
 * 2nd action: the top card of `deck` bought for `cost` — paid to the bank for your own deck, put onto the
 * owner's deck as upcoins for an opponent's. The card is private to the buyer until played.
 */
export const CardBought = Schema.Struct({
  type: Schema.Literal("CardBought"),
  seat: Seat,
  deck: Seat,
  card: Schema.Int,
  cost: Schema.Int,
  nextTopCost: NullableInt,
})
/** What everyone else sees of a CardBought. */
export const CardBoughtRedacted = Schema.Struct({
  type: Schema.Literal("CardBought"),
  seat: Seat,
  deck: Seat,
  cost: Schema.Int,
  nextTopCost: NullableInt,
})

/** 2nd action: the public pile's top card taken free; `nextTop` is turned up (null: the pile is empty). */
export const PublicCardTaken = Schema.Struct({
  type: Schema.Literal("PublicCardTaken"),
  seat: Seat,
  card: Schema.Int,
  nextTop: NullableInt,
})

/** 2nd action impossible: no deck you can afford is open and the public pile is empty. */
export const NothingTaken = Schema.Struct({ type: Schema.Literal("NothingTaken"), seat: Seat })

/**
 * A card played: `card` with `face` up and `project` on top, as floor `floor` (0 = ground) of `site` on
 * `street` (the owner's seat; another seat's street for a gift).
 */
export const CardPlaced = Schema.Struct({
  type: Schema.Literal("CardPlaced"),
  seat: Seat,
  street: Seat,
  site: Schema.Int,
  card: Schema.Int,
  face: Bit,
  project: Bit,
  floor: Schema.Int,
})

/**
 * The card in hand left the game unplayed: the free card by choice, or a bought or public card that fits
 * nowhere (`forced`, ruling 1). Its identity is not published (a deck card stays its holder's secret).
 */
export const CardDiscarded = Schema.Struct({
  type: Schema.Literal("CardDiscarded"),
  seat: Seat,
  source: Schema.Literals(["free", "bought", "public"]),
  forced: Schema.Boolean,
})

/**
 * A roof finished a site of `seat`'s street: its owner earns the street's `income` (all sites, finished or
 * not) from the bank, or nothing when it is 0 or negative (`amount` is what was paid).
 */
export const IncomeEarned = Schema.Struct({
  type: Schema.Literal("IncomeEarned"),
  seat: Seat,
  site: Schema.Int,
  income: Schema.Int,
  amount: Schema.Int,
})

/** A deck ran empty or a street's five sites are all finished: the current round is the last. */
export const FinalRoundTriggered = Schema.Struct({
  type: Schema.Literal("FinalRoundTriggered"),
  reason: Schema.Literals(["deck-empty", "street-finished"]),
  /** The seat whose deck ran empty or whose street is finished. */
  of: Seat,
})

/** A turn is over: `next` plays now, or null when the final round is complete and the game is over. */
export const TurnEnded = Schema.Struct({
  type: Schema.Literal("TurnEnded"),
  seat: Seat,
  next: NullableInt,
})

/** The kernel's last event: outcome, and the seed revealed. */
export const GameEnded = Schema.Struct({
  type: Schema.Literal("GameEnded"),
  ranks: Schema.Array(Schema.Int),
  scores: Schema.Array(Schema.Number),
  seed: Schema.String,
  reason: Schema.Literals(["rules", "adjudicated"]),
})

/** Every Uptown event. */
export const Event = Schema.Union([
  GameStarted,
  TableDealt,
  UpcoinsCollected,
  CardDrawn,
  NothingDrawn,
  CardBought,
  PublicCardTaken,
  NothingTaken,
  CardPlaced,
  CardDiscarded,
  IncomeEarned,
  FinalRoundTriggered,
  TurnEnded,
  GameEnded,
])
export type Event = typeof Event.Type
export type GameStarted = typeof GameStarted.Type
export type TableDealt = typeof TableDealt.Type
export type CardDrawn = typeof CardDrawn.Type
export type CardBought = typeof CardBought.Type
export type CardPlaced = typeof CardPlaced.Type
export type CardDiscarded = typeof CardDiscarded.Type
export type PublicCardTaken = typeof PublicCardTaken.Type
export type IncomeEarned = typeof IncomeEarned.Type
export type CardDrawnRedacted = typeof CardDrawnRedacted.Type
export type CardBoughtRedacted = typeof CardBoughtRedacted.Type
