import { Schema } from "effect"
import type { Viewer } from "../../kernel/game.js"
import { Options } from "./options.js"
import type { Discard, State, Table } from "./state.js"

const Int = Schema.Int
const NullableInt = Schema.NullOr(Int)
const SourceSchema = Schema.Literals(["free", "bought", "public"])
const SOURCE =
  "Where the card came from: `free` (the top of the holder's own deck, 1st action), `bought` (a deck's top card), or `public` (the public pile)."

/** A card on a site: card id, face up, project on top, and who placed it (not the owner: a gift). */
const PlacedView = Schema.Struct({
  card: Int.annotate({ description: "The card's id (see the catalogue)." }),
  face: Schema.Literals([0, 1]).annotate({
    description: "The side face up: 0 for blue cards; 0 or 1 for a public card, which may be turned over.",
  }),
  project: Schema.Literals([0, 1]).annotate({
    description: "The project on top, the other covered: 0 = project I, 1 = project II.",
  }),
  by: Int.annotate({ description: "The seat that placed it: not the street's owner when it was a gift." }),
})

/** A site: its cards from the ground floor up, finished by a roof or not, closed to gifts or not. */
const SiteView = Schema.Struct({
  cards: Schema.Array(PlacedView).annotate({ description: "The site's cards from the ground floor up." }),
  roofed: Schema.Boolean.annotate({
    description: "Finished by a roof: only a project built on top of a roof may follow.",
  }),
  noGifts: Schema.Boolean.annotate({ description: "Closed to gifts by a project with the no-gifts symbol." }),
})

/**
 * What a viewer sees. Everything on the table is public: streets (`streets[seat][site]`, five sites of
 * stacked cards with roofs and gifts), accounts, upcoins on each deck, deck sizes and the cost showing on
 * each deck's top card, the public pile's face-up top, who holds a card. A deck's order appears nowhere (it
 * exists nowhere: cards are drawn when taken). A card taken from a deck shows in `hand` only to its holder
 * until played; discarded deck cards only to the seat that discarded them (`ownDiscards`). Organisers see
 * every hand and discard (`secrets`), never the seed or the PRNG.
 */
