import type { GameStarted, Seat } from "../../kernel/game.js"
import { type RngState, rngFromSeed } from "../../kernel/random.js"
import { BLUE_BY_COST } from "./chance.js"
import { BANK, START_MONEY } from "./data.js"
import type { Options } from "./options.js"
import { GREEN_IDS } from "./projects.js"
import { emptyStreet, type Street, type StreetValue } from "./street.js"

/**
 * Where a turn stands. Decisions: `free` (play or discard the card taken free), `second` (buy a card or
 * take a public one), `place` (play the card just bought or taken). Automatic: `setup` (the deal), `start`
 * (the 1st action when it is forced: collect upcoins, take the top card, or nothing), `end` (pass the turn
 * or end the game). `over`: the game has ended.
 */
export type Step =
  | { readonly kind: "setup" }
  | { readonly kind: "start" }
  | { readonly kind: "free" }
  | { readonly kind: "second" }
  | { readonly kind: "place" }
  | { readonly kind: "end" }
  | { readonly kind: "over" }

/** Where the card in hand came from: the own deck free (1st action), bought, or the public pile. */
export type Source = "free" | "bought" | "public"

/** The card a seat holds between taking and playing it. */
export interface Hand {
  readonly seat: Seat
  readonly card: number
  readonly source: Source
}

/** A discarded card (the card is public only when it came from the public pile). */
export interface Discard {
  readonly seat: Seat
  readonly card: number
  readonly source: Source
}

/**
 * The public table: everything every viewer may see. Bots and views read this part only.
 */
export interface Table {
  readonly seats: number
  readonly options: Options
  /** `boards[seat]`: the street board dealt to the seat (1 = the board with the symbol I). */
  readonly boards: ReadonlyArray<number>
  /** The seat holding board I: it starts, and the round ends with the seat to its right (`last`). */
  readonly start: Seat
  readonly last: Seat
  /** Rounds begun so far (1 during the first round). */
  readonly round: number
  readonly current: Seat
  readonly step: Step
  readonly money: ReadonlyArray<number>
  /** The bank's balance from its reference amount (ruling 9: it never runs out). */
  readonly bank: number
  /** Upcoins lying on each seat's deck. */
  readonly upcoins: ReadonlyArray<number>
  readonly deckSizes: ReadonlyArray<number>
  /** The cost showing on each deck's top card (ruling 7); null for an empty deck. */
  readonly topCosts: ReadonlyArray<number | null>
  readonly publicSize: number
  /** The public pile's face-up top card (ruling 8), or null when the pile is empty. */
  readonly publicTop: number | null
  readonly streets: ReadonlyArray<Street>
  /** Each street's income and project prestige now (kept current as cards are played). */
  readonly values: ReadonlyArray<StreetValue>
  /** Who holds a card now and where it came from; the card itself only when it is public. */
  readonly holding: { readonly seat: Seat; readonly source: Source; readonly card: number | null } | null
  /** Cards each seat has discarded. */
  readonly discardCounts: ReadonlyArray<number>
  /** Public cards discarded (their identity was public already). */
  readonly publicDiscards: ReadonlyArray<number>
  /** Set once the final round is triggered. */
  readonly finalRound: { readonly reason: "deck-empty" | "street-finished"; readonly of: Seat } | null
}

/** The full state: the table plus the secrets no seat or spectator view shows. */
export interface State extends Table {
  readonly seed: string
  readonly rng: RngState
  /** The card in hand, whoever holds it (secret for deck cards). */
  readonly hand: Hand | null
  /**
   * Blue cards not drawn yet, grouped by cost (index = cost), each group in id order: the contents of all
   * decks together, never their order.
   */
  readonly unseen: ReadonlyArray<ReadonlyArray<number>>
  /** Public cards below the face-up top, in id order. */
  readonly publicUnseen: ReadonlyArray<number>
  /** Every discarded card, in order. */
  readonly discards: ReadonlyArray<Discard>
}

const filled = <T>(n: number, value: T): T[] => {
  const out: T[] = []
  for (let i = 0; i < n; i++) out.push(value)
  return out
}

/** The state right after GameStarted, before the deal. */
export const initial = (started: GameStarted<Options>): State => {
  const { seats, options } = started
  const streets: Street[] = []
  for (let s = 0; s < seats; s++) streets.push(emptyStreet())
  return {
    seats,
    options,
    seed: started.seed,
    rng: rngFromSeed(started.seed),
    boards: [],
    start: 0,
    last: seats - 1,
    round: 0,
    current: 0,
    step: { kind: "setup" },
    money: filled(seats, START_MONEY),
    bank: BANK - START_MONEY * seats,
    upcoins: filled(seats, 0),
    deckSizes: filled(seats, 0),
    topCosts: filled(seats, null),
    publicSize: 0,
    publicTop: null,
    streets,
    values: filled(seats, { income: 0, prestige: 0 }),
    holding: null,
    discardCounts: filled(seats, 0),
    publicDiscards: [],
    finalRound: null,
    hand: null,
    unseen: BLUE_BY_COST,
    publicUnseen: GREEN_IDS,
    discards: [],
  }
}

/** Steps as shared constants: evolve never allocates them. */
export const STEPS = {
  setup: { kind: "setup" },
  start: { kind: "start" },
  free: { kind: "free" },
  second: { kind: "second" },
  place: { kind: "place" },
  end: { kind: "end" },
  over: { kind: "over" },
} as const satisfies Record<Step["kind"], Step>
