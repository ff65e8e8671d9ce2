import type { Decision } from "../../kernel/game.js"
import type { State } from "./state.js"

const NONE: ReadonlyArray<Decision> = []

/** Every seat that owes a decision now; votes and dials are owed by all seats at once. */
export const pending = (state: State): ReadonlyArray<Decision> => {
  const step = state.step
  switch (step.kind) {
    case "zoning":
      return [{ seat: state.mayor, kind: "zoning" }]
    case "cards": {
      const out: Decision[] = []
      for (let seat = 0; seat < state.seats; seat++)
        if (state.votes[seat] === null) out.push({ seat, kind: "vote" })
      return out
    }
    case "lobby":
      return [{ seat: step.declarer, kind: "lobby" }]
    case "tie":
      return [{ seat: state.mayor, kind: "tie-break" }]
    case "construction":
      return [{ seat: (state.mayor + 1) % state.seats, kind: "construction" }]
    case "dials": {
      const out: Decision[] = []
      for (let seat = 0; seat < state.seats; seat++)
        if (state.choices[seat] === null) out.push({ seat, kind: "dial" })
      return out
    }
    default:
      return NONE
  }
}
