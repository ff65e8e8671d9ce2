import type { Visibility } from "../../kernel/game.js"
import type { CardBoughtRedacted, CardDrawnRedacted, Event } from "./events.js"

/**
 * Who sees an event. A card taken from a deck — free or bought — is its holder's alone until played
 * (issue 8): everyone else learns who took from which deck, the cost paid and the cost now showing, never
 * the card. The seed in GameStarted is hidden from everyone until the end. Everything else is public.
 */
export const visibility = (event: Event): Visibility => {
  switch (event.type) {
    case "GameStarted": {
      const { seed: _seed, ...redacted } = event
      return { seats: [], redacted }
    }
    case "CardDrawn": {
      const redacted: CardDrawnRedacted = {
        type: event.type,
        seat: event.seat,
        cost: event.cost,
        nextTopCost: event.nextTopCost,
      }
      return { seats: [event.seat], redacted }
    }
    case "CardBought": {
      const redacted: CardBoughtRedacted = {
        type: event.type,
        seat: event.seat,
        deck: event.deck,
        cost: event.cost,
        nextTopCost: event.nextTopCost,
      }
      return { seats: [event.seat], redacted }
    }
    default:
      return "all"
  }
}
