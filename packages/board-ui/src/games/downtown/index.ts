import { downtown } from "@boroughs/core/games/downtown"
import type { GameRenderer } from "../../common/types.js"
import { DowntownBoard } from "./DowntownBoard.js"
import { downtownNarrator, downtownPlacesOf } from "./narrate.js"

/** Downtown's renderer, narrator and event places. */
export const downtownRenderer: GameRenderer = {
  id: "downtown",
  title: "Downtown",
  game: downtown,
  Board: DowntownBoard,
  narrator: downtownNarrator,
  placesOf: downtownPlacesOf,
}

export { DowntownBoard }
