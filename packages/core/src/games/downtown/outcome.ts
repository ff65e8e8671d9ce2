import type { Outcome } from "../../kernel/game.js"
import type { DowntownState } from "./state.js"

/** Ranks by a score per seat: 1 is best and tied seats share a rank. */
export const rankScores = (scores: ReadonlyArray<number>): number[] =>
  scores.map((s) => 1 + scores.filter((t) => t > s).length)

/** Once the final round is complete, the richest player(s) win (2p variant: the highest total value). */
export const outcome = (state: DowntownState): Outcome | null => {
  if (state.step.kind !== "over") return null
  const scores = state.twoPlayer ? state.points : state.money
  return { ranks: rankScores(scores), scores: scores.slice() }
}
