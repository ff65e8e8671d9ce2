import type { GameStarted } from "../../kernel/game.js"
import { type RngState, rngFromSeed } from "../../kernel/random.js"
import { globalLot } from "./board.js"
import {
  CONTRACT_EVENTS,
  CONTRACTS,
  DECKS,
  type DeckId,
  inMix,
  PERMITS,
  PLANNING_EVENTS,
  RENEWALS,
  SOUTH_START,
  STARTERS,
  STARTING_WEALTH,
  VOCATION_SUPPLY,
  VOCATIONS,
  WEST_START,
} from "./data.js"
import type { Board, Building, DeckState, Options, Player } from "./model.js"
import { withVariant } from "./options.js"

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
  ...DECKS.flatMap((d) => CONTRACTS[d].filter((c) => !inPlay(d, options).includes(c)).map((c) => c.id)),
  ...DECKS.flatMap((d) =>
    CONTRACT_EVENTS[d].filter((e) => !eventsInPlay(d, options).includes(e)).map((e) => e.id),
  ),
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
    planning: planningDeck(options),
    discard: options.urbanRenewalInDeck === true ? [] : ids(RENEWALS),
    contractBoxes: [null, null, null, null, null],
    decks: {
      town: contractDeck("town", options),
      city: contractDeck("city", options),
      metro: contractDeck("metro", options),
    },
    removed: outOfPlay(options),
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
  const cards = [...boxes, top].filter((c): c is string => c !== null)
  const out: Array<string | null> = boxes.map((_, i) => cards[i] ?? null)
  return { boxes: out, top: cards.length > boxes.length ? (cards[boxes.length] as string) : null }
}
