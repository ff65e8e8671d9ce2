import { type Ended, endedText } from "../../common/ended.js"
import { plural } from "../../common/names.js"
import type { Names, Narrator } from "../../common/types.js"

const at = (e: { x: number; y: number }) => `column ${e.x}, row ${e.y}`

const DECLINED: Readonly<Record<string, string>> = {
  demand: "does not demand a bankruptcy",
  "crossing-story": "adds no story at the crossing",
  "remove-roof": "keeps the roof",
  "place-roof": "places no roof",
  "six-story": "adds no story for the six",
}

const whose = (owner: number | null, seat: number, n: Names) =>
  owner === null ? "an ownerless" : owner === seat ? "their own" : `${n.seat(owner)}'s`

/** Manhattan's events in plain words (nothing in Manhattan is secret). */
export const manhattanNarrator: Narrator = {
  CornerChosen: (e: { seat: number; corner: number }, n: Names) =>
    `${n.seat(e.seat)} puts both pawns on corner ${e.corner}`,
  DiceRolled: (e: { seat: number; dice: [number, number] }, n: Names) =>
    `${n.seat(e.seat)} rolled ${e.dice[0]} and ${e.dice[1]}${e.dice[0] === e.dice[1] ? " — doubles" : ""}`,
  PawnsMoved: (
    e: {
      seat: number
      moves: { pawn: number; from: number | null; to: number; pips: number; direction: string }[]
    },
    n: Names,
  ) =>
    `${n.seat(e.seat)} moved ${e.moves
      .map(
        (m) =>
          `pawn ${m.pawn + 1} ${plural(m.pips, "square")} ${m.direction === "cw" ? "clockwise" : "anticlockwise"} (${
            m.from === null ? "from off the board" : `square ${m.from}`
          } → ${m.to})`,
      )
      .join(" and ")}`,
  RoofTaken: (e: { seat: number }, n: Names) => `${n.seat(e.seat)} takes a roof for the doubles`,
  StoryBuilt: (
    e: {
      seat: number
      x: number
      y: number
      height: number
      building: number
      founded: boolean
      source: string
      merged: unknown[]
      takenOver: { owner: number | null }[]
    },
    n: Names,
  ) => {
    const parts = [
      `${n.seat(e.seat)} built a story at ${at(e)}${e.source === "six" ? " with a six" : ""}: height ${e.height}`,
    ]
    if (e.founded) parts.push(`founding building ${e.building + 1}`)
    if (e.merged.length > 0) parts.push(`merging ${plural(e.merged.length + 1, "building")}`)
    for (const t of e.takenOver) parts.push(`taking over ${whose(t.owner, e.seat, n)} building`)
    return parts.join(", ")
  },
  StreetBuilt: (e: { seat: number; x: number; y: number }, n: Names) =>
    `${n.seat(e.seat)} laid a street at ${at(e)}`,
  RoofPlaced: (e: { seat: number; x: number; y: number; owner: number | null }, n: Names) =>
    `${n.seat(e.seat)} put a roof on ${whose(e.owner, e.seat, n)} building at ${at(e)}`,
  RoofRemoved: (e: { seat: number; x: number; y: number }, n: Names) =>
    `${n.seat(e.seat)} removed the roof at ${at(e)}`,
  Declined: (e: { seat: number; decision: string }, n: Names) =>
    `${n.seat(e.seat)} ${DECLINED[e.decision] ?? `declines (${e.decision})`}`,
  PlayerBankrupt: (e: { seat: number; demandedBy: number | null; buildings: number[] }, n: Names) =>
    `${n.seat(e.seat)} went bankrupt${e.demandedBy === null ? "" : ` on ${n.seat(e.demandedBy)}'s demand`}; ${plural(
      e.buildings.length,
      "building",
    )} stand${e.buildings.length === 1 ? "s" : ""} ownerless`,
  // Score = height × 100 + blocks of the best building (core's outcome): say it as people count it.
  GameEnded: (e: Ended, n: Names) =>
    endedText(e, n, (s) =>
      s === 0 ? "no building" : `a building ${Math.floor(s / 100)} high, ${plural(s % 100, "block")}`,
    ),
  GameBlocked: (e: { storiesLeft: number }) =>
    `Nobody can build again with ${plural(e.storiesLeft, "story", "stories")} left: the game ends`,
}

/** The cells and ring squares an event touches (`cell-3-5`, `ring-12`). */
export const manhattanPlacesOf = (event: {
  x?: number
  y?: number
  corner?: number
  moves?: { to: number }[]
}): string[] => {
  if (typeof event.x === "number" && typeof event.y === "number") return [`cell-${event.x}-${event.y}`]
  if (typeof event.corner === "number") return [`ring-${event.corner}`]
  if (Array.isArray(event.moves)) return event.moves.map((m) => `ring-${m.to}`)
  return []
}
