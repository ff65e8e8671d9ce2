import type { Command, View } from "@boroughs/core/games/downtown"
import { placerOf } from "../../common/commands.js"
import type { CommandPlaces, PlaceDescriber } from "../../common/types.js"

const none = () => []

/**
 * Where Downtown's commands point on the board: the pile the mayor draws from, the zone a tile or a dial
 * names. Votes, the lobby disc and the constructions are choices without a place (the panel lists them).
 */
export const downtownCommandPlaces: CommandPlaces<Command, View> = {
  DrawZoningTile: (c) => [`pile-${c.pile}`],
  PlayZoningTile: (c) => [`zone-${c.zone}`],
  CastVote: none,
  DeclareLobby: none,
  BreakTie: none,
  ChooseConstruction: none,
  ChooseZone: (c) => [`zone-${c.zone}`],
}

export const downtownPlacesOfCommand = placerOf(downtownCommandPlaces)

/** A Downtown place in words: "zone 14", "the west pile". */
export const describeDowntownPlace: PlaceDescriber = (place) => {
  const zone = /^zone-(\d+)$/.exec(place)
  if (zone) return `zone ${zone[1]}`
  const pile = /^pile-(west|east)$/.exec(place)
  if (pile) return `the ${pile[1]} pile`
  throw new Error(`no Downtown place ${place}`)
}
