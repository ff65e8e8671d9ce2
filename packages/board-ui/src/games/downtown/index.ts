import { downtown } from "@boroughs/core/games/downtown"
import type { GameRenderer } from "../../common/types.js"
import { describeDowntownCommand } from "./commands.js"
import { DowntownBoard } from "./DowntownBoard.js"
import { downtownNarrator, downtownPlacesOf } from "./narrate.js"
import { describeDowntownPlace, downtownPlacesOfCommand } from "./places.js"

/** Downtown's renderer, narrator, event places, command words, command places and place words. */
export const downtownRenderer: GameRenderer = {
  id: "downtown",
  title: "Downtown",
  game: downtown,
  Board: DowntownBoard,
  narrator: downtownNarrator,
  placesOf: downtownPlacesOf,
  describeCommand: describeDowntownCommand,
  placesOfCommand: downtownPlacesOfCommand,
  describePlace: describeDowntownPlace,
}

export { DowntownBoard }
