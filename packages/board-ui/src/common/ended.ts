import { ordinal } from "./names.js"
import type { Names } from "./types.js"

/** The kernel's GameEnded as it reaches a narrator. */
export interface Ended {
  readonly ranks: ReadonlyArray<number>
  readonly scores: ReadonlyArray<number>
  readonly reason: string
}

/**
 * "Game over: Ana wins with $52; Ben 2nd ($44)". `score` words one seat's score the game's way ($52,
 * population 36, height 4 and 45 blocks). A solo game ranks its one seat against a bot with no seat, so
 * there may be no seated winner.
 */
export const endedText = (e: Ended, n: Names, score: (value: number) => string = String): string => {
  const order = e.ranks
    .map((rank, seat) => ({ rank, seat }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
  const winners = order.filter((o) => o.rank === 1).map((o) => o.seat)
  const rest = order
    .filter((o) => o.rank !== 1)
    .map((o) => `${n.seat(o.seat)} ${ordinal(o.rank)} (${score(e.scores[o.seat] ?? 0)})`)
  const top = score(e.scores[winners[0] ?? 0] ?? 0)
  const head =
    winners.length === 0
      ? []
      : [`${n.list(winners)} ${winners.length === 1 ? "wins" : "share the win"} with ${top}`]
  return `Game over${e.reason === "adjudicated" ? " (adjudicated)" : ""}: ${[...head, ...rest].join("; ")}`
}