export const View = Schema.Struct({
  game: Schema.Literal("uptown").annotate({ description: 'The game: always "uptown".' }),
  viewer: Schema.Union([
    Schema.Struct({
      kind: Schema.Literal("seat").annotate({
        description: "A player's view: the table and its own secrets.",
      }),
      seat: Int.annotate({ description: "The viewer's seat, from 0." }),
    }),
    Schema.Struct({
      kind: Schema.Literal("spectator").annotate({
        description: "A spectator's view: the public table only.",
      }),
    }),
    Schema.Struct({
      kind: Schema.Literal("organiser").annotate({
        description: "The organiser's view: every hand and discard too.",
      }),
    }),
  ]).annotate({ description: "Who this view is for." }),
  seats: Int.annotate({ description: "Number of players; seats are numbered 0 to seats − 1." }),
  options: Options.annotate({ description: "The options the game was set up with (Uptown has none)." }),
  boards: Schema.Array(Int).annotate({
    description: "`boards[seat]`: the street board dealt to the seat (1 = the board with the symbol I).",
  }),
  start: Int.annotate({ description: "The seat holding board I: it starts each round." }),
  last: Int.annotate({ description: "The seat to the right of `start`: a round ends with its turn." }),
  round: Int.annotate({ description: "Rounds begun so far (1 during the first round)." }),
  current: Int.annotate({ description: "The seat whose turn it is." }),
  step: Schema.Struct({
    kind: Schema.Literals(["setup", "start", "free", "second", "place", "end", "over"]).annotate({
      description:
        "Where the turn stands. Decisions: `free` (play or discard the card taken free), `second` (buy a card or take a public one), `place` (play the card just bought or taken). Automatic: `setup` (the deal), `start` (a forced 1st action), `end` (pass the turn or end the game). `over`: the game has ended.",
    }),
  }).annotate({ description: "Where the current turn stands." }),
  money: Schema.Array(Int).annotate({ description: "Each seat's account, in upcoins ($)." }),
  bank: Int.annotate({ description: "The bank's balance from its reference amount (it never runs out)." }),
  upcoins: Schema.Array(Int).annotate({
    description: "Upcoins lying on each seat's deck: while any lie there, no one can buy from that deck.",
  }),
  deckSizes: Schema.Array(Int).annotate({ description: "Cards left in each seat's player deck." }),
  topCosts: Schema.Array(NullableInt).annotate({
    description: "The cost showing on each deck's top card; null for an empty deck.",
  }),
  publicSize: Int.annotate({ description: "Cards left in the public pile." }),
  publicTop: NullableInt.annotate({
    description: "The public pile's face-up top card, or null when the pile is empty.",
  }),
  streets: Schema.Array(Schema.Array(SiteView)).annotate({
    description: "`streets[seat][site]`: each seat's street of five sites (0–4).",
  }),
  values: Schema.Array(
    Schema.Struct({
      income: Int.annotate({ description: "The street's total income now, earned when a site is roofed." }),
      prestige: Int.annotate({ description: "The prestige of the street's projects now." }),
    }),
  ).annotate({
    description: "Each street's income and project prestige now (kept current as cards are played).",
  }),
  holding: Schema.NullOr(
    Schema.Struct({
      seat: Int.annotate({ description: "The seat holding the card." }),
      source: SourceSchema.annotate({ description: SOURCE }),
      card: NullableInt.annotate({
        description: "The card, when it is public (from the public pile); otherwise null.",
      }),
    }),
  ).annotate({ description: "Who holds a card now, between taking and playing it; null when no one does." }),
  hand: Schema.NullOr(
    Schema.Struct({
      seat: Int.annotate({ description: "The seat holding the card." }),
      card: Int.annotate({ description: "The card held." }),
      source: SourceSchema.annotate({ description: SOURCE }),
    }),
  ).annotate({
    description:
      "The card in hand, shown to its holder (and organisers) or when public; null otherwise or when no one holds one.",
  }),
  discardCounts: Schema.Array(Int).annotate({ description: "Cards each seat has discarded." }),
  publicDiscards: Schema.Array(Int).annotate({
    description: "Public cards discarded (their identity was public already).",
  }),
  ownDiscards: Schema.Array(Int).annotate({
    description: "Deck cards you have discarded; empty for spectators and organisers.",
  }),
  finalRound: Schema.NullOr(
    Schema.Struct({
      reason: Schema.Literals(["deck-empty", "street-finished"]).annotate({
        description: "What triggered it: a player deck ran empty, or all five sites of a street were roofed.",
      }),
      of: Int.annotate({ description: "The seat whose deck or street triggered it." }),
    }),
  ).annotate({
    description: "Set once the final round is triggered (the current round is completed); null before.",
  }),
  secrets: Schema.NullOr(
    Schema.Struct({
      discards: Schema.Array(
        Schema.Struct({
          seat: Int.annotate({ description: "The seat that discarded it." }),
          card: Int.annotate({ description: "The card discarded." }),
          source: SourceSchema.annotate({ description: SOURCE }),
        }),
      ).annotate({ description: "Every discarded card, in order." }),
    }),
  ).annotate({ description: "Every discard: organisers only, null for everyone else." }),
})
export type View = typeof View.Type

const NO_DISCARDS: ReadonlyArray<number> = []

const ownDiscards = (discards: ReadonlyArray<Discard>, seat: number): ReadonlyArray<number> => {
  let out: number[] | null = null
  for (const d of discards)
    if (d.seat === seat && d.source !== "public") {
      out ??= []
      out.push(d.card)
    }
  return out ?? NO_DISCARDS
}

/** The view of a viewer: the public table (shared arrays, no copying) plus what this viewer may know. */
export const view = (state: State, viewer: Viewer): View => {
  const hand = state.hand
  const seeHand =
    hand !== null &&
    (viewer.kind === "organiser" ||
      hand.source === "public" ||
      (viewer.kind === "seat" && viewer.seat === hand.seat))
  const table: Table = state
  return {
    game: "uptown",
    viewer,
    seats: table.seats,
    options: table.options,
    boards: table.boards,
    start: table.start,
    last: table.last,
    round: table.round,
    current: table.current,
    step: table.step,
    money: table.money,
    bank: table.bank,
    upcoins: table.upcoins,
    deckSizes: table.deckSizes,
    topCosts: table.topCosts,
    publicSize: table.publicSize,
    publicTop: table.publicTop,
    streets: table.streets,
    values: table.values,
    holding: table.holding,
    hand: seeHand ? hand : null,
    discardCounts: table.discardCounts,
    publicDiscards: table.publicDiscards,
    ownDiscards: viewer.kind === "seat" ? ownDiscards(state.discards, viewer.seat) : NO_DISCARDS,
    finalRound: table.finalRound,
    secrets: viewer.kind === "organiser" ? { discards: state.discards } : null,
  }
}
