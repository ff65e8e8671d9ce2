import type { Decision } from "../../kernel/game.js"
import { SEAT_LIMITS } from "./data.js"
import type { Table } from "./state.js"

const NO_DECISIONS: ReadonlyArray<Decision> = []

/** What the seat whose turn it is must decide, in the game's words, one frozen list per step and seat. */
const owed = (kind: string): ReadonlyArray<ReadonlyArray<Decision>> =>
  Array.from({ length: SEAT_LIMITS.max }, (_, seat) => Object.freeze([Object.freeze({ seat, kind })]))
const FREE = owed("play-or-discard")
const SECOND = owed("buy-or-take")
const PLACE = owed("place")

/** Decisions owed now: the current seat's, when its turn waits on a choice (never two seats at once). */
export const pending = (table: Table): ReadonlyArray<Decision> => {
  const kind = table.step.kind
  const lists = kind === "free" ? FREE : kind === "second" ? SECOND : kind === "place" ? PLACE : null
  return lists === null ? NO_DECISIONS : (lists[table.current] as ReadonlyArray<Decision>)
}
