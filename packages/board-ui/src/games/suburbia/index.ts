import { suburbia } from "@boroughs/core/games/suburbia"
import type { GameRenderer } from "../../common/types.js"
import { suburbiaNarrator, suburbiaPlacesOf } from "./narrate.js"
import { SuburbiaBoard } from "./SuburbiaBoard.js"

/** Suburbia's renderer, narrator and event places. */
export const suburbiaRenderer: GameRenderer = {
  id: "suburbia",
  title: "Suburbia",
  game: suburbia,
  Board: SuburbiaBoard,
  narrator: suburbiaNarrator,
  placesOf: suburbiaPlacesOf,
}

export { SuburbiaBoard }
