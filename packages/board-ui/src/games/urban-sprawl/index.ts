import { urbanSprawl } from "@boroughs/core/games/urban-sprawl"
import type { GameRenderer } from "../../common/types.js"
import { describeUrbanSprawlCommand } from "./commands.js"
import { urbanSprawlNarrator, urbanSprawlPlacesOf } from "./narrate.js"
import { describeUrbanSprawlPlace, urbanSprawlPlacesOfCommand } from "./places.js"
import { UrbanSprawlBoard } from "./UrbanSprawlBoard.js"

/** Urban Sprawl's renderer, narrator, event places, command words, command places and place words. */
export const urbanSprawlRenderer: GameRenderer = {
  id: "urban-sprawl",
  title: "Urban Sprawl",
  game: urbanSprawl,
  Board: UrbanSprawlBoard,
  narrator: urbanSprawlNarrator,
  placesOf: urbanSprawlPlacesOf,
  describeCommand: describeUrbanSprawlCommand,
  placesOfCommand: urbanSprawlPlacesOfCommand,
  describePlace: describeUrbanSprawlPlace,
}

export { UrbanSprawlBoard }
