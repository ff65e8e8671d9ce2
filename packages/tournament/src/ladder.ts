import { ordinal, type Rating, rate, rating } from "openskill"

export type { Rating } from "openskill"

/*
 * The ladder: a standing, rated competition per game that bots opt into. Its stream (`ladder-<game>`) records
 * who entered and left and every table the server started; the games themselves are ordinary games. Ratings
 * and pauses are folded from those events and the games' own (results, clock moves), so they are a projection
 * of the log like everything else: rebuilt from it, they come out the same.
 */

/** The ladder stream of one game. */
export const ladderStream = (game: string): string => `ladder-${game}`

/** A bot token opted in (again): it is paired from now on, and a pause is lifted. */
export interface LadderEntered {
  readonly type: "LadderEntered"
  readonly holder: string
  readonly at: string
}

/** A bot token opted out: it is no longer paired; its rating and results stay. */
export interface LadderLeft {
  readonly type: "LadderLeft"
  readonly holder: string
  readonly at: string
}

/** The server started a rated game: who holds each seat (house bots included) and their ratings then. */
export interface LadderTableStarted {
  readonly type: "LadderTableStarted"
  readonly gameId: string
  readonly holders: ReadonlyArray<string>
  /** Each seat's rating ordinal when paired: why these bots met. */
  readonly ratings: ReadonlyArray<number>
  readonly at: string
}

export type LadderEvent = LadderEntered | LadderLeft | LadderTableStarted

/** Clock moves in a row (a seat's decision the clock made for it) after which a bot is paused. */
export const PAUSE_AFTER_TIMEOUTS = 3

/** Whether a seat holder is the server's own bot: it fills seats and anchors the scale, and is never paired as an entrant. */
export const isHouse = (holder: string): boolean => holder.startsWith("builtin:")

/** The rating a newcomer starts with (openskill's default: μ 25, σ 25/3). */
export const newRating = (): Rating => rating()

/**
 * The house bots' fixed rating: μ 25 with a small σ, so the entrants' ratings are measured against a reference
 * that does not drift as the entrants come and go.
 */
export const HOUSE_RATING: Rating = Object.freeze(rating({ mu: 25, sigma: 1 }))

/** What the table shows and the pairing sorts by: μ − 3σ, rounded to two decimals. */
export const ladderScore = (r: Rating): number => Math.round(ordinal(r) * 100) / 100

/**
 * Every seat's rating after one game, from its ranks (1 = first; ties share a rank). The house bots' ratings
 * come back unchanged: they anchor the scale.
 */
export const rateLadderGame = (
  holders: ReadonlyArray<string>,
  before: ReadonlyArray<Rating>,
  ranks: ReadonlyArray<number>,
): Rating[] => {
  const rated = rate(
    before.map((r) => [r]),
    { rank: [...ranks] },
  )
  return holders.map((holder, seat) =>
    isHouse(holder) ? (before[seat] as Rating) : (rated[seat]?.[0] ?? (before[seat] as Rating)),
  )
}

/** An entrant free to play now, with its score. */
export interface Free {
  readonly holder: string
  readonly score: number
}

/**
 * Tables for the free entrants: sorted by score (best first, then by name, so the same entrants always make
 * the same tables), cut into tables of `size`, the last one filled with house bots. Neighbours in the
 * ranking meet, which is what keeps the ratings informative. `seatOrder` arranges each table's seats (the
 * scheduler shuffles them: nobody should always move first).
 */
export const pairLadder = (
  free: ReadonlyArray<Free>,
  size: number,
  house: ReadonlyArray<string>,
  seatOrder: (holders: ReadonlyArray<string>) => ReadonlyArray<string> = (h) => h,
): ReadonlyArray<ReadonlyArray<string>> => {
  if (house.length === 0) throw new Error("the ladder needs at least one house bot to fill seats")
  const sorted = [...free].sort((a, b) => b.score - a.score || (a.holder < b.holder ? -1 : 1))
  const tables: Array<ReadonlyArray<string>> = []
  for (let i = 0; i < sorted.length; i += size) {
    const holders = sorted.slice(i, i + size).map((f) => f.holder)
    for (let h = 0; holders.length < size; h++) holders.push(house[h % house.length] as string)
    tables.push(seatOrder(holders))
  }
  return tables
}
