import type { Command, View } from "@boroughs/core/games/manhattan"
import { placerOf } from "../../common/commands.js"
import type { CommandPlaces, PlaceDescriber } from "../../common/types.js"

/** Squares on the ring, numbered clockwise from the top-left corner. */
const RING_SQUARES = 32

type PawnMove = Extract<Command, { type: "MovePawns" }>["moves"][number]

/**
 * The ring square a pawn of the seat to move reaches (the rules' `reach`): from off the board the first pip
 * puts it on its entry corner.
 */
export const squareReached = (view: View, move: PawnMove): number => {
  const from = view.pawns[view.current]?.[move.pawn] ?? null
  const step = move.direction === "cw" ? 1 : -1
  const start = from === null ? (move.entry ?? 0) : from
  const pips = from === null ? move.pips - 1 : move.pips
  return (((start + step * pips) % RING_SQUARES) + RING_SQUARES) % RING_SQUARES
}

const cell = (c: { x: number; y: number }) => [`cell-${c.x}-${c.y}`]
const none = () => []

/**
 * Where Manhattan's commands point: the corner a seat starts on, the squares its pawns land on, the city cell
 * a story or a roof goes on (or comes off). A bankruptcy demand and a skip have no place.
 */
export const manhattanCommandPlaces: CommandPlaces<Command, View> = {
  ChooseCorner: (c) => [`ring-${c.corner}`],
  MovePawns: (c, view) => [...new Set(c.moves.map((m) => `ring-${squareReached(view, m)}`))],
  BuildStory: cell,
  RemoveRoof: cell,
  PlaceRoof: cell,
  DemandBankruptcy: none,
  Skip: none,
}

export const manhattanPlacesOfCommand = placerOf(manhattanCommandPlaces)

/** A Manhattan place in words: "column 3, row 5", "ring square 12 (a corner)". */
export const describeManhattanPlace: PlaceDescriber = (place) => {
  const cell = /^cell-(\d+)-(\d+)$/.exec(place)
  if (cell) return `column ${cell[1]}, row ${cell[2]}`
  const ring = /^ring-(\d+)$/.exec(place)
  if (ring) return `ring square ${ring[1]}${Number(ring[1]) % 8 === 0 ? " (a corner)" : ""}`
  throw new Error(`no Manhattan place ${place}`)
}
