import { Schema } from "effect"
import { OfficeS } from "./state.js"

/** Urban Sprawl's commands as Effect Schemas: their types, decoding at the edges, `describe`. */

const Int = Schema.Int
const Seat = Schema.Int
const CardId = Schema.String

const command = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), ...fields })

/** Draft: buy an unowned starting building (by building id) for its block value. */
export const BuyStarter = command("BuyStarter", { building: Int })
/** Draft: only when no unowned starting building is affordable. */
export const PassDraft = command("PassDraft", {})
/** Investment phase: discard a Build Permit from hand for its wealth value (before any action). */
export const Invest = command("Invest", { card: CardId })
/** Take a planning card from a box or the face-up deck top into hand. */
export const TakePlanning = command("TakePlanning", { card: CardId })
/** Take a face-up contract as a Favor. */
export const TakeFavor = command("TakeFavor", { card: CardId })
/**
 * Build a face-up contract or one of your Favors on `block` (row·6 + col), covering `lots` (ascending),
 * discarding `permits` (ascending card ids, every one needed) and, to cover buildings, `renewal`.
 */
export const Build = command("Build", {
  card: CardId,
  block: Int,
  lots: Schema.Array(Int),
  permits: Schema.Array(CardId),
  renewal: Schema.NullOr(CardId),
})
export const DiscardFavor = command("DiscardFavor", { card: CardId })
/** District Attorney: discard a face-up card from a planning or contract box. */
export const ClearBox = command("ClearBox", { card: CardId })
export const EndTurn = command("EndTurn", {})
/** Active player: who decides next among the affected players. */
export const OrderNext = command("OrderNext", { seat: Seat })
/** Active player: break a tie between players (elections, the Contractor). */
export const BreakTie = command("BreakTie", { seat: Seat })
/** Active player: break a tie between buildings (Urban Decay, Local Headlines). */
export const PickBuilding = command("PickBuilding", { building: Int })
/** Active player: break a tie between blocks (Fire). */
export const PickBlock = command("PickBlock", { block: Int })
/** Pay the ransom in full to keep your buildings. */
export const PayRansom = command("PayRansom", {})
/** Lose this building instead of paying. */
export const LoseBuilding = command("LoseBuilding", { building: Int })
/** Estate Auction: pay the price (or not). */
export const Bid = command("Bid", { pay: Schema.Boolean })
/** Place the next marker of an event on an empty space of its edge. */
export const PlaceMarker = command("PlaceMarker", { space: Int })
/** Swap the markers on two spaces of the effect's edge. */
export const SwapMarkers = command("SwapMarkers", { a: Int, b: Int })
/** Take this office (Municipal Court). */
export const ChooseOffice = command("ChooseOffice", { office: OfficeS })
/** Take a face-up planning card from a box for free. */
export const TakeFreePlanning = command("TakeFreePlanning", { card: CardId })
/** Decline an optional effect (swapping markers, a free planning card). */
export const SkipEffect = command("SkipEffect", {})
/** Tribute: pay for `inWealth` of your matching buildings in wealth and for the rest in prestige. */
export const PayTribute = command("PayTribute", { inWealth: Int })

export const Command = Schema.Union([
  BuyStarter,
  PassDraft,
  Invest,
  TakePlanning,
  TakeFavor,
  Build,
  DiscardFavor,
  ClearBox,
  EndTurn,
  OrderNext,
  BreakTie,
  PickBuilding,
  PickBlock,
  PayRansom,
  LoseBuilding,
  Bid,
  PlaceMarker,
  SwapMarkers,
  ChooseOffice,
  TakeFreePlanning,
  SkipEffect,
  PayTribute,
])
export type Command = typeof Command.Type
export type CommandOf<T extends Command["type"]> = Extract<Command, { type: T }>
