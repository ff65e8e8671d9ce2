import type { View } from "@boroughs/core/games/urban-sprawl"
import { plural, seatName } from "../../common/names.js"
import type { SeatInfo } from "../../common/types.js"

/** What is happening now, in words. */
export const stepText = (view: View, seats: ReadonlyArray<SeatInfo>): string => {
  const who = seatName(seats, view.active)
  const ending = view.ending ? " · the Olympic Games are out: last round" : ""
  switch (view.phase) {
    case "setup":
      return "Setting up"
    case "draft":
      return "Draft: players buy the starting buildings"
    case "start":
      return `Round ${view.round}: ${who}'s turn begins${ending}`
    case "turn":
      return `Round ${view.round}: ${who} has ${plural(view.ap, "action point")}${ending}`
    case "eot":
      return `Round ${view.round}: end of ${who}'s turn, step ${view.eotStep}${ending}`
    case "over":
      return "Game over"
  }
}
