import { Schema } from "effect"
import { GOAL_IDS } from "./data/goals.js"
import { BASIC_TILE_IDS } from "./data/rules.js"

const Int = Schema.Int
const Basic = Schema.Literals(BASIC_TILE_IDS)
export type BasicTile = typeof Basic.Type

/** At set-up: keep one of the two goals you drew as your secret goal; the other goes back to the box. */
export const KeepGoal = Schema.Struct({ type: Schema.Literal("KeepGoal"), goal: Schema.Literals(GOAL_IDS) })

/**
 * Take the tile in market `slot` (0 = leftmost, the newest), paying its cost plus the slot's surcharge, and
 * place it face up on hex (q, r) next to one of your tiles.
 */
export const BuyTile = Schema.Struct({ type: Schema.Literal("BuyTile"), slot: Int, q: Int, r: Int })

/** Take the tile in market `slot`, paying only the surcharge, and place it face down as a lake on (q, r). */
export const BuildLake = Schema.Struct({ type: Schema.Literal("BuildLake"), slot: Int, q: Int, r: Int })

/** Take a basic tile from the supply, paying its cost, and place it on (q, r). You discard a market tile later. */
export const BuyBasicTile = Schema.Struct({
  type: Schema.Literal("BuyBasicTile"),
  tile: Basic,
  q: Int,
  r: Int,
})

/** Put an investment marker on your tile at (q, r), paying its cost again. You discard a market tile later. */
export const PlaceInvestment = Schema.Struct({ type: Schema.Literal("PlaceInvestment"), q: Int, r: Int })

/** After a basic tile or an investment: remove the tile in market `slot`, paying the slot's surcharge. */
export const DiscardTile = Schema.Struct({ type: Schema.Literal("DiscardTile"), slot: Int })

/** Only when no action at all is possible (no affordable tile, lake, basic tile or investment). */
export const Pass = Schema.Struct({ type: Schema.Literal("Pass") })

/** Every Suburbia command. */
export const Command = Schema.Union([
  KeepGoal,
  BuyTile,
  BuildLake,
  BuyBasicTile,
  PlaceInvestment,
  DiscardTile,
  Pass,
])
export type Command = typeof Command.Type
export type KeepGoal = typeof KeepGoal.Type
export type BuyTile = typeof BuyTile.Type
export type BuildLake = typeof BuildLake.Type
export type BuyBasicTile = typeof BuyBasicTile.Type
export type PlaceInvestment = typeof PlaceInvestment.Type
export type DiscardTile = typeof DiscardTile.Type
