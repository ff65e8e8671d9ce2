import type { Seat } from "../../kernel/game.js"
import { crossing } from "./board.js"
import { canBuildOnEmpty } from "./contact.js"
import { hasRoofTarget, hasSixTarget, isBlocked, isInsolvent } from "./develop.js"
import type { Building, State, Step } from "./state.js"

/*
 * The order of a turn (docs/rulings/manhattan.md "Order of a turn"): bankruptcy check, roll, move,
 * (1) doubles: take a roof, (2) the crossing, (3) each rolled 1: a roof, (4) each rolled 6: a story, next
 * player. These functions skip the steps that need neither a decision nor an event, so that `pending` and
 * `advance` only ever look at `state.step`. They write into a fresh copy of the state that `evolve` made for
 * the event being folded (one copy per event keeps the fold fast); nothing else ever sees it mutable.
 */

/** A state `evolve` has just copied and may still fill in. */
export type Draft = { -readonly [K in keyof State]: State[K] }

/** A shallow copy of the state to fill in (every field listed: a fixed shape copies fastest). */
export const draft = (s: State): Draft => ({
  seats: s.seats,
  options: s.options,
  seed: s.seed,
  rng: s.rng,
  current: s.current,
  step: s.step,
  dice: s.dice,
  pawns: s.pawns,
  cells: s.cells,
  buildings: s.buildings,
  towers: s.towers,
  roofsHeld: s.roofsHeld,
  supply: s.supply,
  bankrupt: s.bankrupt,
  eliminated: s.eliminated,
})

const DOUBLES: Step = { kind: "doubles" }
const BANKRUPT: Step = { kind: "bankrupt" }
const BLOCKED: Step = { kind: "blocked" }
const ROLL: Step = { kind: "roll" }

const count = (dice: readonly [number, number] | null, face: number): number =>
  dice === null ? 0 : (dice[0] === face ? 1 : 0) + (dice[1] === face ? 1 : 0)

/** After the pawns moved: a roof for doubles, if the supply has one, then the crossing. */
export const afterMove = (d: Draft): void => {
  const dice = d.dice
  if (dice !== null && dice[0] === dice[1] && d.supply.roofs > 0) d.step = DOUBLES
  else crossingStep(d)
}

/** What the crossing of the current player's pawn lines allows. */
export const crossingStep = (d: Draft): void => {
  const step = crossingOpportunity(d)
  if (step !== null) d.step = step
  else afterCrossing(d)
}

const crossingOpportunity = (d: Draft): Step | null => {
  const seat = d.current
  const pawns = d.pawns[seat]
  const cell = pawns ? crossing(pawns[0], pawns[1]) : null
  if (cell === null) return null
  const c = d.cells[cell]
  if (c?.kind === "empty") {
    if (canBuildOnEmpty(d, seat, cell, true)) return { kind: "crossing-build", cell }
    if (d.supply.streets > 0) return { kind: "crossing-street", cell }
  } else if (c?.kind === "building" && (d.buildings[c.building] as Building).owner === seat) {
    if (c.top === "free") return { kind: "crossing-story", cell }
    if (c.top === "roof") return { kind: "remove-roof", cell }
  }
  return null
}

/** After the crossing: the rolled 1s (roofs), then the 6s. */
export const afterCrossing = (d: Draft): void => onesStep(d, count(d.dice, 1))

/** `left` rolled 1s still to use: asks for a roof if the player holds one and some top is free. */
export const onesStep = (d: Draft, left: number): void => {
  if (left > 0 && (d.roofsHeld[d.current] ?? 0) > 0 && hasRoofTarget(d)) d.step = { kind: "place-roof", left }
  else afterOnes(d)
}

/** The 6s after the 1s. */
export const afterOnes = (d: Draft): void => sixesStep(d, count(d.dice, 6))

/** `left` rolled 6s still to use: asks for a story if the player has somewhere to add one. */
export const sixesStep = (d: Draft, left: number): void => {
  if (left > 0 && hasSixTarget(d, d.current)) d.step = { kind: "six-story", left }
  else endTurn(d)
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
export const endTurn = (d: Draft): void => enterTurn(d, nextSolvent(d, d.current), false)

/**
 * The start of a seat's turn: the bankruptcy check (automatic demand, or each opponent asked in seat
 * order), then the blocked-game check, then the roll.
 */
export const enterTurn = (d: Draft, seat: Seat, demandsDone: boolean): void => {
  d.current = seat
  d.dice = null
  if (!demandsDone && isInsolvent(d, seat))
    d.step =
      d.options.bankruptcyDemand === "automatic" ? BANKRUPT : { kind: "demand", from: nextSolvent(d, seat) }
  else d.step = isBlocked(d) ? BLOCKED : ROLL
}

/** After an opponent declined to demand: the next opponent, or the turn goes on. */
export const afterDemandDeclined = (d: Draft, from: Seat): void => {
  const next = nextSolvent(d, from)
  if (next === d.current) enterTurn(d, d.current, true)
  else d.step = { kind: "demand", from: next }
}
