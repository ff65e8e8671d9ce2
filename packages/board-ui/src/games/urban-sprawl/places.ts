import type { Command, View } from "@boroughs/core/games/urban-sprawl"
import { placerOf } from "../../common/commands.js"
import type { CommandPlaces, PlaceDescriber } from "../../common/types.js"
import { COSTS, spaced } from "./data.js"

const DECKS = ["town", "city", "metro"] as const

/** Where a face-up card lies: its planning or contract box, a deck's top, or the seat's hand or Favors. */
const cardPlace = (view: View, card: string): string | null => {
  const planning = view.planningBoxes.indexOf(card)
  if (planning >= 0) return `planning-${planning}`
  if (view.planning.top === card) return "planning-top"
  const contract = view.contractBoxes.indexOf(card)
  if (contract >= 0) return `contract-${contract}`
  for (const d of DECKS) if (view.decks[d].top === card) return `deck-${d}`
  const seat = view.players[view.active]
  if (seat?.favors.includes(card)) return `favor-${card}`
  if (seat?.hand.includes(card)) return `hand-${card}`
  return null
}

const placed = (...places: ReadonlyArray<string | null>): string[] =>
  places.filter((p): p is string => p !== null)

/** The block a building stands on. */
const buildingBlock = (view: View, building: number): string | null => {
  const b = view.buildings.find((x) => x.id === building)
  return b ? `block-${b.block}` : null
}

/** The edge whose markers the task in hand places or swaps (placing: wealth east, prestige north). */
const markerEdge = (view: View): string | null => {
  const task = view.tasks[0]
  if (task?.k === "placeMarkers") return task.wealth.length > 0 ? "east" : "north"
  if (task?.k === "swapMarkers") return task.edge
  return null
}

const none = () => []

/**
 * Where Urban Sprawl's commands point: a Build at its block and the card built (box, deck top or Favor);
 * taking, clearing or investing a card at where it lies; a building at its block; markers at their spaces;
 * an office at its place. Passing, ending the turn, bids, ransoms, tribute and choosing who decides next are
 * choices without a place.
 */
export const urbanSprawlCommandPlaces: CommandPlaces<Command, View> = {
  BuyStarter: (c, view) => placed(buildingBlock(view, c.building)),
  PassDraft: none,
  Invest: (c) => [`hand-${c.card}`],
  TakePlanning: (c, view) => placed(cardPlace(view, c.card)),
  TakeFavor: (c, view) => placed(cardPlace(view, c.card)),
  Build: (c, view) => placed(`block-${c.block}`, cardPlace(view, c.card)),
  DiscardFavor: (c) => [`favor-${c.card}`],
  ClearBox: (c, view) => placed(cardPlace(view, c.card)),
  EndTurn: none,
  OrderNext: none,
  BreakTie: none,
  PickBuilding: (c, view) => placed(buildingBlock(view, c.building)),
  PickBlock: (c) => [`block-${c.block}`],
  PayRansom: none,
  LoseBuilding: (c, view) => placed(buildingBlock(view, c.building)),
  Bid: none,
  PlaceMarker: (c, view) => {
    const edge = markerEdge(view)
    return edge === null ? [] : [`marker-${edge}-${c.space}`]
  },
  SwapMarkers: (c, view) => {
    const edge = markerEdge(view)
    return edge === null ? [] : [`marker-${edge}-${c.a}`, `marker-${edge}-${c.b}`]
  },
  ChooseOffice: (c) => [`office-${c.office}`],
  TakeFreePlanning: (c, view) => placed(cardPlace(view, c.card)),
  SkipEffect: none,
  PayTribute: none,
}

export const urbanSprawlPlacesOfCommand = placerOf(urbanSprawlCommandPlaces)

/**
 * An Urban Sprawl place in words, with what taking a card there costs: "contract box 2 (2 AP)", "block 14",
 * "the east marker space 3", "the Town deck top (… AP)".
 */
export const describeUrbanSprawlPlace: PlaceDescriber = (place) => {
  const [kind, ...rest] = place.split("-")
  const at = rest.join("-")
  const n = Number(at)
  switch (kind) {
    case "block":
      return `block ${n + 1}`
    case "marker":
      return `the ${rest[0]} marker space ${Number(rest[1]) + 1}`
    case "contract":
      return `contract box ${n + 1} (${COSTS.contractBoxes[n] ?? n + 1} AP)`
    case "planning":
      return at === "top"
        ? `the planning deck top (${COSTS.planningTop} AP)`
        : `planning box ${n + 1} (${COSTS.planningBoxes[n] ?? n + 1} AP)`
    case "deck":
      return `the ${spaced(at)} deck top (${COSTS.deckTops[at as "town" | "city" | "metro"]} AP)`
    case "hand":
      return "the hand"
    case "favor":
      return "the Favors"
    case "office":
      return `the office of ${spaced(at)}`
    default:
      throw new Error(`no Urban Sprawl place ${place}`)
  }
}
