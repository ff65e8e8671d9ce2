import type { Visibility } from "../../kernel/game.js"
import type { Event, GoalKeptRedacted, GoalsDealtRedacted } from "./events.js"

/**
 * Who sees an event. A seat's two goals and the one it keeps are its own until the end; others see that it
 * drew and kept (with the commitment), not which. The seed in GameStarted is hidden until the end.
 * Everything else — tiles, lakes (face down, but taken from the open market), tracks — is public.
 */
export const visibility = (event: Event): Visibility => {
  switch (event.type) {
    case "GameStarted": {
      const { seed: _seed, ...redacted } = event
      return { seats: [], redacted }
    }
    case "GoalsDealt": {
      const redacted: GoalsDealtRedacted = { type: event.type, seat: event.seat }
      return { seats: [event.seat], redacted }
    }
    case "GoalKept": {
      const redacted: GoalKeptRedacted = { type: event.type, seat: event.seat, commitment: event.commitment }
      return { seats: [event.seat], redacted }
    }
    default:
      return "all"
  }
}
