import type { View } from "@boroughs/core/games/manhattan"
import { seatName } from "../../common/names.js"
import type { SeatInfo } from "../../common/types.js"
import { xyOf } from "./geometry.js"

/** A seat's best building (tallest, then most blocks) among those its towers mark: what it scores. */
export const bestOf = (view: View, seat: number): { height: number; blocks: number } => {
  let height = 0
  let blocks = 0
  for (const id of view.towers[seat] ?? []) {
    const b = id === null ? undefined : view.buildings[id]
    if (b && (b.height > height || (b.height === height && b.blocks > blocks))) {
      height = b.height
      blocks = b.blocks
    }
  }
  return { height, blocks }
}

const at = (cell: number) => {
  const { x, y } = xyOf(cell)
  return `column ${x}, row ${y}`
}

const OVER: Readonly<Record<string, string>> = {
  stories: "the last story is built",
  bankruptcy: "one player is left",
  blocked: "nobody can build again",
}

/** What is happening now, in words. */
export const stepText = (view: View, seats: ReadonlyArray<SeatInfo>): string => {
  const who = seatName(seats, view.current)
  const s = view.step
  switch (s.kind) {
    case "corner":
      return `${who} chooses a starting corner`
    case "roll":
      return `${who} rolls the dice`
    case "bankrupt":
      return `${who} can build nowhere: bankruptcy check`
    case "demand":
      return `${seatName(seats, s.from)} may demand ${who}'s bankruptcy`
    case "blocked":
      return "Nobody can build again"
    case "move":
      return `${who} moves a pawn`
    case "doubles":
      return `${who} rolled doubles: a roof from the supply`
    case "crossing-build":
      return `${who} builds a story at ${at(s.cell)}`
    case "crossing-street":
      return `${who} lays a street at ${at(s.cell)}`
    case "crossing-story":
      return `${who} may add a story at ${at(s.cell)}`
    case "remove-roof":
      return `${who} may remove the roof at ${at(s.cell)}`
    case "place-roof":
      return `${who} may place a roof (${s.left} left to place)`
    case "six-story":
      return `${who} rolled a six: may add a story (${s.left} left)`
    case "over":
      return `Game over: ${OVER[s.reason] ?? s.reason}`
  }
}
