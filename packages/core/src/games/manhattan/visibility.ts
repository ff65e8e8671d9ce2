import type { Visibility } from "../../kernel/game.js"
import type { Event } from "./events.js"

/** Who sees an event: everything is public except the seed in GameStarted, hidden until the end. */
export const visibility = (event: Event): Visibility => {
  if (event.type !== "GameStarted") return "all"
  const { seed: _seed, ...redacted } = event
  return { seats: [], redacted }
}
