import type { Command, View } from "@boroughs/core/games/uptown"
import { placerOf } from "../../common/commands.js"
import type { CommandPlaces, PlaceDescriber } from "../../common/types.js"

/**
 * Where Uptown's commands point: the site a card goes on (several ways up share it), the deck bought from,
 * the public pile. Discarding the card in hand has no place: it leaves the board.
 */
export const uptownCommandPlaces: CommandPlaces<Command, View> = {
  PlaceCard: (c) => [`site-${c.street}-${c.site}`],
  DiscardCard: () => [],
  BuyCard: (c) => [`deck-${c.deck}`],
  TakePublicCard: () => ["public"],
}

export const uptownPlacesOfCommand = placerOf(uptownCommandPlaces)

/** An Uptown place in words: "Ben's site 3", "Ben's deck", "the public pile". */
export const describeUptownPlace: PlaceDescriber = (place, names) => {
  const site = /^site-(\d+)-(\d+)$/.exec(place)
  if (site) return `${names.seat(Number(site[1]))}'s site ${Number(site[2]) + 1}`
  const deck = /^deck-(\d+)$/.exec(place)
  if (deck) return `${names.seat(Number(deck[1]))}'s deck`
  if (place === "public") return "the public pile"
  throw new Error(`no Uptown place ${place}`)
}
