import type { Decision, Seat } from "../../kernel/game.js"
import type { Board } from "./state.js"

/** The seat that owes the decision now, or null while the rules act on their own or the game is over. */
export const pendingSeat = (board: Board): Seat | null => {
  switch (board.step.kind) {
    case "corner":
    case "move":
    case "crossing-story":
    case "remove-roof":
    case "place-roof":
    case "six-story":
      return board.current
    case "demand":
      return board.step.from
    default:
      return null
  }
}

// One list per (kind, seat): pending runs several times a command, so it allocates nothing. The decision
// is frozen; the list is not, as V8 (Node 20) reads elements of frozen arrays several times slower.
const decisions = new Map<string, Array<ReadonlyArray<Decision>>>()

/** Decisions owed now: at most one seat at a time in Manhattan (kind = the step's name). */
export const pending = (board: Board): ReadonlyArray<Decision> => {
  const seat = pendingSeat(board)
  if (seat === null) return []
  const kind = board.step.kind
  let bySeat = decisions.get(kind)
  if (bySeat === undefined) {
    bySeat = []
    decisions.set(kind, bySeat)
  }
  let out = bySeat[seat]
  if (out === undefined) {
    out = [Object.freeze({ seat, kind })]
    bySeat[seat] = out
  }
  return out
}
