// What a score chart plots, read from a viewer's view (never the state): money where the game has money,
// and the measure the game ranks by. Views are the games' public schemas (`boroughs describe <game>`).

/** One seat's standing at one position. */
export interface SeatStanding {
  readonly score: number
  readonly money: number | null
}

/** How a game's view turns into standings. */
interface StandingReader {
  /** What `score` means, for the chart's legend. */
  readonly scoreLabel: string
  readonly read: (view: Record<string, unknown>, seats: number) => SeatStanding[]
}

type Json = Record<string, unknown>
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0)
const arr = (v: unknown): ReadonlyArray<unknown> => (Array.isArray(v) ? v : [])
const seatsOf = (seats: number) => Array.from({ length: seats }, (_, s) => s)

const readers: Readonly<Record<string, StandingReader>> = {
  // Downtown: the richest wins (two players: the total value of their markers, `points`).
  downtown: {
    scoreLabel: "money",
    read: (view, seats) => {
      const money = arr(view.money)
      const scores = seats === 2 ? arr(view.points) : money
      return seatsOf(seats).map((s) => ({ score: num(scores[s]), money: num(money[s]) }))
    },
  },
  // Manhattan: the best building ranks (height × 100 + its blocks, as the outcome scores it); no money.
  manhattan: {
    scoreLabel: "best building (height × 100 + blocks)",
    read: (view, seats) => {
      const buildings = arr(view.buildings) as ReadonlyArray<Json>
      const towers = arr(view.towers)
      const bankrupt = arr(view.bankrupt)
      return seatsOf(seats).map((s) => {
        if (bankrupt[s] === true) return { score: 0, money: null }
        let best = 0
        for (const id of arr(towers[s])) {
          if (typeof id !== "number") continue
          const b = buildings[id]
          if (b !== undefined) best = Math.max(best, num(b.height) * 100 + num(b.blocks))
        }
        return { score: best, money: null }
      })
    },
  },
  // Suburbia: population ranks; money is its own track.
  suburbia: {
    scoreLabel: "population",
    read: (view, seats) => {
      const players = arr(view.players) as ReadonlyArray<Json>
      return seatsOf(seats).map((s) => ({
        score: num(players[s]?.population),
        money: num(players[s]?.money),
      }))
    },
  },
  // Uptown: prestige plus 1 per $3 (the final score as it would stand now).
  uptown: {
    scoreLabel: "prestige + $/3",
    read: (view, seats) => {
      const values = arr(view.values) as ReadonlyArray<Json>
      const money = arr(view.money)
      return seatsOf(seats).map((s) => ({
        score: num(values[s]?.prestige) + Math.floor(num(money[s]) / 3),
        money: num(money[s]),
      }))
    },
  },
  // Urban Sprawl: most prestige wins (wealth breaks ties); wealth is the money.
  "urban-sprawl": {
    scoreLabel: "prestige",
    read: (view, seats) => {
      const players = arr(view.players) as ReadonlyArray<Json>
      return seatsOf(seats).map((s) => ({
        score: num(players[s]?.prestige),
        money: num(players[s]?.wealth),
      }))
    },
  },
}

/** A game without a reader of its own: its `money` when the view has one per seat, else nothing to plot. */
const fallback: StandingReader = {
  scoreLabel: "money",
  read: (view, seats) => {
    const money = Array.isArray(view.money) ? view.money : null
    return seatsOf(seats).map((s) => ({
      score: money === null ? 0 : num(money[s]),
      money: money === null ? null : num(money[s]),
    }))
  },
}

/** The standings reader of a game. */
export const standingReader = (game: string): StandingReader => readers[game] ?? fallback
