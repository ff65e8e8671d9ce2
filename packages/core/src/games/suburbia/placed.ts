import { LAKE, tileDef } from "./data/tiles.js"
import type { Effect, Matchable } from "./effects.js"
import type { PlacedTile } from "./state.js"

/** What a placed tile is for the rules: its tile kind, or a lake (face down: no category, lake effects). */
export const defOf = (
  t: PlacedTile,
): Matchable & { readonly cost: number; readonly effects: ReadonlyArray<Effect> } =>
  t.lake ? LAKE : tileDef(t.tile)

/** The name effects of this tile carry in causes: its kind, or "lake". */
export const sourceOf = (t: PlacedTile): string => (t.lake ? "lake" : t.tile)
