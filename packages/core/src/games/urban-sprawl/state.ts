import { Schema } from "effect"
import type { GameStarted } from "../../kernel/game.js"
import { type RngState, rngFromSeed } from "../../kernel/random.js"
import { globalLot } from "./board.js"
import {
  CONTRACT_EVENTS,
  CONTRACTS,
  DECKS,
  type DeckId,
  inMix,
  OFFICES,
  PERMITS,
  PLANNING_EVENTS,
  RENEWALS,
  SOUTH_START,
  STARTERS,
  STARTING_WEALTH,
  VOCATION_SUPPLY,
  VOCATIONS,
  WEST_START,
  ZONES,
} from "./data.js"
import { type Options, OptionsS, withVariant } from "./options.js"

/**
 * The shapes of Urban Sprawl's board as Effect Schemas (one source for the TypeScript types, the view's schema
 * and the JSON Schemas `describe` prints), then the state and its set-up.
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

/** The full state: the public board plus what nobody sees before the end (the seed and the PRNG state). */
export interface State extends Board {
  readonly seed: string
  readonly rng: RngState
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] }

const ids = (cards: ReadonlyArray<{ id: string }>): string[] => cards.map((c) => c.id).sort()

/** The parts of a contract deck from the top (rules §2 step 3: standard, long and short games). */
export const contractSegments = (length: Options["length"], cards = 36): Array<Record<string, number>> => {
  const segments =
    length === "long"
      ? [{ cards: 9 }, { cards: 9 }, { cards: 9, key: 1 }, { cards: 9 }]
      : length === "short"
        ? [{ cards: 9 }, { cards: 9, key: 1 }, { cards: 18 }]
        : [{ cards: 15 }, { cards: 6, key: 1 }, { cards: 15 }]
  // Cards taken out of a deck come off its bottom pile ("15 on top, 7, then 11" after removing 4: BGG-HR).
  const last = segments[segments.length - 1] as { cards: number }
  last.cards -= 36 - cards
  return segments
}

/** The contracts a deck is made of under these options (option `contractMix`; high-impact cards out when `removed`). */
export const inPlay = (deck: DeckId, options: Options) =>
  CONTRACTS[deck].filter(
    (c) =>
      inMix(c.id, options.contractMix ?? "34+2") && !(c.highImpact && options.metroHighImpact === "removed"),
  )

/** A deck's events under these options (option `contractMix`), its key event included. */
export const eventsInPlay = (deck: DeckId, options: Options) =>
  CONTRACT_EVENTS[deck].filter((e) => inMix(e.id, options.contractMix ?? "34+2"))

/** The contract-deck cards out of the game from the start: contracts first, deck by deck, then events. */
const outOfPlay = (options: Options): string[] => [
  // Each deck's cards in play listed once, not once per card: this runs at the start of every playout.
  ...DECKS.flatMap((d) => {
    const kept = inPlay(d, options)
    return CONTRACTS[d].filter((c) => !kept.includes(c)).map((c) => c.id)
  }),
  ...DECKS.flatMap((d) => {
    const kept = eventsInPlay(d, options)
    return CONTRACT_EVENTS[d].filter((e) => !kept.includes(e)).map((e) => e.id)
  }),
]

const contractDeck = (deck: DeckId, options: Options): DeckState => {
  const events = eventsInPlay(deck, options)
  const cards = [...ids(inPlay(deck, options)), ...ids(events.filter((e) => !e.key))].sort()
  return {
    segments: contractSegments(options.length, cards.length),
    pools: {
      cards,
      key: ids(events.filter((e) => e.key)),
    },
    top: null,
    active: deck === "town",
  }
}

/**
 * The planning deck (rules §2 step 4): 31 Build Permits on top of 13 shuffled with the 6 events. With option
 * `urbanRenewalInDeck` (design note §8 row 7) the 4 Urban Renewal cards are shuffled into that bottom part
 * instead of starting in the discard, where a short game never reshuffles them into play.
 */
const planningDeck = (options: Options): DeckState =>
  options.urbanRenewalInDeck === true
    ? {
        segments: [
          { permits: 31, renewals: 4 },
          { permits: 13, events: 6 },
        ],
        pools: { permits: ids(PERMITS), events: ids(PLANNING_EVENTS), renewals: ids(RENEWALS) },
        top: null,
        active: true,
      }
    : {
        segments: [{ permits: 31 }, { permits: 13, events: 6 }],
        pools: { permits: ids(PERMITS), events: ids(PLANNING_EVENTS) },
        top: null,
        active: true,
      }

/** The piles a game starts with and the cards out of play: they depend only on the deck options. */
type Piles = Pick<State, "planning" | "discard" | "decks" | "removed">

// Built once per set of deck options and shared by every game that starts with them: states are never
// changed in place (evolve copies what it changes), and a playout starts a game each time.
const openingPiles = new Map<string, Piles>()

