import { type Ended, endedText } from "../../common/ended.js"
import { plural } from "../../common/names.js"
import type { Names, Narrator } from "../../common/types.js"
import { cardName, projectOf, TYPE_STYLE } from "./data.js"

const floorWords = (floor: number) => (floor === 0 ? "the ground floor" : `floor ${floor + 1}`)
const deckOf = (seat: number, deck: number, n: Names) =>
  seat === deck ? "their own deck" : `${n.seat(deck)}'s deck`

/** Uptown's events in plain words; a drawn or bought card arrives redacted to everyone but its holder. */
export const uptownNarrator: Narrator = {
  GameEnded: (e: Ended, n: Names) => endedText(e, n, (s) => plural(s, "point")),
  TableDealt: (e: { start: number; deckSizes: number[]; publicSize: number; publicTop: number }, n: Names) =>
    `Table dealt: ${n.seat(e.start)} starts; decks of ${plural(e.deckSizes[0] ?? 0, "card")}; ${plural(
      e.publicSize,
      "public card",
    )}, ${cardName(e.publicTop)} on top`,
  UpcoinsCollected: (e: { seat: number; amount: number }, n: Names) =>
    `${n.seat(e.seat)} collected $${e.amount} of upcoins from their deck`,
  CardDrawn: (e: { seat: number; card?: number; cost: number }, n: Names) =>
    e.card === undefined
      ? `${n.seat(e.seat)} took the top card of their deck for free (a $${e.cost} card)`
      : `${n.seat(e.seat)} took ${cardName(e.card)} from their deck for free (secret until built)`,
  NothingDrawn: (e: { seat: number }, n: Names) => `${n.seat(e.seat)}'s deck is empty: no free card`,
  CardBought: (e: { seat: number; deck: number; card?: number; cost: number }, n: Names) => {
    const paid = e.seat === e.deck ? "to the bank" : `onto ${n.seat(e.deck)}'s deck as upcoins`
    return e.card === undefined
      ? `${n.seat(e.seat)} bought the top card of ${deckOf(e.seat, e.deck, n)} for $${e.cost}, paid ${paid}`
      : `${n.seat(e.seat)} bought ${cardName(e.card)} from ${deckOf(e.seat, e.deck, n)} for $${e.cost}, paid ${paid} (secret until built)`
  },
  PublicCardTaken: (e: { seat: number; card: number; nextTop: number | null }, n: Names) =>
    `${n.seat(e.seat)} took the public card ${cardName(e.card)}${e.nextTop === null ? "; the public pile is empty" : ""}`,
  NothingTaken: (e: { seat: number }, n: Names) => `${n.seat(e.seat)} can take no second card`,
  CardPlaced: (
    e: {
      seat: number
      street: number
      site: number
      card: number
      face: number
      project: number
      floor: number
    },
    n: Names,
  ) => {
    const p = projectOf(e)
    const what = `${p.name} (${TYPE_STYLE[p.type].label.toLowerCase()}${p.roof ? ", a roof" : ""})`
    return e.street === e.seat
      ? `${n.seat(e.seat)} built ${what} on ${floorWords(e.floor)} of site ${e.site + 1}`
      : `${n.seat(e.seat)} gave ${what} to ${n.seat(e.street)}: ${floorWords(e.floor)} of site ${e.site + 1}`
  },
  CardDiscarded: (e: { seat: number; source: string; forced: boolean }, n: Names) =>
    e.forced
      ? `${n.seat(e.seat)}'s ${e.source} card fits nowhere and is discarded`
      : `${n.seat(e.seat)} discarded the ${e.source} card`,
  IncomeEarned: (e: { seat: number; site: number; income: number; amount: number }, n: Names) =>
    e.amount > 0
      ? `Site ${e.site + 1} of ${n.seat(e.seat)}'s street is finished: ${n.seat(e.seat)} earns $${e.amount}`
      : `Site ${e.site + 1} of ${n.seat(e.seat)}'s street is finished: no income (street income $${e.income})`,
  FinalRoundTriggered: (e: { reason: string; of: number }, n: Names) =>
    e.reason === "deck-empty"
      ? `${n.seat(e.of)}'s deck is empty: this is the final round`
      : `${n.seat(e.of)}'s street is finished: this is the final round`,
  TurnEnded: (e: { seat: number; next: number | null }, n: Names) =>
    e.next === null
      ? `${n.seat(e.seat)} ends the final turn`
      : `${n.seat(e.seat)} ends the turn; ${n.seat(e.next)} plays`,
}

/** The sites and decks an event touches (`site-1-3`, `deck-2`, `public`). */
export const uptownPlacesOf = (event: {
  type: string
  seat?: number
  street?: number
  site?: number
  deck?: number
}): string[] => {
  if (typeof event.street === "number" && typeof event.site === "number")
    return [`site-${event.street}-${event.site}`]
  if (event.type === "IncomeEarned" && typeof event.seat === "number" && typeof event.site === "number")
    return [`site-${event.seat}-${event.site}`]
  if (typeof event.deck === "number") return [`deck-${event.deck}`]
  if ((event.type === "CardDrawn" || event.type === "UpcoinsCollected") && typeof event.seat === "number")
    return [`deck-${event.seat}`]
  if (event.type === "PublicCardTaken") return ["public"]
  return []
}
