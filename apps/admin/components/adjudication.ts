/** One seat's entry in the adjudication form, as typed. */
export interface SeatEntry {
  readonly rank: string
  readonly score: string
}

export type Adjudication =
  | { readonly ok: true; readonly ranks: ReadonlyArray<number>; readonly scores: ReadonlyArray<number> }
  | { readonly ok: false; readonly problems: ReadonlyArray<string> }

/** Competition ranking ("1224"): a seat's rank is one more than the seats strictly ahead of it. */
export const competitionRanks = (ranks: ReadonlyArray<number>): number[] =>
  ranks.map((rank) => 1 + ranks.filter((other) => other < rank).length)

/** Ranks from scores, the higher score ahead, ties sharing a rank (as the games rank their results). */
export const ranksFromScores = (scores: ReadonlyArray<number>): number[] =>
  scores.map((score) => 1 + scores.filter((other) => other > score).length)

/**
 * Checks the form before anything is sent. The server takes any ranks of 1 or more, one per score; the
 * form holds the organiser to what a game's own result looks like: every seat ranked from 1 to the number
 * of seats, tied seats sharing a rank and the next rank skipping (1, 1, 3), and every score a number.
 * Seats are named from 1, as on the spectator site.
 */
export const checkAdjudication = (entries: ReadonlyArray<SeatEntry>): Adjudication => {
  const problems: string[] = []
  const seats = entries.length
  const ranks: number[] = []
  const scores: number[] = []
  entries.forEach((entry, seat) => {
    const name = `Seat ${seat + 1}`
    const rank = entry.rank.trim()
    if (rank === "") problems.push(`${name}: enter a rank.`)
    else if (!/^\d+$/.test(rank) || Number(rank) < 1 || Number(rank) > seats)
      problems.push(`${name}: the rank must be a whole number from 1 to ${seats}.`)
    else ranks.push(Number(rank))
    const score = entry.score.trim()
    if (score === "") problems.push(`${name}: enter a score.`)
    else if (!Number.isFinite(Number(score))) problems.push(`${name}: the score must be a number.`)
    else scores.push(Number(score))
  })
  if (problems.length > 0) return { ok: false, problems }
  const consistent = competitionRanks(ranks)
  ranks.forEach((rank, seat) => {
    const expected = consistent[seat] as number
    if (rank !== expected) {
      const ahead = expected - 1
      problems.push(
        `Seat ${seat + 1} has rank ${rank}, but ${ahead} ${ahead === 1 ? "seat ranks" : "seats rank"} ahead of it: its rank must be ${expected} (tied seats share a rank and the next rank skips, as in 1, 1, 3).`,
      )
    }
  })
  return problems.length > 0 ? { ok: false, problems } : { ok: true, ranks, scores }
}

/**
 * The form's first entries: the game's current scores when its view shows one number a seat (ranked from
 * them, the higher ahead), else empty for the organiser to fill in.
 */
export const initialEntries = (view: unknown, seats: number): SeatEntry[] => {
  const scores = typeof view === "object" && view !== null ? (view as { scores?: unknown }).scores : undefined
  if (Array.isArray(scores) && scores.length === seats && scores.every((s) => typeof s === "number")) {
    const ranks = ranksFromScores(scores)
    return scores.map((score, seat) => ({ rank: String(ranks[seat]), score: String(score) }))
  }
  return Array.from({ length: seats }, () => ({ rank: "", score: "" }))
}
