import { type Catalogue, suburbia, type View } from "@boroughs/core/games/suburbia"
import { plural } from "../../common/names.js"
import type { Names } from "../../common/types.js"

export type TileDef = Catalogue["tiles"][number]
export type GoalDef = Catalogue["goals"][number]
export type Category = TileDef["category"]
/** A printed effect in the game's vocabulary (packages/core/src/games/suburbia/effects.ts). */
export type Effect = TileDef["effects"][number]
type Filter = Extract<Effect, { readonly filter: unknown }>["filter"]

// Tiles, goals and the lake come from the game's own catalogue: one table, never a second copy.
const catalogue = suburbia.catalogue(suburbia.defaultOptions)

const TILES = new Map(catalogue.tiles.map((t) => [t.id, t]))
const GOALS = new Map(catalogue.goals.map((g) => [g.id, g]))
/** A lake's own effect ($2 for each adjacent tile). */
export const LAKE_EFFECTS: Catalogue["lake"]["effects"] = catalogue.lake.effects
/** The hexes under the borough board (no tile goes there). */
export const BOROUGH_BOARD_HEXES: Catalogue["geometry"]["boroughBoard"]["hexes"] =
  catalogue.geometry.boroughBoard.hexes

/** A tile kind by id; throws on an id the game does not know (a view from another rules version). */
export const tileDef = (id: string): TileDef => {
  const def = TILES.get(id)
  if (!def) throw new Error(`Suburbia has no tile "${id}"`)
  return def
}

/** A goal's name and bonus, by id. */
export const goalDef = (id: string): Pick<GoalDef, "id" | "name" | "direction" | "bonus"> =>
  GOALS.get(id) ?? { id, name: id, direction: "most", bonus: 0 }

/** A goal in words: "Most commercial (+15 population)". */
export const goalText = (id: string): string => {
  const g = goalDef(id)
  return `${g.name} (+${g.bonus} population)`
}

export const CATEGORY_STYLE: Readonly<
  Record<Category | "lake", { fill: string; ink: string; letter: string; label: string }>
> = {
  residential: { fill: "#CDE8C4", ink: "#25602D", letter: "R", label: "Residential" },
  commercial: { fill: "#C6DDF5", ink: "#1B4F80", letter: "C", label: "Commercial" },
  industrial: { fill: "#F7E2A4", ink: "#6E5200", letter: "I", label: "Industrial" },
  civic: { fill: "#DCDFE5", ink: "#3A4250", letter: "V", label: "Civic" },
  lake: { fill: "#A8D8EA", ink: "#0E5470", letter: "L", label: "Lake" },
}

const STAT_SHORT: Readonly<Record<Effect["stat"], string>> = {
  income: "inc",
  reputation: "rep",
  population: "pop",
  money: "$",
}

const STAT_WORD: Readonly<Record<Effect["stat"], string>> = {
  income: "income",
  reputation: "reputation",
  population: "population",
  money: "money",
}

const filterText = (f: Filter | undefined, short: boolean): string => {
  const cats = (f?.categories ?? []).map((c) => (short ? CATEGORY_STYLE[c].letter : c))
  const icons = (f?.icons ?? []).map((i) => i.replace(/-/g, " "))
  return short ? [cats.join(""), ...icons].filter(Boolean).join(" ") : [...cats, ...icons].join(" or ")
}

const SCOPE: Readonly<Record<string, { short: string; long: string }>> = {
  adjacent: { short: "adj", long: "adjacent" },
  own: { short: "own", long: "of yours" },
  every: { short: "all", long: "in every borough" },
  others: { short: "others'", long: "in other boroughs" },
  lakeside: { short: "by lake", long: "next to your lakes" },
}

const amountText = (e: Effect, short: boolean): string => {
  const sign = e.amount < 0 ? "−" : "+"
  const n = Math.abs(e.amount)
  if (e.stat === "money") return `${sign}$${n}`
  return short ? `${sign}${n} ${STAT_SHORT[e.stat]}` : `${sign}${n} ${STAT_WORD[e.stat]}`
}

/** An effect in a few characters, for a hex ("+1 rep/adj R/C/I"). */
export const effectShort = (e: Effect): string => {
  switch (e.trigger) {
    case "immediate":
      return amountText(e, true)
    case "each":
      return `${amountText(e, true)} ${SCOPE[e.scope ?? ""]?.short ?? e.scope} ${filterText(e.filter, true)}`
    case "each-later":
      return `${amountText(e, true)} later ${filterText(e.filter, true)}`
    case "red-line":
      return `${amountText(e, true)} red line`
  }
}

/** An effect in words ("+1 reputation for each adjacent residential or commercial tile"). */
export const effectLong = (e: Effect): string => {
  switch (e.trigger) {
    case "immediate":
      return `${amountText(e, false)} when placed`
    case "each":
      return `${amountText(e, false)} for each ${filterText(e.filter, false)} tile ${SCOPE[e.scope ?? ""]?.long ?? e.scope}`
    case "each-later":
      return `${amountText(e, false)} for each ${filterText(e.filter, false)} tile placed later, anywhere`
    case "red-line":
      return `${amountText(e, false)} each time you cross a red line`
  }
}

/** A placed tile's name, category and effects in words (a lake: what it was, face down). */
export const tileWords = (tile: { tile: string; lake: boolean; invested: boolean }): string => {
  if (tile.lake)
    return `Lake: ${LAKE_EFFECTS.map(effectLong).join("; ")}${tile.invested ? ": invested: effects doubled" : ""}`
  const def = tileDef(tile.tile)
  const parts = [`${def.name} (${def.category}${def.icons.length ? `, ${def.icons.join(", ")}` : ""})`]
  if (def.effects.length) parts.push(def.effects.map(effectLong).join("; "))
  if (tile.invested) parts.push("invested: effects doubled")
  return parts.join(": ")
}

/** A borough's name: the seat's name, or Dale for the solo opponent. */
export const playerName = (
  view: Pick<View, "players">,
  player: number,
  seatName: (seat: number) => string,
): string => (view.players[player]?.dale ? "Dale" : seatName(player))

/** The narrator's name for a player: Dale is player 1 of a one-seat game (the page names one seat). */
export const narratedPlayer = (n: Names, player: number): string =>
  player === 1 && n.count === 1 ? "Dale" : n.seat(player)

/** "3 tiles". */
export const tiles = (n: number) => plural(n, "tile")
