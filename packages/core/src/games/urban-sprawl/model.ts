import { Schema } from "effect"
import { DECKS, OFFICES, VOCATIONS, ZONES } from "./data.js"

/**
 * The shapes of Urban Sprawl's state, commands and events as Effect Schemas (one source for the TypeScript
 * types, the JSON Schemas `describe` prints and the decoding of commands at the edges).
 */

const Int = Schema.Int
const Seat = Schema.Int
const CardId = Schema.String

export const ZoneS = Schema.Literals(ZONES)
export const BuildingZoneS = Schema.Literals([...ZONES, "PARK"])
export const OfficeS = Schema.Literals(OFFICES)
export const VocationS = Schema.Literals(VOCATIONS)
export const DeckS = Schema.Literals(DECKS)
export const EdgeS = Schema.Literals(["west", "south", "north", "east"])
export const CurrencyS = Schema.Literals(["wealth", "prestige"])
const FilterS = Schema.Struct({
  zones: Schema.optional(Schema.Array(ZoneS)),
  sizes: Schema.optional(Schema.Array(Int)),
})

/** A building on the board. `block` = row·6 + column (0-based); `lots` are 0 NW, 1 NE, 2 SW, 3 SE. */
export const BuildingS = Schema.Struct({
  id: Int,
  zone: BuildingZoneS,
  size: Int,
  owner: Schema.NullOr(Seat),
  block: Int,
  lots: Schema.Array(Int),
  /** The contract it was built from; null for a starting building. */
  card: Schema.NullOr(CardId),
})
export type Building = typeof BuildingS.Type

export const PlayerS = Schema.Struct({
  wealth: Int,
  prestige: Int,
  /** Planning cards in hand (public knowledge). */
  hand: Schema.Array(CardId),
  favors: Schema.Array(CardId),
  vocations: Schema.Record(VocationS, Int),
  extraFavor: Schema.Boolean,
})
export type Player = typeof PlayerS.Type

/**
 * A draw pile: its parts from the top (`segments`, each a count of unseen cards per class) and the unseen
 * cards of each class (`pools`). A card is drawn when it turns up, uniformly from the pool of a class picked
 * in proportion to the top part's counts: the order exists nowhere before a card is revealed.
 */
export const DeckStateS = Schema.Struct({
  segments: Schema.Array(Schema.Record(Schema.String, Int)),
  pools: Schema.Record(Schema.String, Schema.Array(CardId)),
  /** The face-up top card, or null (face down, or empty). */
  top: Schema.NullOr(CardId),
  active: Schema.Boolean,
})
export type DeckState = typeof DeckStateS.Type

export const MarkersS = Schema.Struct({
  /** Prestige markers, one per pair of rows. */
  west: Schema.Array(Schema.NullOr(Int)),
  /** Prestige markers, one per pair of columns. */
  north: Schema.Array(Schema.NullOr(Int)),
  /** Wealth markers, one per column. */
  south: Schema.Array(Schema.NullOr(Int)),
  /** Wealth markers, one per row. */
  east: Schema.Array(Schema.NullOr(Int)),
})
export type Markers = typeof MarkersS.Type

const Decided = { decided: Schema.Array(Seat), next: Schema.NullOr(Seat) }

