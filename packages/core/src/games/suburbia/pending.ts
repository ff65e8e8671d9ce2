import type { Decision } from "../../kernel/game.js"
import { affordableDiscards } from "./market.js"
import type { State } from "./state.js"

// One frozen list per (kind, seat), shared by every call: pending runs before every decision.
const owedBy: Record<"action" | "discard", Array<ReadonlyArray<Decision>>> = { action: [], discard: [] }
const one = (seat: number, kind: "action" | "discard"): ReadonlyArray<Decision> =>
  (owedBy[kind][seat] ??= Object.freeze([Object.freeze({ seat, kind })]))

/**
 * Decisions owed now: every seat still holding two goals (`keep-goal`, all at once), else the current
 * player's `action` or `discard` (only when some discard is affordable; otherwise the rules skip it).
 */
export const pending = (state: State): ReadonlyArray<Decision> => {
  switch (state.step) {
    case "goals": {
      const out: Decision[] = []
      for (let s = 0; s < state.seats; s++)
        if (state.dealt[s] && !state.goalKept[s]) out.push({ seat: s, kind: "keep-goal" })
      return out
    }
    case "action":
      return one(state.current, "action")
    case "discard":
      return affordableDiscards(state, state.current).length > 0 ? one(state.current, "discard") : []
    default:
      return []
  }
}
