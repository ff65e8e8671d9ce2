import type { Decision, Seat } from "../../kernel/game.js"
import { ALL_SEATS } from "./options.js"
import type { State } from "./state.js"

const NONE: ReadonlyArray<Decision> = []

/**
 * Each seat's decision of one kind, alone in a list, built once: `pending` runs once or twice a command,
 * and fresh objects for every call showed in playout profiles. Frozen, since every caller shares them.
 */
const bySeat = (kind: string): ReadonlyArray<ReadonlyArray<Decision>> =>
  Array.from({ length: ALL_SEATS.max }, (_, seat) => Object.freeze([Object.freeze({ seat, kind })]))
const ZONING = bySeat("zoning")
const VOTE = bySeat("vote")
const LOBBY = bySeat("lobby")
const TIE_BREAK = bySeat("tie-break")
const CONSTRUCTION = bySeat("construction")
const DIAL = bySeat("dial")

const alone = (decisions: ReadonlyArray<ReadonlyArray<Decision>>, seat: Seat): ReadonlyArray<Decision> =>
  decisions[seat] as ReadonlyArray<Decision>
const decision = (decisions: ReadonlyArray<ReadonlyArray<Decision>>, seat: Seat): Decision =>
  alone(decisions, seat)[0] as Decision

/** Every seat that owes a decision now; votes and dials are owed by all seats at once. */
export const pending = (state: State): ReadonlyArray<Decision> => {
  const step = state.step
  switch (step.kind) {
    case "zoning":
      return alone(ZONING, state.mayor)
    case "cards": {
      const out: Decision[] = []
      for (let seat = 0; seat < state.seats; seat++)
        if (state.votes[seat] === null) out.push(decision(VOTE, seat))
      return out
    }
    case "lobby":
      return alone(LOBBY, step.declarer)
    case "tie":
      return alone(TIE_BREAK, state.mayor)
    case "construction":
      return alone(CONSTRUCTION, (state.mayor + 1) % state.seats)
    case "dials": {
      const out: Decision[] = []
      for (let seat = 0; seat < state.seats; seat++)
        if (state.choices[seat] === null) out.push(decision(DIAL, seat))
      return out
    }
    default:
      return NONE
  }
}
