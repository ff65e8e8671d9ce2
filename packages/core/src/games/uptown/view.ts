import { Schema } from "effect"
import type { Viewer } from "../../kernel/game.js"
import { Options } from "./options.js"
import type { Discard, State, Table } from "./state.js"

const Int = Schema.Int
const NullableInt = Schema.NullOr(Int)
const SourceSchema = Schema.Literals(["free", "bought", "public"])

/** A card on a site: card id, face up, project on top, and who placed it (not the owner: a gift). */
const PlacedView = Schema.Struct({
  card: Int,
  face: Schema.Literals([0, 1]),
  project: Schema.Literals([0, 1]),
  by: Int,
})

/** A site: its cards from the ground floor up, finished by a roof or not, closed to gifts or not. */
const SiteView = Schema.Struct({
  cards: Schema.Array(PlacedView),
  roofed: Schema.Boolean,
  noGifts: Schema.Boolean,
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
  game: Schema.Literal("uptown"),
  viewer: Schema.Union([
    Schema.Struct({ kind: Schema.Literal("seat"), seat: Int }),
    Schema.Struct({ kind: Schema.Literal("spectator") }),
    Schema.Struct({ kind: Schema.Literal("organiser") }),
  ]),
  seats: Int,
  options: Options,
  boards: Schema.Array(Int),
  start: Int,
  last: Int,
  round: Int,
  current: Int,
  step: Schema.Struct({
    kind: Schema.Literals(["setup", "start", "free", "second", "place", "end", "over"]),
  }),
  money: Schema.Array(Int),
  bank: Int,
  upcoins: Schema.Array(Int),
  deckSizes: Schema.Array(Int),
  topCosts: Schema.Array(NullableInt),
  publicSize: Int,
  publicTop: NullableInt,
  streets: Schema.Array(Schema.Array(SiteView)),
  values: Schema.Array(Schema.Struct({ income: Int, prestige: Int })),
  holding: Schema.NullOr(Schema.Struct({ seat: Int, source: SourceSchema, card: NullableInt })),
  hand: Schema.NullOr(Schema.Struct({ seat: Int, card: Int, source: SourceSchema })),
  discardCounts: Schema.Array(Int),
  publicDiscards: Schema.Array(Int),
  ownDiscards: Schema.Array(Int),
  finalRound: Schema.NullOr(
    Schema.Struct({ reason: Schema.Literals(["deck-empty", "street-finished"]), of: Int }),
  ),
  secrets: Schema.NullOr(
    Schema.Struct({
      discards: Schema.Array(Schema.Struct({ seat: Int, card: Int, source: SourceSchema })),
    }),
  ),
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
