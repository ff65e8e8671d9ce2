import { uptown } from "@boroughs/core/games/uptown"
import type { GameRenderer } from "../../common/types.js"
import { describeUptownCommand } from "./commands.js"
import { uptownNarrator, uptownPlacesOf } from "./narrate.js"
import { describeUptownPlace, uptownPlacesOfCommand } from "./places.js"
import { UptownBoard } from "./UptownBoard.js"

/** Uptown's renderer, narrator, event places, command words, command places and place words. */
export const uptownRenderer: GameRenderer = {
  id: "uptown",
  title: "Uptown",
  game: uptown,
  Board: UptownBoard,
  narrator: uptownNarrator,
  placesOf: uptownPlacesOf,
  describeCommand: describeUptownCommand,
  placesOfCommand: uptownPlacesOfCommand,
  describePlace: describeUptownPlace,
}

export { UptownBoard }
