import { Random } from "@boroughs/core"
import { type Table, tableGameId } from "./events.js"
import type { TournamentState } from "./fold.js"
import { standingsOf } from "./standings.js"

/** Seats per table a tournament allows (the games' common range for multi-player tables). */
export const TABLE_SIZES = { min: 3, max: 6 } as const

/** How often each pair of entrants has shared a table so far. */
export const meetingsOf = (s: TournamentState): Map<string, number> => {
  const met = new Map<string, number>()
  for (const r of s.rounds)
    for (const t of r.tables)
      for (const a of t.entrants)
        for (const b of t.entrants) if (a < b) met.set(pairKey(a, b), (met.get(pairKey(a, b)) ?? 0) + 1)
  return met
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`)

/** Repeat meetings a table would add: for each pair at it, how often they met before. */
const repeatsAt = (table: ReadonlyArray<string>, met: Map<string, number>): number => {
  let n = 0
  for (let i = 0; i < table.length; i++)
    for (let j = i + 1; j < table.length; j++)
      n += met.get(pairKey(table[i] as string, table[j] as string)) ?? 0
  return n
}

/** The tables and byes of the next round. */
export interface Pairing {
  readonly round: number
  readonly tables: ReadonlyArray<Table>
  readonly byes: ReadonlyArray<string>
}

/**
 * Pairs the next round, deterministically from the tournament's pairing seed and its results so far.
 *
 * - Order: Swiss by the standings (round 1: a seeded shuffle); round-robin by a fresh seeded shuffle each
 *   round, so that avoiding repeats is what spreads the meetings.
 * - Byes: when the field does not divide into tables, the lowest in that order with the fewest byes sit out.
 * - Tables are filled greedily: each takes the first free entrant in order and then, one by one, whoever has
 *   met those already seated least often (the earlier in order on a tie). A swap pass then exchanges seats
 *   between tables while that lowers the number of repeat meetings, trying the nearest tables first (Swiss
 *   score groups stay together where they can).
 * - Seat order at each table is a seeded shuffle (no entrant keeps the first seat).
 */
export const pairNextRound = (s: TournamentState): Pairing => {
  const { created } = s
  const round = s.rounds.length + 1
  const random = Random.fromKey(`boroughs/tournament/${created.pairingSeed}/round/${round}`)
  const ids = created.entrants.map((e) => e.id)
  const order =
    created.format === "swiss" && round > 1 ? standingsOf(s).map((x) => x.entrant) : random.shuffle(ids)
  const k = created.tableSize
  const byeCount = order.length % k
  const byesSoFar = new Map<string, number>()
  for (const r of s.rounds) for (const b of r.byes) byesSoFar.set(b, (byesSoFar.get(b) ?? 0) + 1)
  const byes = order
    .map((id, i) => ({ id, i, n: byesSoFar.get(id) ?? 0 }))
    .sort((a, b) => a.n - b.n || b.i - a.i)
    .slice(0, byeCount)
    .map((x) => x.id)
  const playing = order.filter((id) => !byes.includes(id))
  const met = meetingsOf(s)

  const free = [...playing]
  const groups: string[][] = []
  while (free.length > 0) {
    const table = [free.shift() as string]
    while (table.length < k) {
      let best = 0
      let bestCost = Number.POSITIVE_INFINITY
      free.forEach((id, i) => {
        const cost = table.reduce((sum, t) => sum + (met.get(pairKey(id, t)) ?? 0), 0)
        if (cost < bestCost) {
          bestCost = cost
          best = i
        }
      })
      table.push(free.splice(best, 1)[0] as string)
    }
    groups.push(table)
  }

  // One improving swap at a time, nearest tables first (Swiss score groups stay together where they can),
  // until none improves (bounded: each swap lowers a non-negative count).
  const swapOnce = (): boolean => {
    for (let d = 1; d < groups.length; d++)
      for (let a = 0; a + d < groups.length; a++) {
        const b = a + d
        const ta = groups[a] as string[]
        const tb = groups[b] as string[]
        const before = repeatsAt(ta, met) + repeatsAt(tb, met)
        for (let i = 0; i < ta.length; i++)
          for (let j = 0; j < tb.length; j++) {
            const na = ta.map((x, n) => (n === i ? (tb[j] as string) : x))
            const nb = tb.map((x, n) => (n === j ? (ta[i] as string) : x))
            if (repeatsAt(na, met) + repeatsAt(nb, met) < before) {
              groups[a] = na
              groups[b] = nb
              return true
            }
          }
      }
    return false
  }
  while (swapOnce()) {}

  const tables: Table[] = groups.map((g, i) => ({
    table: i + 1,
    gameId: tableGameId(created.tournamentId, round, i + 1),
    entrants: random.shuffle(g),
  }))
  return { round, tables, byes }
}

/** The repeat meetings a pairing adds (0 when every table brings new opponents together). */
export const repeatMeetings = (s: TournamentState, p: Pairing): number => {
  const met = meetingsOf(s)
  return p.tables.reduce((sum, t) => sum + repeatsAt(t.entrants, met), 0)
}
