import type { Outcome, SeatStanding } from "../../kernel/game.js"
import type { State } from "./state.js"
import type { View } from "./view.js"

/** Ranks by a score per seat: 1 is best and tied seats share a rank. */
export const rankScores = (scores: ReadonlyArray<number>): number[] =>
  scores.map((s) => 1 + scores.filter((t) => t > s).length)

/** Once the final round is complete, the richest player(s) win (2p variant: the highest total value). */
export const outcome = (state: State): Outcome | null => {
  if (state.step.kind !== "over") return null
  const scores = state.twoPlayer ? state.points : state.money
  return { ranks: rankScores(scores), scores: scores.slice() }
}

/** The richest leads (2p variant: the highest total value of its markers, `points`); money is the money. */
export const standings = {
  scoreLabel: "money",
  read: (view: View): SeatStanding[] => {
    const scores = view.options.variant === "2p-official" ? view.points : view.money
    return view.money.map((money, seat) => ({ score: scores[seat] ?? 0, money }))
  },
}
