import type { Outcome, SeatStanding } from "../../kernel/game.js"
import type { Board, Borough } from "./state.js"

/** Whether `a` beats `b`: population, then reputation, then income, then money left (rule text). */
export const beats = (a: Borough, b: Borough): boolean =>
  a.population !== b.population
    ? a.population > b.population
    : a.reputation !== b.reputation
      ? a.reputation > b.reputation
      : a.income !== b.income
        ? a.income > b.income
        : a.money > b.money

/**
 * The result once final scoring is done. Score = population. Rank = 1 + the players who beat the seat on the
 * four tie-breaks; a tie on all four shares the rank ("play another game" is not ours to run). Solo: rank 1
 * when Dale does not beat the player, else 2 (the score only counts when Dale is beaten).
 */
export const outcome = (board: Board): Outcome | null => {
  if (board.step !== "over") return null
  const seats = board.players.slice(0, board.seats)
  const ranks = seats.map(
    (me) => 1 + board.players.filter((other) => other !== me && beats(other, me)).length,
  )
  return { ranks, scores: seats.map((b) => b.population) }
}

/** Population ranks; money is its own track. */
export const standings = {
  scoreLabel: "population",
  read: (view: Board): SeatStanding[] =>
    view.players.slice(0, view.seats).map((b) => ({ score: b.population, money: b.money })),
}
