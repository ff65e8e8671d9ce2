import { findGame, type SeatStanding } from "@boroughs/core"

// What a score chart plots, read from a viewer's view (never the state): each game says, beside its outcome
// (core's `standings`); a game without its own reader plots its `money` where the view has one per seat.

export type { SeatStanding }

/** How a game's view turns into standings. */
export interface StandingReader {
  /** What `score` means, for the chart's legend. */
  readonly scoreLabel: string
  readonly read: (view: Record<string, unknown>, seats: number) => ReadonlyArray<SeatStanding>
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0)

const fallback: StandingReader = {
  scoreLabel: "money",
  read: (view, seats) => {
    const money = Array.isArray(view.money) ? view.money : null
    return Array.from({ length: seats }, (_, s) => ({
      score: money === null ? 0 : num(money[s]),
      money: money === null ? null : num(money[s]),
    }))
  },
}

/** The standings reader of a game. */
export const standingReader = (game: string): StandingReader => {
  const own = findGame(game)?.game.standings
  if (own === undefined) return fallback
  return { scoreLabel: own.scoreLabel, read: (view) => own.read(view) }
}
