import { ordinal, type Rating, rate, rating } from "openskill"
import type { TournamentState } from "./fold.js"
import { BYE_POINTS, placementPoints } from "./scoring.js"

/** One entrant's line in the standings. */
export interface Standing {
  readonly rank: number
  readonly entrant: string
  readonly plays: string
  readonly points: number
  readonly games: number
  readonly wins: number
  readonly byes: number
  /** Sum of the points of every opponent met (Buchholz): the first tie-break. */
  readonly opposition: number
  readonly meanScore: number
  readonly rating: { readonly mu: number; readonly sigma: number; readonly ordinal: number }
}

/** A rating after each round, for charts. */
export interface RatingPoint {
  readonly round: number
  readonly ratings: Readonly<Record<string, number>>
}

/**
 * Multi-player Weng–Lin (openskill) ratings folded from the recorded results, round by round and table by
 * table (a fixed order, so the same stream always gives the same ratings): every entrant starts at the
 * library's default, and each game updates its seats from their ranks.
 */
export const ratingsOf = (s: TournamentState): { current: Map<string, Rating>; history: RatingPoint[] } => {
  const current = new Map<string, Rating>(s.created.entrants.map((e) => [e.id, rating()]))
  const history: RatingPoint[] = []
  for (const r of s.rounds) {
    const byTable = [...r.results].sort((a, b) => a.table - b.table)
    for (const result of byTable) {
      const table = r.tables.find((t) => t.table === result.table)
      if (!table) continue
      const teams = table.entrants.map((id) => [current.get(id) ?? rating()])
      const rated = rate(teams, { rank: [...result.ranks] })
      table.entrants.forEach((id, seat) => {
        const next = rated[seat]?.[0]
        if (next) current.set(id, next)
      })
    }
    history.push({
      round: r.round,
      ratings: Object.fromEntries([...current].map(([id, rt]) => [id, round2(ordinal(rt))])),
    })
  }
  return { current, history }
}

const round2 = (x: number) => Math.round(x * 100) / 100

/** The standings: points, then opposition, then rating, then entrant id. */
export const standingsOf = (s: TournamentState): Standing[] => {
  const acc = new Map(
    s.created.entrants.map((e) => [
      e.id,
      { plays: e.plays, points: 0, games: 0, wins: 0, byes: 0, score: 0, met: [] as string[] },
    ]),
  )
  for (const r of s.rounds) {
    for (const id of r.byes) {
      const a = acc.get(id)
      if (a) {
        a.points += BYE_POINTS
        a.byes++
      }
    }
    for (const result of r.results) {
      const table = r.tables.find((t) => t.table === result.table)
      if (!table) continue
      const points = placementPoints(result.ranks)
      table.entrants.forEach((id, seat) => {
        const a = acc.get(id)
        if (!a) return
        a.points += points[seat] ?? 0
        a.games++
        if (result.ranks[seat] === 1) a.wins++
        a.score += result.scores[seat] ?? 0
        for (const other of table.entrants) if (other !== id) a.met.push(other)
      })
    }
  }
  const { current } = ratingsOf(s)
  const rows = [...acc].map(([entrant, a]) => {
    const rt = current.get(entrant) ?? rating()
    return {
      entrant,
      plays: a.plays,
      points: round2(a.points),
      games: a.games,
      wins: a.wins,
      byes: a.byes,
      opposition: round2(a.met.reduce((sum, o) => sum + (acc.get(o)?.points ?? 0), 0)),
      meanScore: a.games === 0 ? 0 : round2(a.score / a.games),
      rating: { mu: round2(rt.mu), sigma: round2(rt.sigma), ordinal: round2(ordinal(rt)) },
    }
  })
  rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.opposition - a.opposition ||
      b.rating.ordinal - a.rating.ordinal ||
      (a.entrant < b.entrant ? -1 : a.entrant > b.entrant ? 1 : 0),
  )
  let rank = 0
  return rows.map((row, i) => {
    const prev = rows[i - 1]
    if (!prev || prev.points !== row.points || prev.opposition !== row.opposition) rank = i + 1
    return { rank, ...row }
  })
}
