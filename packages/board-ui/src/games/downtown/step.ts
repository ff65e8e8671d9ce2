import type { View } from "@boroughs/core/games/downtown"
import { listWords, seatName } from "../../common/names.js"
import type { SeatInfo } from "../../common/types.js"

const words = (types: ReadonlyArray<string> | undefined) =>
  listWords((types ?? []).map((t) => t.charAt(0).toUpperCase() + t.slice(1)))

/** What is being decided now, in words (public: how many secrets are in, never what they are). */
export const stepText = (view: View, seats: ReadonlyArray<SeatInfo>): string => {
  const s = view.step
  const mayor = seatName(seats, view.mayor)
  const count = (flags: ReadonlyArray<boolean>) => `${flags.filter(Boolean).length} of ${view.seats} in`
  switch (s.kind) {
    case "zoning":
      return view.options.variant === "2p-official"
        ? `${mayor} plays a zoning tile`
        : `${mayor} draws a zoning tile`
    case "second-draw":
      return `${mayor} draws a second zoning tile`
    case "cards":
      return `Secret vote on zone ${s.zone}: ${words(s.options)} (${count(view.voted)})`
    case "lobby":
      return `Zone ${s.zone}: ${seatName(seats, s.declarer ?? 0)} declares whether to lobby`
    case "reveal-votes":
      return `Zone ${s.zone}: cards are turned over`
    case "tie":
      return `Zone ${s.zone}: ${mayor} breaks the tie between ${words(s.tied)}`
    case "no-vote":
      return `Zone ${s.zone}: only ${words(s.options)} fits, no vote`
    case "construction":
      return `${seatName(seats, (view.mayor + 1) % view.seats)} chooses the construction for zone ${s.zone}`
    case "dials":
      return `Everyone secretly picks a zone and a number of spaces (${count(view.chosen)})`
    case "settle":
    case "resolving":
      return "Dials revealed: spaces are bought and zones scored"
    case "over":
      return "Game over"
    default:
      return s.kind
  }
}
