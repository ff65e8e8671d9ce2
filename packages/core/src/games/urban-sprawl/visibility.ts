import type { Visibility } from "../../kernel/game.js"
import type { Event } from "./events.js"

/**
 * Everything in Urban Sprawl is public knowledge (rules §8) except the order of the decks, which exists
 * nowhere until a card is revealed. Only the seed in GameStarted is hidden until the end.
 */
export const visibility = (event: Event): Visibility => {
  if (event.type === "GameStarted") {
    const { seed: _seed, ...redacted } = event
    return { seats: [], redacted }
  }
  return "all"
}
