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
  /** The reactions that also answer placements in other boroughs (`every`, `others`, `each-later`). */
  readonly reactionsToOthers: ReadonlyArray<Indexed<Extract<Effect, { trigger: "each" | "each-later" }>>>
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
  const reactionsToOthers = reactions.filter(
    ({ effect }) => effect.trigger === "each-later" || effect.scope === "every" || effect.scope === "others",
  )
  return {
    category: t.category,
    icons: t.icons,
    cost: t.cost,
    effects: t.effects,
    reactions,
    redLines,
    reactionsToOthers,
  }
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

/** One reaction of a placed tile: effect `index` of `tile`, in printed order. */
export interface TileReaction extends Indexed<Extract<Effect, { trigger: "each" | "each-later" }>> {
  readonly tile: PlacedTile
}

/** What the rules read of a borough's tiles again and again, derived once per tiles array. */
export interface BoroughRules {
  /** Each tile's rules tile, by position. */
  readonly defs: ReadonlyArray<RulesTile>
  /** Every reaction to a placement in another borough, in resolution order (tile by tile, printed order). */
  readonly reactionsToOthers: ReadonlyArray<TileReaction>
}

/**
 * The last few tiles arrays read, with their rules. States never change a tiles array (a placement or an
 * investment makes a new one), so identity is the key. Not a WeakMap: with a new tiles array every placement,
 * its upkeep in garbage collection cost more than the cache saved.
 */
const RECENT = 8
const recentTiles: Array<ReadonlyArray<PlacedTile> | null> = new Array(RECENT).fill(null)
const recentRules: Array<BoroughRules | null> = new Array(RECENT).fill(null)
let replaceNext = 0

const deriveBoroughRules = (tiles: ReadonlyArray<PlacedTile>): BoroughRules => {
  const defs = tiles.map(defOf)
  const reactionsToOthers: TileReaction[] = []
  tiles.forEach((tile, i) => {
    for (const { index, effect } of (defs[i] as RulesTile).reactionsToOthers)
      reactionsToOthers.push({ tile, index, effect })
  })
  return { defs, reactionsToOthers }
}

/** The rules' reading of a borough's tiles (cached: resolving every placement reads every borough). */
export const boroughRules = (tiles: ReadonlyArray<PlacedTile>): BoroughRules => {
  for (let i = 0; i < RECENT; i++) if (recentTiles[i] === tiles) return recentRules[i] as BoroughRules
  const rules = deriveBoroughRules(tiles)
  recentTiles[replaceNext] = tiles
  recentRules[replaceNext] = rules
  replaceNext = (replaceNext + 1) % RECENT
  return rules
}
