import { suburbia } from "@boroughs/core/games/suburbia"
import type { GameRenderer } from "../../common/types.js"
import { describeSuburbiaCommand } from "./commands.js"
import { suburbiaNarrator, suburbiaPlacesOf } from "./narrate.js"
import { describeSuburbiaPlace, suburbiaPlacesOfCommand } from "./places.js"
import { SuburbiaBoard } from "./SuburbiaBoard.js"

/** Suburbia's renderer, narrator, event places, command words, command places and place words. */
export const suburbiaRenderer: GameRenderer = {
  id: "suburbia",
  title: "Suburbia",
  game: suburbia,
  Board: SuburbiaBoard,
  narrator: suburbiaNarrator,
  placesOf: suburbiaPlacesOf,
  describeCommand: describeSuburbiaCommand,
  placesOfCommand: suburbiaPlacesOfCommand,
  describePlace: describeSuburbiaPlace,
}

export { SuburbiaBoard }
