import type { Outcome, Seat, SeatStanding } from "../../kernel/game.js"
import { DOLLARS_PER_POINT } from "./data.js"
import type { Table } from "./state.js"
import { tallest } from "./street.js"

/** A seat's final score (rule text, "Scoring"): its street's prestige plus 1 per $3 in its account. */
export const scoreOf = (table: Pick<Table, "values" | "money">, seat: Seat): number =>
  (table.values[seat]?.prestige ?? 0) + Math.floor((table.money[seat] ?? 0) / DOLLARS_PER_POINT)

/**
 * The result once the game is over: most prestige wins; on equal prestige the taller tallest building ranks
 * first; a tie on both is shared (rule text, "Scoring" — ruling 5). Upcoins left on a deck are in nobody's
 * account and score nothing (ruling 13).
 */
export const outcome = (table: Table): Outcome | null => {
  if (table.step.kind !== "over") return null
  const scores: number[] = []
  const heights: number[] = []
  for (let seat = 0; seat < table.seats; seat++) {
    scores.push(scoreOf(table, seat))
    heights.push(tallest(table.streets[seat] ?? []))
  }
  const ranks = scores.map((score, seat) => {
    let better = 0
    for (let other = 0; other < table.seats; other++) {
      const s = scores[other] as number
      if (s > score || (s === score && (heights[other] as number) > (heights[seat] as number))) better++
    }
    return better + 1
  })
  return { ranks, scores }
}

/** The final score as it would stand now: prestige plus 1 per $3. */
export const standings = {
  scoreLabel: "prestige + $/3",
  read: (view: Pick<Table, "seats" | "values" | "money">): SeatStanding[] =>
    Array.from({ length: view.seats }, (_, seat) => ({
      score: scoreOf(view, seat),
      money: view.money[seat] ?? 0,
    })),
}
