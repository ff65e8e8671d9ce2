import type { Names, SeatInfo } from "./types.js"

/** The name shown for a seat: the page's name for it, else "Seat N" (1-based, as people count). */
export const seatName = (seats: ReadonlyArray<SeatInfo>, seat: number): string =>
  seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`

/**
 * Seat names: the display name the game gives a seat (a tournament's entrant, a name the organiser chose),
 * else its holder's (`bot:heuristic` → "heuristic"), else "Seat N" where nobody holds it.
 */
export const seatInfos = (
  players: ReadonlyArray<string | null>,
  names: ReadonlyArray<string | null> = [],
): SeatInfo[] =>
  players.map((holder, seat) => ({
    seat,
    name: names[seat] ?? (holder === null ? `Seat ${seat + 1}` : (holder.split(":")[1] ?? holder)),
  }))

/**
 * A game page's document title: "Downtown · ada vs ben · move 120" (the move left out when none is given),
 * so tabs and shared links say which game and which position.
 */
export const pageTitle = (
  gameTitle: string,
  seats: ReadonlyArray<SeatInfo>,
  version: number | null = null,
): string =>
  [gameTitle, seats.map((s) => s.name).join(" vs "), ...(version === null ? [] : [`move ${version}`])].join(
    " · ",
  )

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export const listWords = (words: ReadonlyArray<string>): string =>
  words.length <= 1
    ? (words[0] ?? "nobody")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`

/** A narrator's naming helpers for these seats. */
export const namesFor = (seats: ReadonlyArray<SeatInfo>): Names => ({
  seat: (seat) => seatName(seats, seat),
  list: (list) => listWords(list.map((s) => seatName(seats, s))),
  count: seats.length,
})

/** "1 space", "2 spaces". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`

/** "a Park", "an Industry": the indefinite article a word takes (by its first letter: enough for our words). */
export const withArticle = (word: string): string => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`

/** "$5", "−$3". */
export const money = (n: number): string => (n < 0 ? `−$${-n}` : `$${n}`)

/** "+2", "−1", "0". */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0")

/** "Housing" from "housing"; "One more round" from "one-more-round". */
export const capitalise = (word: string): string => {
  const spaced = word.replace(/[-_]/g, " ")
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

/** 1st, 2nd, 3rd, 4th… */
export const ordinal = (n: number): string => {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")
  return `${n}${suffix}`
}
