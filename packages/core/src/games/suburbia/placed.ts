import { LAKE, TILES } from "./data/tiles.js"
import type { Effect, Matchable } from "./effects.js"
import type { PlacedTile } from "./state.js"

/** An effect with its position in the tile's printed list (causes name effects by that index). */
export interface Indexed<E extends Effect = Effect> {
  readonly index: number
  readonly effect: E
}

/** A tile kind as the rules read it: what filters match, its cost, its effects grouped by trigger. */
export interface RulesTile extends Matchable {
  readonly cost: number
  readonly effects: ReadonlyArray<Effect>
  /** `each` and `each-later` effects: the ones that answer later placements. */
  readonly reactions: ReadonlyArray<Indexed<Extract<Effect, { trigger: "each" | "each-later" }>>>
  readonly redLines: ReadonlyArray<Indexed<Extract<Effect, { trigger: "red-line" }>>>
}

const compile = (
  t: Matchable & { readonly cost: number; readonly effects: ReadonlyArray<Effect> },
): RulesTile => {
  const reactions: Array<Indexed<Extract<Effect, { trigger: "each" | "each-later" }>>> = []
  const redLines: Array<Indexed<Extract<Effect, { trigger: "red-line" }>>> = []
  t.effects.forEach((effect, index) => {
    if (effect.trigger === "each" || effect.trigger === "each-later") reactions.push({ index, effect })
    else if (effect.trigger === "red-line") redLines.push({ index, effect })
  })
  return { category: t.category, icons: t.icons, cost: t.cost, effects: t.effects, reactions, redLines }
}

const BY_ID = new Map(TILES.map((t) => [t.id, compile(t)]))
const LAKE_TILE = compile(LAKE)

/** What a placed tile is for the rules: its tile kind, or a lake (face down: no category, lake effects). */
export const defOf = (t: PlacedTile): RulesTile => {
  if (t.lake) return LAKE_TILE
  const def = BY_ID.get(t.tile)
  if (!def) throw new Error(`suburbia: unknown tile ${t.tile}`)
  return def
}

/** The name effects of this tile carry in causes: its kind, or "lake". */
export const sourceOf = (t: PlacedTile): string => (t.lake ? "lake" : t.tile)
