import { Schema } from "effect"
import { DECKS } from "./data.js"
import { OptionsS } from "./options.js"
import { CurrencyS, DeckS, EdgeS, OfficeS, VocationS } from "./state.js"

/** Urban Sprawl's events as Effect Schemas. Recorded games hold them: never change a shape. */

const Int = Schema.Int
const Seat = Schema.Int
const CardId = Schema.String

const ev = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), ...fields })

const Amounts = { wealth: Schema.Array(Int), prestige: Schema.Array(Int) }

export const GameStarted = Schema.Struct({
  type: Schema.Literal("GameStarted"),
  game: Schema.String,
  rulesVersion: Int,
  options: OptionsS,
  seats: Int,
  seed: Schema.String,
  seedCommitment: Schema.String,
})

export const Event = Schema.Union([
  GameStarted,
  ev("StartPlayerChosen", { seat: Seat }),
  /** A card turns face up: into a box (`box`, 0-based), or as its deck's top (`box` null). */
  ev("CardRevealed", {
    card: CardId,
    deck: Schema.Literals(["planning", ...DECKS]),
    box: Schema.NullOr(Int),
    setup: Schema.Boolean,
  }),
  ev("PlanningReshuffled", { cards: Schema.Array(CardId) }),
  ev("DraftStarted", {}),
  ev("StarterBought", { seat: Seat, building: Int, cost: Int }),
  ev("DraftPassed", { seat: Seat }),
  ev("TurnStarted", { seat: Seat, round: Int, turn: Int, ap: Int }),
  ev("Invested", { seat: Seat, card: CardId, wealth: Int }),
  ev("PlanningTaken", { seat: Seat, card: CardId, ap: Int, free: Schema.Boolean }),
  ev("FavorTaken", { seat: Seat, card: CardId, ap: Int }),
  ev("FavorDiscarded", { seat: Seat, card: CardId }),
  ev("BoxCleared", { seat: Seat, card: CardId }),
  ev("Built", {
    seat: Seat,
    card: CardId,
    ap: Int,
    building: Int,
    block: Int,
    lots: Schema.Array(Int),
    permits: Schema.Array(CardId),
    renewal: Schema.NullOr(CardId),
    cost: Int,
    demolished: Schema.Array(Int),
  }),
  ev("TurnEnded", { seat: Seat }),
  ev("EndOfTurnStep", { step: Int }),
  /** Wealth and prestige changes (deltas per seat, after any short payment). */
  ev("PurseChanged", { cause: Schema.String, ...Amounts }),
  ev("PayoutMade", {
    currency: CurrencyS,
    value: Int,
    lines: Schema.Array(
      Schema.Struct({ line: Schema.Literals(["row", "column"]), index: Int, gains: Schema.Array(Int) }),
    ),
  }),
  ev("ElectionHeld", { office: OfficeS, winner: Schema.NullOr(Seat), prestige: Int }),
  ev("ContractorAssigned", { seat: Schema.NullOr(Seat) }),
  ev("OfficeTaken", { seat: Seat, office: OfficeS, prestige: Int }),
  ev("OrderChosen", { seat: Seat }),
  ev("AuctionBid", { seat: Seat, paid: Schema.Boolean }),
  ev("TargetChosen", { building: Schema.NullOr(Int), block: Schema.NullOr(Int) }),
  ev("RansomPaid", { seat: Seat, wealth: Int, prestige: Int }),
  ev("BuildingLost", { seat: Seat, building: Int }),
  ev("HeadlinesAwarded", { seat: Seat, building: Int, prestige: Int }),
  ev("MarkerPlaced", { edge: EdgeS, space: Int, value: Int }),
  ev("MarkersSwapped", { edge: EdgeS, a: Int, b: Int }),
  ev("DeckActivated", { deck: DeckS }),
  ev("OlympicsAwarded", {}),
  ev("EventDone", { card: CardId, to: Schema.Literals(["discard", "removed"]) }),
  ev("VocationTaken", { seat: Seat, vocation: VocationS }),
  ev("ExtraFavorTaken", { seat: Seat }),
  ev("TributePaid", { seat: Seat, to: Seat, wealth: Int, prestige: Int }),
  ev("TreasurerPaid", { seat: Seat, to: Seat, wealth: Int }),
  /** A step of a resolution that turned out to do nothing (nobody affected, declined, nothing to take). */
  ev("NothingHappened", { what: Schema.String }),
])
export type Event = typeof Event.Type
export type EventOf<T extends Event["type"]> = Extract<Event, { type: T }>
