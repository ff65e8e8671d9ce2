import type { Command } from "@boroughs/core/games/suburbia"
import { coordinates, describerOf } from "../../common/commands.js"
import type { CommandWords } from "../../common/types.js"
import { goalDef, tileDef } from "./data.js"

const hex = (c: { q: number; r: number }) => `hex ${coordinates(c.q, c.r)}`

/**
 * Suburbia's commands in a few words: "market slot 2 tile on hex (1, −2)". A market tile is named by its
 * slot: which tile lay there is the position's, not the command's.
 */
export const suburbiaCommandWords: CommandWords<Command> = {
  KeepGoal: (c) => `keep the goal ${goalDef(c.goal).name}`,
  BuyTile: (c) => `market slot ${c.slot + 1} tile on ${hex(c)}`,
  BuildLake: (c) => `lake from market slot ${c.slot + 1} on ${hex(c)}`,
  BuyBasicTile: (c) => `${tileDef(c.tile).name} on ${hex(c)}`,
  PlaceInvestment: (c) => `investment on ${hex(c)}`,
  DiscardTile: (c) => `discard market slot ${c.slot + 1}`,
  Pass: () => "pass",
}

export const describeSuburbiaCommand = describerOf(suburbiaCommandWords)