/** A step of a resolution in progress (a card's reveal, an event, a build's effects), first in line first. */
export const TaskS = Schema.Union([
  Schema.Struct({ k: Schema.Literal("payout"), currency: CurrencyS, value: Int }),
  Schema.Struct({ k: Schema.Literal("highestWealthPayout") }),
  Schema.Struct({ k: Schema.Literal("election") }),
  Schema.Struct({ k: Schema.Literal("contractor") }),
  Schema.Struct({
    k: Schema.Literal("gain"),
    only: Schema.NullOr(Seat),
    wealth: Int,
    prestige: Int,
    cause: Schema.String,
  }),
  Schema.Struct({
    k: Schema.Literal("gainPer"),
    only: Schema.NullOr(Seat),
    per: FilterS,
    wealth: Int,
    prestige: Int,
    cause: Schema.String,
  }),
  Schema.Struct({ k: Schema.Literal("lose"), wealth: Int, prestige: Int, cause: Schema.String }),
  Schema.Struct({ k: Schema.Literal("auction"), price: Int, prestige: Int, ...Decided }),
  Schema.Struct({ k: Schema.Literal("decay"), ransom: Int, target: Schema.NullOr(Int) }),
  Schema.Struct({ k: Schema.Literal("headlines"), prestige: Int, target: Schema.NullOr(Int) }),
  Schema.Struct({
    k: Schema.Literal("threat"),
    cause: Schema.String,
    target: Schema.Literals(["mostValuableBlock", "waterfront", "size3plus"]),
    wealth: Int,
    prestige: Int,
    block: Schema.NullOr(Int),
    ...Decided,
  }),
  Schema.Struct({
    k: Schema.Literal("placeMarkers"),
    wealth: Schema.Array(Int),
    prestige: Schema.Array(Int),
  }),
  Schema.Struct({ k: Schema.Literal("activateDeck"), deck: Schema.Literals(["city", "metro"]) }),
  Schema.Struct({ k: Schema.Literal("finalPayouts") }),
  Schema.Struct({ k: Schema.Literal("discardEvent"), card: CardId }),
  Schema.Struct({ k: Schema.Literal("vocation"), name: VocationS, value: Int }),
  Schema.Struct({ k: Schema.Literal("tribute"), per: FilterS, amount: Int, ...Decided }),
  Schema.Struct({ k: Schema.Literal("extraFavor") }),
  Schema.Struct({ k: Schema.Literal("winOffice"), office: Schema.Literals([...OFFICES, "choice"]) }),
  Schema.Struct({ k: Schema.Literal("swapMarkers"), edge: EdgeS }),
  Schema.Struct({ k: Schema.Literal("takePlanning") }),
  Schema.Struct({ k: Schema.Literal("treasurerFee") }),
])
export type Task = typeof TaskS.Type

export const PhaseS = Schema.Literals(["setup", "draft", "start", "turn", "eot", "over"])
export type Phase = typeof PhaseS.Type

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
export type Options = typeof OptionsS.Type

/** The public board: everything every viewer may see. */
export const BoardFields = {
  seats: Int,
  options: OptionsS,
  phase: PhaseS,
  startPlayer: Schema.NullOr(Seat),
  active: Seat,
  round: Int,
  turn: Int,
  ap: Int,
  /** The active player has taken an action this turn (no more investing). */
  acted: Schema.Boolean,
  daUsed: Schema.Boolean,
  /** The last end-of-turn step begun (0 before step 1). */
  eotStep: Int,
  draftTurn: Int,
  draftPasses: Int,
  players: Schema.Array(PlayerS),
  buildings: Schema.Array(BuildingS),
  /** Building id on each of the 144 lots (row-major on the 12×12 lot grid), −1 when empty. */
  lots: Schema.Array(Int),
  nextBuilding: Int,
  markers: MarkersS,
  /** Planning boxes costing 1..4 AP. */
  planningBoxes: Schema.Array(Schema.NullOr(CardId)),
  planning: DeckStateS,
  discard: Schema.Array(CardId),
  /** Contract boxes costing 1..5 AP. */
  contractBoxes: Schema.Array(Schema.NullOr(CardId)),
  decks: Schema.Struct({ town: DeckStateS, city: DeckStateS, metro: DeckStateS }),
  /** Contract cards out of the game (built, discarded, events resolved). */
  removed: Schema.Array(CardId),
  offices: Schema.Record(OfficeS, Schema.NullOr(Seat)),
  contractor: Schema.NullOr(Seat),
  /** Index into OFFICES of the office up for election next. */
  pawn: Int,
  vocationSupply: Schema.Record(VocationS, Int),
  extraFavorTaken: Schema.Boolean,
  tasks: Schema.Array(TaskS),
  /** The Olympic Games have been revealed: the game ends when the round is complete. */
  ending: Schema.Boolean,
}
export const BoardS = Schema.Struct(BoardFields)
export type Board = typeof BoardS.Type

// ---- Commands ----

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

export const CommandS = Schema.Union([
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
export type Command = typeof CommandS.Type

// ---- Events ----

const ev = command
const Amounts = { wealth: Schema.Array(Int), prestige: Schema.Array(Int) }

export const GameStartedS = Schema.Struct({
  type: Schema.Literal("GameStarted"),
  game: Schema.String,
  rulesVersion: Int,
  options: OptionsS,
  seats: Int,
  seed: Schema.String,
  seedCommitment: Schema.String,
})

export const EventS = Schema.Union([
  GameStartedS,
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
export type Event = typeof EventS.Type
export type EventOf<T extends Event["type"]> = Extract<Event, { type: T }>
export type CommandOf<T extends Command["type"]> = Extract<Command, { type: T }>
