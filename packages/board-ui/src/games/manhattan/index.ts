import { manhattan } from "@boroughs/core/games/manhattan"
import type { GameRenderer } from "../../common/types.js"
import { describeManhattanCommand } from "./commands.js"
import { ManhattanBoard } from "./ManhattanBoard.js"
import { manhattanNarrator, manhattanPlacesOf } from "./narrate.js"
import { describeManhattanPlace, manhattanPlacesOfCommand } from "./places.js"

/** Manhattan's renderer, narrator, event places, command words, command places and place words. */
export const manhattanRenderer: GameRenderer = {
  id: "manhattan",
  title: "Manhattan",
  game: manhattan,
  Board: ManhattanBoard,
  narrator: manhattanNarrator,
  placesOf: manhattanPlacesOf,
  describeCommand: describeManhattanCommand,
  placesOfCommand: manhattanPlacesOfCommand,
  describePlace: describeManhattanPlace,
}

export { ManhattanBoard }