const piles = (options: Options): Piles => {
  const key = `${options.length}/${options.contractMix}/${options.metroHighImpact}/${options.urbanRenewalInDeck}`
  let found = openingPiles.get(key)
  if (found === undefined) {
    found = {
      planning: planningDeck(options),
      discard: options.urbanRenewalInDeck === true ? [] : ids(RENEWALS),
      decks: {
        town: contractDeck("town", options),
        city: contractDeck("city", options),
        metro: contractDeck("metro", options),
      },
      removed: outOfPlay(options),
    }
    openingPiles.set(key, found)
  }
  return found
}

const newPlayer = (wealth: number): Player => ({
  wealth,
  prestige: 0,
  hand: [],
  favors: [],
  vocations: Object.fromEntries(VOCATIONS.map((v) => [v, 0])) as Player["vocations"],
  extraFavor: false,
})

/** The starting buildings, printed on the board and unowned until the draft. */
export const starterBuildings = (): Building[] =>
  STARTERS.map((s, i) => ({
    id: i,
    zone: s.zone,
    size: 1,
    owner: null,
    block: s.row * 6 + s.col,
    lots: [s.lot],
    card: null,
  }))

/**
 * The state right after GameStarted (rules §2): nothing drawn yet. Options recorded by `start` are complete;
 * a GameStarted built by hand with a variant gets its values here too (ruling 55).
 */
export const initialState = (started: GameStarted<Options>): State => {
  const { seats, seed } = started
  const options = withVariant(started.options)
  const opening = piles(options)
  const buildings = starterBuildings()
  const lots = Array.from({ length: 144 }, () => -1)
  for (const b of buildings) for (const l of b.lots) lots[globalLot(b.block, l)] = b.id
  return {
    seats,
    options,
    phase: "setup",
    startPlayer: null,
    active: 0,
    round: 0,
    turn: 0,
    ap: 0,
    acted: false,
    daUsed: false,
    eotStep: 0,
    draftTurn: 0,
    draftPasses: 0,
    players: Array.from({ length: seats }, () => newPlayer(STARTING_WEALTH[seats] ?? 21)),
    buildings,
    lots,
    nextBuilding: buildings.length,
    markers: {
      west: WEST_START,
      north: [null, null, null],
      south: SOUTH_START,
      east: [null, null, null, null, null, null],
    },
    planningBoxes: [null, null, null, null],
    planning: opening.planning,
    discard: opening.discard,
    contractBoxes: [null, null, null, null, null],
    decks: opening.decks,
    removed: opening.removed,
    offices: { Mayor: null, UnionBoss: null, PoliceChief: null, Treasurer: null, DistrictAttorney: null },
    contractor: null,
    pawn: 0,
    vocationSupply: { ...VOCATION_SUPPLY },
    extraFavorTaken: false,
    tasks: [],
    ending: false,
    seed,
    rng: rngFromSeed(seed),
  }
}

/** Whether a part of a pile has unseen cards left. */
export const hasCards = (segment: Readonly<Record<string, number>>): boolean => {
  for (const k in segment) if ((segment[k] as number) > 0) return true
  return false
}

/** Unseen cards left in a pile. */
export const deckSize = (d: DeckState): number => {
  let n = 0
  for (const s of d.segments) for (const k in s) n += s[k] as number
  return n
}

/** The contract deck a box refills from now, or null (rules §6 step 5 and depleted decks). */
export const boxSource = (board: Board, box: number): DeckId | null => {
  const { town, city, metro } = board.decks
  const has = (d: DeckState) => deckSize(d) > 0
  if (box === 4) return has(town) ? "town" : null
  if (box === 3) {
    if (city.active) return has(city) ? "city" : has(town) ? "town" : null
    return has(town) ? "town" : null
  }
  if (metro.active) return has(metro) ? "metro" : null
  if (city.active) return has(city) ? "city" : null
  return has(town) ? "town" : null
}

type Rails = ReadonlyArray<{ readonly boxes: ReadonlyArray<number>; readonly deck: DeckId }>
const METRO_RAILS: Rails = [
  { boxes: [4], deck: "town" },
  { boxes: [3], deck: "city" },
  { boxes: [0, 1, 2], deck: "metro" },
]
const CITY_RAILS: Rails = [
  { boxes: [4], deck: "town" },
  { boxes: [0, 1, 2, 3], deck: "city" },
]
const TOWN_RAILS: Rails = [{ boxes: [0, 1, 2, 3, 4], deck: "town" }]

/** The contract rails: the boxes (lowest first) each deck's cards slide along (rules §6 step 4). Shared constants. */
export const rails = (board: Board): Rails =>
  board.decks.metro.active ? METRO_RAILS : board.decks.city.active ? CITY_RAILS : TOWN_RAILS

/** Cards compacted toward the lowest box, the face-up top last: the boxes and what stays on top. */
export const slide = (
  boxes: ReadonlyArray<string | null>,
  top: string | null,
): { boxes: Array<string | null>; top: string | null } => {
  const out: Array<string | null> = []
  for (const c of boxes) if (c !== null) out.push(c)
  let rest = top
  if (rest !== null && out.length < boxes.length) {
    out.push(rest)
    rest = null
  }
  while (out.length < boxes.length) out.push(null)
  return { boxes: out, top: rest }
}
