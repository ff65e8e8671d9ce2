import type { Decision, Seat } from "../../kernel/game.js"
import {
  atRisk,
  contractorCandidates,
  decayCandidates,
  electionLeaders,
  headlineCandidates,
  mostValuableBlocks,
} from "./board.js"
import { OFFICES } from "./data.js"
import { canPayRansom, ordered, target, threatAffected, threatBlock, tributeOwed } from "./rules.js"
import type { State, Task } from "./state.js"

/**
 * Who owes which decision now: one at a time, a task's question first, then the draft pick or the active
 * player's actions.
 */

export type DecisionKind =
  | "draft"
  | "action"
  | "break-tie"
  | "order"
  | "bid"
  | "pick-building"
  | "pick-block"
  | "ransom"
  | "place-marker"
  | "swap-markers"
  | "choose-office"
  | "free-planning"
  | "tribute"

export interface Owed {
  readonly seat: Seat
  readonly kind: DecisionKind
}

/**
 * The drafter of a draft turn: snake order from the start player; with option `turnOrder` compensated or tapered at three
 * seats, snake order from the last player in reverse turn order (the start player drafts third, then fourth).
 */
export const drafter = (state: State): Seat => {
  const n = state.seats
  const pass = Math.floor(state.draftTurn / n)
  const i = state.draftTurn % n
  const k = pass % 2 === 0 ? i : n - 1 - i
  const start = state.startPlayer ?? 0
  const t = state.options.turnOrder
  if ((t === "compensated" || t === "tapered") && n === 3) return (start - 1 - k + 2 * n) % n
  return (start + k) % n
}

/** The decision a task waits for, or null when it resolves on its own. */
const taskDecision = (state: State, task: Task): Owed | null => {
  const active = state.active
  switch (task.k) {
    case "election": {
      const office = OFFICES[state.pawn] as (typeof OFFICES)[number]
      return electionLeaders(state, office).length > 1 ? { seat: active, kind: "break-tie" } : null
    }
    case "contractor":
      return contractorCandidates(state).length > 1 ? { seat: active, kind: "break-tie" } : null
    case "auction": {
      const { remaining, decider } = ordered(state, task, (s) => canPayRansom(state, s, task.price, 0))
      if (remaining.length === 0) return null
      return decider === null ? { seat: active, kind: "order" } : { seat: decider, kind: "bid" }
    }
    case "decay":
    case "headlines": {
      const candidates = task.k === "decay" ? decayCandidates(state) : headlineCandidates(state)
      if (task.target === null && candidates.length === 0) return null
      const t = target(state, task)
      if (t === null) return { seat: active, kind: "pick-building" }
      if (task.k === "headlines") return null
      const owner = state.buildings.find((b) => b.id === t)?.owner
      if (owner === null || owner === undefined) return null
      return canPayRansom(state, owner, 0, task.ransom) ? { seat: owner, kind: "ransom" } : null
    }
    case "threat": {
      if (task.target === "mostValuableBlock" && threatBlock(state, task) === null)
        return mostValuableBlocks(state).length > 1 ? { seat: active, kind: "pick-block" } : null
      const { remaining, decider } = ordered(state, task, threatAffected(state, task))
      if (remaining.length === 0) return null
      if (decider === null) return { seat: active, kind: "order" }
      const risk = atRisk(state, decider, task.target, threatBlock(state, task))
      if (!canPayRansom(state, decider, task.wealth, task.prestige) && risk.length === 1) return null
      return { seat: decider, kind: "ransom" }
    }
    case "placeMarkers": {
      const edge = task.wealth.length > 0 ? "east" : "north"
      return state.markers[edge].filter((v) => v === null).length > 1
        ? { seat: active, kind: "place-marker" }
        : null
    }
    case "winOffice":
      return task.office === "choice" ? { seat: active, kind: "choose-office" } : null
    case "swapMarkers":
      return state.markers[task.edge].filter((v) => v !== null).length >= 2
        ? { seat: active, kind: "swap-markers" }
        : null
    case "takePlanning":
      return state.planningBoxes.some((c) => c !== null) ? { seat: active, kind: "free-planning" } : null
    case "tribute": {
      const { remaining, decider } = ordered(state, task, (s) => tributeOwed(state, task, s) > 0)
      if (remaining.length === 0) return null
      return decider === null ? { seat: active, kind: "order" } : { seat: decider, kind: "tribute" }
    }
    default:
      return null
  }
}

// States are immutable (evolve returns a new object for every event), so the decision owed in the last state
// asked about can be kept: pending, legalCommands and decide each ask for the same state in turn.
let owedState: State | null = null
let owedThen: Owed | null = null

/** The one decision owed now, or null (the rules run on, or the game is over). */
export const owed = (state: State): Owed | null => {
  if (state !== owedState) {
    owedThen = owedNow(state)
    owedState = state
  }
  return owedThen
}

const owedNow = (state: State): Owed | null => {
  if (state.phase === "over") return null
  const head = state.tasks[0]
  if (head) return taskDecision(state, head)
  if (state.phase === "draft") return { seat: drafter(state), kind: "draft" }
  if (state.phase === "turn") return { seat: state.active, kind: "action" }
  return null
}

/** The decisions owed now (kernel `pending`): at most one. */
export const pending = (state: State): ReadonlyArray<Decision> => {
  const o = owed(state)
  return o ? [o] : []
}
