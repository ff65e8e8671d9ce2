import { manhattan } from "@boroughs/core/games/manhattan"
import type { GameRenderer } from "../../common/types.js"
import { ManhattanBoard } from "./ManhattanBoard.js"
import { manhattanNarrator, manhattanPlacesOf } from "./narrate.js"

/** Manhattan's renderer, narrator and event places. */
export const manhattanRenderer: GameRenderer = {
  id: "manhattan",
  title: "Manhattan",
  game: manhattan,
  Board: ManhattanBoard,
  narrator: manhattanNarrator,
  placesOf: manhattanPlacesOf,
}

export { ManhattanBoard }
