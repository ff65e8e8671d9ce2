/*
 * The rules' questions about a table, shared by decide, legalCommands, advance and the bots: where a card
 * may be played, which decks may be bought from, whether the final round is due.
 */
import type { Seat } from "../../kernel/game.js"
import type { PlaceCard } from "./commands.js"
import { SEAT_LIMITS } from "./data.js"
import { facesOf, projectAt } from "./projects.js"
import type { Table } from "./state.js"
import { fits, SITES } from "./street.js"

/**
 * Every placement command, built once: a playout lists hundreds of them and plays one, so the lists hold
 * shared references, not fresh objects. Frozen, since every list shares them.
 */
const PLACE_CARD: ReadonlyArray<PlaceCard> = (() => {
  const out: PlaceCard[] = []
  for (let street = 0; street < SEAT_LIMITS.max; street++)
    for (let site = 0; site < SITES; site++)
      for (const face of [0, 1] as const)
        for (const project of [0, 1] as const)
          out.push(Object.freeze({ type: "PlaceCard", street, site, face, project }))
  return out
})()
const placeCard = (street: number, site: number, face: 0 | 1, project: 0 | 1): PlaceCard =>
  PLACE_CARD[((street * SITES + site) * 2 + face) * 2 + project] ?? {
    type: "PlaceCard",
    street,
    site,
    face,
    project,
  }

/**
 * Every legal way to play `card` for `seat` (rule text, "Play a card", "Requirements", "Gift"): each face
 * (public cards may be turned over), either project on top, on a site of the seat's own street — or, for a
 * gift, on an opponent's site — where the project's requirement is met. In the order street, face,
 * project, site.
 */
export const placements = (table: Table, seat: Seat, card: number): PlaceCard[] => {
  const out: PlaceCard[] = []
  const faces = facesOf(card)
  for (let face = 0; face < faces; face++)
    for (let project = 0; project < 2; project++) {
      const p = projectAt(card, face, project)
      for (let street = 0; street < table.seats; street++) {
        if (p.gift === (street === seat)) continue
        const sites = table.streets[street] as Table["streets"][number]
        for (let site = 0; site < SITES; site++)
          if (fits(p, sites[site] as (typeof sites)[number]))
            out.push(placeCard(street, site, face as 0 | 1, project as 0 | 1))
      }
    }
  return out
}

/** Whether `card` can be played anywhere by `seat` (no list built). */
export const canPlace = (table: Table, seat: Seat, card: number): boolean => {
  const faces = facesOf(card)
  for (let face = 0; face < faces; face++)
    for (let project = 0; project < 2; project++) {
      const p = projectAt(card, face, project)
      for (let street = 0; street < table.seats; street++) {
        if (p.gift === (street === seat)) continue
        const sites = table.streets[street] as Table["streets"][number]
        for (let site = 0; site < SITES; site++)
          if (fits(p, sites[site] as (typeof sites)[number])) return true
      }
    }
  return false
}

/**
 * Whether `seat` may buy the top card of `deck` now (rule text, 2nd action; ruling 6): the deck has a card,
 * no upcoins lie on it, and the seat can pay the cost showing on it.
 */
export const canBuy = (table: Table, seat: Seat, deck: Seat): boolean => {
  const cost = table.topCosts[deck]
  return (
    (table.deckSizes[deck] as number) > 0 &&
    table.upcoins[deck] === 0 &&
    cost !== null &&
    cost !== undefined &&
    (table.money[seat] as number) >= cost
  )
}

/** Whether the seat has any 2nd action: a deck it may buy from, or a public card to take. */
export const hasSecondAction = (table: Table, seat: Seat): boolean => {
  if (table.publicTop !== null) return true
  for (let deck = 0; deck < table.seats; deck++) if (canBuy(table, seat, deck)) return true
  return false
}

/** Whether all five sites of a street are finished with a roof (a loop: advance asks after every event). */
const isFinished = (street: Table["streets"][number]): boolean => {
  for (const site of street) if (!site.roofed) return false
  return street.length === SITES
}

/**
 * What triggers the final round now (rule text, "Game end"): a player deck that is empty, or a street with
 * all five sites finished; null if neither. Decks are checked first, then streets, each in seat order.
 */
export const endTrigger = (table: Table): { reason: "deck-empty" | "street-finished"; of: Seat } | null => {
  for (let s = 0; s < table.seats; s++) if (table.deckSizes[s] === 0) return { reason: "deck-empty", of: s }
  for (let s = 0; s < table.seats; s++) {
    const street = table.streets[s] as Table["streets"][number]
    if (isFinished(street)) return { reason: "street-finished", of: s }
  }
  return null
}
