import type { Visibility } from "../../kernel/game.js"
import type { Event, VoteCastRedacted, ZoneChosenRedacted } from "./events.js"

/**
 * Who sees an event. A card or dial choice is its seat's alone until the reveal; others get the seat,
 * the commitment and nothing of the choice. The seed in GameStarted is hidden from everyone until the end.
 */
export const visibility = (event: Event): Visibility => {
  switch (event.type) {
    case "GameStarted": {
      const { seed: _seed, ...rest } = event
      return { seats: [], redacted: rest }
    }
    case "VoteCast": {
      const redacted: VoteCastRedacted = {
        type: event.type,
        seat: event.seat,
        round: event.round,
        zone: event.zone,
        commitment: event.commitment,
      }
      return { seats: [event.seat], redacted }
    }
    case "ZoneChosen": {
      const redacted: ZoneChosenRedacted = {
        type: event.type,
        seat: event.seat,
        round: event.round,
        commitment: event.commitment,
      }
      return { seats: [event.seat], redacted }
    }
    default:
      return "all"
  }
}
