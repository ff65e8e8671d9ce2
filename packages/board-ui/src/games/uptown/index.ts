import { uptown } from "@boroughs/core/games/uptown"
import type { GameRenderer } from "../../common/types.js"
import { uptownNarrator, uptownPlacesOf } from "./narrate.js"
import { UptownBoard } from "./UptownBoard.js"

/** Uptown's renderer, narrator and event places. */
export const uptownRenderer: GameRenderer = {
  id: "uptown",
  title: "Uptown",
  game: uptown,
  Board: UptownBoard,
  narrator: uptownNarrator,
  placesOf: uptownPlacesOf,
}

export { UptownBoard }
