import type { LadderGame } from "@boroughs/protocol"

/** How a seat holder reads on the ladder: a bot's name, or the house bot's with "(house)". */
export const holderName = (holder: string): string =>
  holder.startsWith("bot:")
    ? holder.slice("bot:".length)
    : holder.startsWith("builtin:")
      ? `${holder.slice("builtin:".length)} (house)`
      : holder

/** One rated game as one entrant saw it: its rank, the table's size, its score before and after. */
export interface LadderResult {
  readonly gameId: string
  readonly rank: number
  readonly seats: number
  readonly before: number
  readonly after: number
  readonly endedAt: string
}

/** An entrant's finished rated games among `games` (newest first, as the API lists them). */
export const resultsOf = (holder: string, games: ReadonlyArray<LadderGame>): LadderResult[] =>
  games.flatMap((g) => {
    const seat = g.holders.indexOf(holder)
    if (seat < 0 || g.status !== "ended" || g.ranks === null || g.after === null || g.endedAt === null)
      return []
    return [
      {
        gameId: g.gameId,
        rank: g.ranks[seat] as number,
        seats: g.holders.length,
        before: g.before[seat] as number,
        after: g.after[seat] as number,
        endedAt: g.endedAt,
      },
    ]
  })

/** A signed rating change, as the table prints it: "+1.25", "−0.40", "±0". */
export const change = (before: number, after: number): string => {
  const d = Math.round((after - before) * 100) / 100
  return d > 0 ? `+${d.toFixed(2)}` : d < 0 ? `−${Math.abs(d).toFixed(2)}` : "±0"
}

/** The points of a sparkline of scores (oldest first) in a `width`×`height` box, or null under two scores. */
export const sparkline = (scores: ReadonlyArray<number>, width: number, height: number): string | null => {
  if (scores.length < 2) return null
  const lo = Math.min(...scores)
  const hi = Math.max(...scores)
  const span = hi - lo || 1
  return scores
    .map((s, i) => {
      const x = (i / (scores.length - 1)) * width
      const y = height - ((s - lo) / span) * height
      return `${x.toFixed(1)},${y.toFixed(1)}`
    })
    .join(" ")
}
