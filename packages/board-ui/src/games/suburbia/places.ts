import type { Command, View } from "@boroughs/core/games/suburbia"
import { coordinates, placerOf } from "../../common/commands.js"
import type { CommandPlaces, PlaceDescriber } from "../../common/types.js"
import { goalDef, tileDef } from "./data.js"

/** The hex (q, r) of the borough of the player whose turn it is: a tile's hex or an open one. */
const hex = (c: { q: number; r: number }, view: View) => `tile-${view.current}-${c.q}-${c.r}`

/**
 * Where Suburbia's commands point: the market slot or basic tile taken and the hex it goes on, the tile an
 * investment goes on, the slot discarded, the goal kept. Passing has no place.
 */
export const suburbiaCommandPlaces: CommandPlaces<Command, View> = {
  KeepGoal: (c) => [`goal-${c.goal}`],
  BuyTile: (c, view) => [`market-${c.slot}`, hex(c, view)],
  BuildLake: (c, view) => [`market-${c.slot}`, hex(c, view)],
  BuyBasicTile: (c, view) => [`basic-${c.tile}`, hex(c, view)],
  PlaceInvestment: (c, view) => [hex(c, view)],
  DiscardTile: (c) => [`market-${c.slot}`],
  Pass: () => [],
}

export const suburbiaPlacesOfCommand = placerOf(suburbiaCommandPlaces)

/** A Suburbia place in words: "market slot 2", "hex (1, −2)", "the basic Suburbs", "the goal …". */
export const describeSuburbiaPlace: PlaceDescriber = (place) => {
  const hex = /^tile-\d+-(-?\d+)-(-?\d+)$/.exec(place)
  if (hex) return `hex ${coordinates(Number(hex[1]), Number(hex[2]))}`
  const slot = /^market-(\d+)$/.exec(place)
  if (slot) return `market slot ${Number(slot[1]) + 1}`
  const basic = /^basic-(.+)$/.exec(place)
  if (basic) return `the basic ${tileDef(basic[1] as string).name}`
  const goal = /^goal-(.+)$/.exec(place)
  if (goal) return `the goal ${goalDef(goal[1] as string).name}`
  throw new Error(`no Suburbia place ${place}`)
}
