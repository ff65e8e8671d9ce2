import type { Seat } from "../../kernel/game.js"
import { crossing } from "./board.js"
import { canBuildOnEmpty } from "./contact.js"
import { hasRoofTarget, hasSixTarget, isBlocked, isInsolvent } from "./develop.js"
import type { Building, State, Step } from "./state.js"

/*
 * The order of a turn (docs/rulings/manhattan.md "Order of a turn"): bankruptcy check, roll, move,
 * (1) doubles: take a roof, (2) the crossing, (3) each rolled 1: a roof, (4) each rolled 6: a story, next
 * player. These functions skip the steps that need neither a decision nor an event, so that `pending` and
 * `advance` only ever look at `state.step`.
 */

const count = (dice: readonly [number, number] | null, face: number): number =>
  dice === null ? 0 : (dice[0] === face ? 1 : 0) + (dice[1] === face ? 1 : 0)

/** After the pawns moved: a roof for doubles, if the supply has one, then the crossing. */
export const afterMove = (state: State): State => {
  const dice = state.dice
  if (dice !== null && dice[0] === dice[1] && state.supply.roofs > 0)
    return { ...state, step: { kind: "doubles" } }
  return crossingStep(state)
}

/** What the crossing of the current player's pawn lines allows. */
export const crossingStep = (state: State): State => {
  const seat = state.current
  const pawns = state.pawns[seat]
  const cell = pawns ? crossing(pawns[0], pawns[1]) : null
  if (cell === null) return onesStep(state, count(state.dice, 1))
  const c = state.cells[cell]
  if (c?.kind === "empty") {
    if (canBuildOnEmpty(state, seat, cell, true)) return at(state, { kind: "crossing-build", cell })
    if (state.supply.streets > 0) return at(state, { kind: "crossing-street", cell })
  } else if (c?.kind === "building" && (state.buildings[c.building] as Building).owner === seat) {
    if (c.top === "free") return at(state, { kind: "crossing-story", cell })
    if (c.top === "roof") return at(state, { kind: "remove-roof", cell })
  }
  return onesStep(state, count(state.dice, 1))
}

/** After the crossing: the rolled 1s (roofs), then the 6s. */
export const afterCrossing = (state: State): State => onesStep(state, count(state.dice, 1))

/** `left` rolled 1s still to use: asks for a roof if the player holds one and some top is free. */
export const onesStep = (state: State, left: number): State => {
  if (left > 0 && (state.roofsHeld[state.current] ?? 0) > 0 && hasRoofTarget(state))
    return at(state, { kind: "place-roof", left })
  return sixesStep(state, count(state.dice, 6))
}

/** The 6s after the 1s. */
export const afterOnes = (state: State): State => sixesStep(state, count(state.dice, 6))

/** `left` rolled 6s still to use: asks for a story if the player has somewhere to add one. */
export const sixesStep = (state: State, left: number): State => {
  if (left > 0 && hasSixTarget(state, state.current)) return at(state, { kind: "six-story", left })
  return endTurn(state)
}

/** The next seat after `seat` that is not bankrupt. */
export const nextSolvent = (state: State, seat: Seat): Seat => {
  for (let i = 1; i <= state.seats; i++) {
    const s = (seat + i) % state.seats
    if (!state.bankrupt[s]) return s
  }
  return seat
}

/** The turn passes to the next player who is not bankrupt. */
export const endTurn = (state: State): State => enterTurn(state, nextSolvent(state, state.current), false)

/**
 * The start of a seat's turn: the bankruptcy check (automatic demand, or each opponent asked in seat
 * order), then the blocked-game check, then the roll.
 */
export const enterTurn = (state: State, seat: Seat, demandsDone: boolean): State => {
  const base: State = { ...state, current: seat, dice: null }
  if (!demandsDone && isInsolvent(base, seat)) {
    if (base.options.bankruptcyDemand === "automatic") return at(base, { kind: "bankrupt" })
    return at(base, { kind: "demand", from: nextSolvent(base, seat) })
  }
  if (isBlocked(base)) return at(base, { kind: "blocked" })
  return at(base, { kind: "roll" })
}

/** After an opponent declined to demand: the next opponent, or the turn goes on. */
export const afterDemandDeclined = (state: State, from: Seat): State => {
  const next = nextSolvent(state, from)
  if (next === state.current) return enterTurn(state, state.current, true)
  return at(state, { kind: "demand", from: next })
}

/** The state with a new step. */
export const at = (state: State, step: Step): State => ({ ...state, step })
