/**
 * The effect vocabulary every Suburbia tile is written in (design note §4.4). The rules read these records;
 * no rule branches on a tile's name.
 *
 * - `immediate`: applied once when the tile is placed (and once more when an investment marker goes on it).
 * - `each`: "for each X" — counted over the scope when the tile is placed, then applied again every time a
 *   matching tile is placed later in that scope ("Tiles that give $ also pay every time a matching tile is
 *   placed later", and so do all conditional effects).
 * - `each-later`: "for each X placed after this one" — only tiles placed after this tile, in any borough.
 * - `red-line`: each time the owner's population crosses a red line upward.
 *
 * Scopes (rule text, "Tile Terminology"): `adjacent` = sharing an edge; `own` = "each of your", the owner's
 * borough including the tile itself; `every` = all boroughs including the tile itself; `others` = "all other
 * boroughs"; `lakeside` = each (own lake, adjacent matching tile) pair of the owner's borough.
 * An effect always changes its owner's tracks.
 */

/** The four tile kinds; a lake has none. */
export type Category = "residential" | "commercial" | "industrial" | "civic"
export const CATEGORIES: ReadonlyArray<Category> = ["residential", "commercial", "industrial", "civic"]

/** Interactive icons printed on the right corner of some tiles. */
export type Icon = "restaurant" | "airport" | "office" | "school" | "skyscraper" | "car-dealership"
export const ICONS: ReadonlyArray<Icon> = [
  "restaurant",
  "airport",
  "office",
  "school",
  "skyscraper",
  "car-dealership",
]

/** The four tracks an effect moves. */
export type Stat = "income" | "reputation" | "population" | "money"
export const STATS: ReadonlyArray<Stat> = ["income", "reputation", "population", "money"]

/** Which tiles a "for each" effect counts (see the module comment). */
export type Scope = "adjacent" | "own" | "every" | "others" | "lakeside"

/** Which tiles an effect counts: any of these categories, or any of these icons. Lakes match neither. */
export interface Filter {
  readonly categories?: ReadonlyArray<Category>
  readonly icons?: ReadonlyArray<Icon>
}

/** One printed effect of a tile, in the vocabulary above. */
export type Effect =
  | { readonly trigger: "immediate"; readonly stat: Stat; readonly amount: number }
  | {
      readonly trigger: "each"
      readonly stat: Stat
      readonly amount: number
      readonly scope: Scope
      readonly filter: Filter
    }
  | {
      readonly trigger: "each-later"
      readonly stat: Stat
      readonly amount: number
      readonly scope: "every"
      readonly filter: Filter
    }
  | { readonly trigger: "red-line"; readonly stat: Stat; readonly amount: number }

/** What a tile is, as far as filters care: its category (null for a lake) and its icons. */
export interface Matchable {
  readonly category: Category | null
  readonly icons: ReadonlyArray<Icon>
}

/** Whether a tile matches a filter: one of its categories or one of its icons. */
export const matches = (filter: Filter, tile: Matchable): boolean => {
  if (tile.category !== null && filter.categories?.includes(tile.category)) return true
  if (filter.icons) for (const icon of tile.icons) if (filter.icons.includes(icon)) return true
  return false
}

// Small constructors so the tile table reads like the printed tiles.
const cats = (...categories: Category[]): Filter => ({ categories })
const icon = (...icons: Icon[]): Filter => ({ icons })

/** Filters used by the table: R/C/I/V = residential/commercial/industrial/civic. */
export const F = {
  R: cats("residential"),
  C: cats("commercial"),
  I: cats("industrial"),
  V: cats("civic"),
  RV: cats("residential", "civic"),
  CV: cats("commercial", "civic"),
  RCI: cats("residential", "commercial", "industrial"),
  RCV: cats("residential", "commercial", "civic"),
  ALL: cats("residential", "commercial", "industrial", "civic"),
  restaurant: icon("restaurant"),
  airport: icon("airport"),
  office: icon("office"),
  school: icon("school"),
  skyscraper: icon("skyscraper"),
  carDealership: icon("car-dealership"),
} as const

/** `+amount stat` when placed. */
export const now = (stat: Stat, amount: number): Effect => ({ trigger: "immediate", stat, amount })
/** `+amount stat for each <filter> <scope>`. */
export const each = (stat: Stat, amount: number, scope: Scope, filter: Filter): Effect => ({
  trigger: "each",
  stat,
  amount,
  scope,
  filter,
})
/** `+amount stat for each <filter> placed after this one` (any borough). */
export const eachLater = (stat: Stat, amount: number, filter: Filter): Effect => ({
  trigger: "each-later",
  stat,
  amount,
  scope: "every",
  filter,
})
/** `+amount stat each time you cross a red line`. */
export const perRedLine = (stat: Stat, amount: number): Effect => ({ trigger: "red-line", stat, amount })
