import { urbanSprawl } from "@boroughs/core/games/urban-sprawl"
import type { GameRenderer } from "../../common/types.js"
import { urbanSprawlNarrator, urbanSprawlPlacesOf } from "./narrate.js"
import { UrbanSprawlBoard } from "./UrbanSprawlBoard.js"

/** Urban Sprawl's renderer, narrator and event places. */
export const urbanSprawlRenderer: GameRenderer = {
  id: "urban-sprawl",
  title: "Urban Sprawl",
  game: urbanSprawl,
  Board: UrbanSprawlBoard,
  narrator: urbanSprawlNarrator,
  placesOf: urbanSprawlPlacesOf,
}

export { UrbanSprawlBoard }
