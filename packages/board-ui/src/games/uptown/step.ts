import type { View } from "@boroughs/core/games/uptown"
import { seatName } from "../../common/names.js"
import type { SeatInfo } from "../../common/types.js"

/** What is happening now, in words. */
export const stepText = (view: View, seats: ReadonlyArray<SeatInfo>): string => {
  const who = seatName(seats, view.current)
  const final = view.finalRound
    ? ` · final round (${seatName(seats, view.finalRound.of)}'s ${view.finalRound.reason === "deck-empty" ? "deck is empty" : "street is finished"})`
    : ""
  switch (view.step.kind) {
    case "setup":
      return "Dealing the table"
    case "start":
    case "free":
      return `Round ${view.round}: ${who} takes their free card or collects upcoins${final}`
    case "second":
      return `Round ${view.round}: ${who} buys a card or takes a public card${final}`
    case "place":
      return `Round ${view.round}: ${who} builds the card in hand${final}`
    case "end":
      return `${who}'s turn ends${final}`
    case "over":
      return "Game over"
  }
}
